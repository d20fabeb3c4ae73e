import type { Route } from "./+types/gallery";
import { cmsPageMeta } from "./page-meta";
import { GalleryPage } from "~/components/site/pages/gallery-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/** Our Work (spec 1 §2), rendered by GalleryPage from the published CMS content and projects. */

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("gallery", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "gallery");
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The gallery page must render inside the public layout");
  return <GalleryPage data={loaderData} settings={settings} />;
}
