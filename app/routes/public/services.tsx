import type { Route } from "./+types/services";
import { publicPageMeta } from "./page-meta";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { PageHero } from "~/components/site/page-hero";
import { ServicesSection } from "~/components/site/services-section";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { listPublishedServices } from "~/domain/services/list-published-services.server";
import { usePublicSiteSettings } from "~/lib/public-site";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";
import inspectionFormScript from "~/enhance/inspection-form.js?url";

/** Services (spec 1 §2): title and intro, every published service, the inspection form's place. */

export const handle: PageScriptsHandle = { scripts: [inspectionFormScript] };

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request), services: await listPublishedServices() };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, () => ({
    title: "Roofing Services in Central Ohio",
    description:
      "Free roof inspections and estimates, insurance-claim support, storm restoration, roof repairs, full roof replacement, siding and gutters for central Ohio homes and businesses.",
    path: "/services",
  }));
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The services page must render inside the public layout");
  return (
    <>
      <PageHero eyebrow="Roofing & storm restoration" title="Our Services">
        <p>
          From a free inspection after a storm to a complete roof replacement, {settings.businessName} handles the whole
          job with our own trained crews: clear estimates, clean job sites and work we stand behind.
        </p>
      </PageHero>
      <ServicesSection
        services={loaderData.services}
        phone={settings.phone}
        phoneHref={settings.phoneHref}
        showAllServicesLink={false}
      />
      <InspectionFormPlace settings={settings} />
    </>
  );
}
