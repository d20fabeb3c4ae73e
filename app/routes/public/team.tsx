import type { Route } from "./+types/team";
import { cmsPageMeta } from "./page-meta";
import { TeamPage } from "~/components/site/pages/team-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/** Team (spec 1 §2), rendered by TeamPage from the published CMS content and leaders. */

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("team", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "team");
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The team page must render inside the public layout");
  return <TeamPage data={loaderData} settings={settings} />;
}
