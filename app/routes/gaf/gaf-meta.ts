import type { MetaDescriptor } from "react-router";
import { buildPageMeta } from "~/domain/seo/page-meta";
import { PUBLIC_LAYOUT_ROUTE_ID } from "~/lib/public-site";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * Title, description, canonical and Open Graph tags of a GAF portal page
 * (the shared SEO helper), with the business name from the public layout's
 * settings. `origin` comes from the page's loader (`siteOrigin()`: APP_URL, never a request header).
 */
export function gafPageMeta({
  matches,
  origin,
  path,
  title,
  description,
}: {
  matches: readonly (MatchLike | undefined)[];
  origin: string | undefined;
  path: string;
  title: string;
  description: string;
}): MetaDescriptor[] {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ROUTE_ID);
  const siteName = (layout?.loaderData as { settings?: { businessName?: string } } | undefined)?.settings?.businessName;
  return buildPageMeta({ title, description, path, origin, siteName });
}
