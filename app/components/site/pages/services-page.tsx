import { BlockPageHero } from "~/components/cms/block-parts";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { ServicesSection } from "~/components/site/services-section";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES, SHARED_BLOCK_KEYS } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { CmsPageFrame } from "./page-frame";

/** Services (spec 1 §2): title and intro, every published service, the inspection form's place. */
export function ServicesPage({ data, settings }: { data: PageDataOf<"services">; settings: PublicSiteSettings }) {
  const { content } = data;
  return (
    <CmsPageFrame settings={settings}>
      <BlockPageHero block={pageBlock(content, "services-hero", "text")} fallbackTitle={PUBLIC_PAGES.services.name} />
      <ServicesSection
        services={data.services}
        heading={pageBlock(content, SHARED_BLOCK_KEYS.services, "text")}
        phone={settings.phone}
        phoneHref={settings.phoneHref}
        showAllServicesLink={false}
      />
      <InspectionFormPlace settings={settings} block={pageBlock(content, SHARED_BLOCK_KEYS.inspection, "card_grid")} />
    </CmsPageFrame>
  );
}
