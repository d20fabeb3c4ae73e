import type { Route } from "./+types/contact";
import { cmsPageMeta } from "./page-meta";
import { JsonLd } from "~/components/site/json-ld";
import { ContactPage } from "~/components/site/pages/contact-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { buildRoofingContractorJsonLd } from "~/domain/seo/json-ld";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";
import inspectionFormScript from "~/enhance/inspection-form.js?url";

/** Contact (spec 1 §2), rendered by ContactPage from the published CMS content and the settings. */

export const handle: PageScriptsHandle = { scripts: [inspectionFormScript] };

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("contact", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "contact");
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The contact page must render inside the public layout");
  return (
    <>
      <ContactPage data={loaderData} settings={settings} />
      <JsonLd data={buildRoofingContractorJsonLd(settings, loaderData.origin)} />
    </>
  );
}
