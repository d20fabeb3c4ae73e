import type { Route } from "./+types/home";
import { publicPageMeta } from "./page-meta";
import { AccreditationDialog } from "~/components/site/accreditation-dialog";
import { CertificationDialog } from "~/components/site/certification-dialog";
import { HERO_HEADING_ID, HomeHero } from "~/components/site/home-hero";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { InsuranceClaimsSection } from "~/components/site/insurance-claims-section";
import { JsonLd } from "~/components/site/json-ld";
import { PartnershipSection } from "~/components/site/partnership-section";
import { REVIEWS_PAGE_PARAM, ReviewsSection } from "~/components/site/reviews-section";
import { ServicesSection } from "~/components/site/services-section";
import { TeamSection } from "~/components/site/team-section";
import { listPublicReviews } from "~/domain/reviews/list-public-reviews.server";
import { pageCount, pageFromSearchParam } from "~/domain/reviews/paging";
import { buildRoofingContractorJsonLd } from "~/domain/seo/json-ld";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { HOME_SERVICE_COUNT, listPublishedServices } from "~/domain/services/list-published-services.server";
import { listLeadershipTeam } from "~/domain/team/list-leadership-team.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { type PublicRouteHandle, usePublicSiteSettings } from "~/lib/public-site";
import dialogsScript from "~/enhance/dialogs.js?url";
import reviewsScript from "~/enhance/reviews.js?url";
import inspectionFormScript from "~/enhance/inspection-form.js?url";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";

/**
 * Home (spec 1 §2): hero with the two badges and their dialogs, services,
 * manufacturer partnership, insurance claims, team (#team), reviews, the
 * inspection form's place.
 */

export const handle: PublicRouteHandle & PageScriptsHandle = {
  heroUnderHeader: true,
  scripts: [dialogsScript, reviewsScript, inspectionFormScript],
};

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  const [services, team, reviews] = await Promise.all([
    listPublishedServices({ limit: HOME_SERVICE_COUNT }),
    listLeadershipTeam(),
    listPublicReviews(),
  ]);
  const reviewsPage = pageFromSearchParam(new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM), pageCount(reviews.length));
  return { origin: siteOrigin(request), services, team, reviews, reviewsPage };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, (settings) => {
    const name = settings?.businessName;
    return {
      title: "Veteran-Owned Roofing Contractor in Central Ohio",
      fullTitle: name
        ? `${name} | Veteran-Owned Roofing Contractor in Central Ohio`
        : "Veteran-Owned Roofing Contractor in Central Ohio",
      description: `${name ? `${name} is a veteran-owned` : "Veteran-owned"} roofing contractor serving Columbus and central Ohio: free roof inspections, storm restoration, insurance-claim support, repairs and full roof replacement.`,
      path: "/",
    };
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The home page must render inside the public layout");
  return (
    <>
      <HomeHero settings={settings} />
      <AccreditationDialog accreditation={settings.accreditation} returnTo={HERO_HEADING_ID} />
      <CertificationDialog certification={settings.certification} returnTo={HERO_HEADING_ID} />
      <ServicesSection services={loaderData.services} phone={settings.phone} phoneHref={settings.phoneHref} />
      <PartnershipSection settings={settings} />
      <InsuranceClaimsSection phone={settings.phone} phoneHref={settings.phoneHref} />
      <TeamSection members={loaderData.team} />
      <ReviewsSection reviews={loaderData.reviews} initialPage={loaderData.reviewsPage} />
      <InspectionFormPlace settings={settings} />
      <JsonLd data={buildRoofingContractorJsonLd(settings, loaderData.origin)} />
    </>
  );
}
