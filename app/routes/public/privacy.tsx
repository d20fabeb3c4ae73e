import type { Route } from "./+types/privacy";
import { cmsPageMeta } from "./page-meta";
import { LegalContentPage } from "~/components/site/pages/legal-content-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/**
 * Privacy policy: legal text from the published CMS blocks (privacy-hero, privacy-updated and the
 * numbered privacy-<n>-<name> sections); the business's name and contact details are filled from the settings.
 */

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("privacy", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "privacy");
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The privacy page must render inside the public layout");
  return <LegalContentPage data={loaderData} settings={settings} />;
}
