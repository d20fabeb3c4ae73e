import type { MetaDescriptor } from "react-router";
import { buildPageMeta, type PageMetaInput } from "~/domain/seo/page-meta";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { PUBLIC_LAYOUT_ROUTE_ID } from "~/lib/public-site";

/** The parts of a route's `MetaArgs` this helper reads. */
export interface PublicMetaArgs {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  loaderData?: { origin?: string } | null;
}

/** The public layout's settings, from a meta function's `matches`. */
export function settingsFromMatches(matches: PublicMetaArgs["matches"]): PublicSiteSettings | undefined {
  const data = matches.find((match) => match?.id === PUBLIC_LAYOUT_ROUTE_ID)?.loaderData as
    | { settings?: PublicSiteSettings }
    | undefined;
  return data?.settings;
}

/**
 * Title, description, canonical and Open Graph tags of a public page. The
 * page's loader returns `origin` (siteOrigin(request)); `page` may use the
 * settings (e.g. the business name) when they loaded.
 */
export function publicPageMeta(
  args: PublicMetaArgs,
  page: (settings: PublicSiteSettings | undefined) => Omit<PageMetaInput, "origin" | "siteName">,
): MetaDescriptor[] {
  const settings = settingsFromMatches(args.matches);
  return buildPageMeta({ ...page(settings), origin: args.loaderData?.origin, siteName: settings?.businessName });
}
