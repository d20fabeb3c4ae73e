import type { Route } from "./+types/services";
import { cmsPageMeta } from "./page-meta";
import { ServicesPage } from "~/components/site/pages/services-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";
import inspectionFormScript from "~/enhance/inspection-form.js?url";

/** Services (spec 1 §2), rendered by ServicesPage from the published CMS content and services. */

export const handle: PageScriptsHandle = { scripts: [inspectionFormScript] };

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("services", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "services");
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The services page must render inside the public layout");
  return <ServicesPage data={loaderData} settings={settings} />;
}
