import { AccreditationDialog } from "~/components/site/accreditation-dialog";
import { CertificationDialog } from "~/components/site/certification-dialog";
import { HERO_HEADING_ID, HomeHero } from "~/components/site/home-hero";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { InsuranceClaimsSection } from "~/components/site/insurance-claims-section";
import { PartnershipSection } from "~/components/site/partnership-section";
import { ReviewsSection } from "~/components/site/reviews-section";
import { ServicesSection } from "~/components/site/services-section";
import { TeamSection } from "~/components/site/team-section";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, SHARED_BLOCK_KEYS } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { CmsPageFrame } from "./page-frame";

/**
 * Home (spec 1 §2): hero with the two badges and their dialogs, services,
 * manufacturer partnership, insurance claims, team (#team), reviews, the
 * inspection form's place. Texts from the CMS blocks of public-pages.ts.
 */
export function HomePage({ data, settings }: { data: PageDataOf<"home">; settings: PublicSiteSettings }) {
  const { content } = data;
  const partnership = pageBlock(content, "home-partnership", "list");
  const insurance = pageBlock(content, "home-insurance", "card_grid");
  return (
    <CmsPageFrame settings={settings}>
      <HomeHero
        settings={settings}
        hero={pageBlock(content, "home-hero", "text")}
        facts={pageBlock(content, "home-hero-facts", "feature_grid")}
      />
      <AccreditationDialog accreditation={settings.accreditation} returnTo={HERO_HEADING_ID} />
      <CertificationDialog certification={settings.certification} returnTo={HERO_HEADING_ID} />
      <ServicesSection
        services={data.services}
        heading={pageBlock(content, SHARED_BLOCK_KEYS.services, "text")}
        phone={settings.phone}
        phoneHref={settings.phoneHref}
      />
      {partnership && (
        <PartnershipSection settings={settings} block={partnership} card={pageBlock(content, "home-partnership-card", "feature_grid")} />
      )}
      {insurance && <InsuranceClaimsSection block={insurance} phone={settings.phone} phoneHref={settings.phoneHref} />}
      <TeamSection members={data.team} heading={pageBlock(content, SHARED_BLOCK_KEYS.team, "text")} />
      <ReviewsSection reviews={data.reviews} heading={pageBlock(content, SHARED_BLOCK_KEYS.reviews, "text")} initialPage={data.reviewsPage} />
      <InspectionFormPlace settings={settings} block={pageBlock(content, SHARED_BLOCK_KEYS.inspection, "card_grid")} />
    </CmsPageFrame>
  );
}
