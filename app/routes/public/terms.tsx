import type { Route } from "./+types/terms";
import { cmsPageMeta } from "./page-meta";
import { LegalContentPage } from "~/components/site/pages/legal-content-page";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/**
 * Terms of service: legal text from the published CMS blocks (terms-hero, terms-updated and the
 * numbered terms-<n>-<name> sections); the business's name and contact details are filled from the settings.
 */

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(), ...(await loadPublicPageData("terms", request)) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return cmsPageMeta(args, "terms");
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The terms page must render inside the public layout");
  return <LegalContentPage data={loaderData} settings={settings} />;
}
