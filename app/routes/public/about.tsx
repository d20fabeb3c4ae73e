import type { Route } from "./+types/about";
import { cmsPageMeta } from "./page-meta";
import { AboutPage } from "~/components/site/pages/about-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { usePublicSiteSettings } from "~/lib/public-site";
import reviewsScript from "~/enhance/reviews.js?url";
import inspectionFormScript from "~/enhance/inspection-form.js?url";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";

/** About (spec 1 §2), rendered by AboutPage from the published CMS content, leaders and reviews. */

export const handle: PageScriptsHandle = { scripts: [reviewsScript, inspectionFormScript] };

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("about", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "about");
}

export default function About({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The about page must render inside the public layout");
  return <AboutPage data={loaderData} settings={settings} />;
}
