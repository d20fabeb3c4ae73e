import type { Route } from "./+types/home";
import { cmsPageMeta } from "./page-meta";
import { JsonLd } from "~/components/site/json-ld";
import { HomePage } from "~/components/site/pages/home-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { buildRoofingContractorJsonLd } from "~/domain/seo/json-ld";
import { siteOrigin } from "~/lib/site-origin.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { type PublicRouteHandle, usePublicSiteSettings } from "~/lib/public-site";
import dialogsScript from "~/enhance/dialogs.js?url";
import reviewsScript from "~/enhance/reviews.js?url";
import inspectionFormScript from "~/enhance/inspection-form.js?url";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";

/**
 * Home (spec 1 §2), rendered by HomePage from the published CMS content
 * (app/domain/cms/public-pages.ts) and the published services (featured),
 * leaders and reviews.
 */

export const handle: PublicRouteHandle & PageScriptsHandle = {
  heroUnderHeader: true,
  scripts: [dialogsScript, reviewsScript, inspectionFormScript],
};

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("home", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "home");
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The home page must render inside the public layout");
  return (
    <>
      <HomePage data={loaderData} settings={settings} />
      <JsonLd data={buildRoofingContractorJsonLd(settings, loaderData.origin)} />
    </>
  );
}
