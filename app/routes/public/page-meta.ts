import type { MetaDescriptor } from "react-router";
import { contentTokenValues, usesToken } from "~/domain/cms/content-tokens";
import { plainText } from "~/domain/cms/inline-markup";
import { PUBLIC_PAGES, type PublicPageContent, type PublicPageKey } from "~/domain/cms/public-pages";
import { buildPageMeta, type PageMetaInput } from "~/domain/seo/page-meta";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { PUBLIC_LAYOUT_ROUTE_ID } from "~/lib/public-site";

/** The parts of a route's `MetaArgs` this helper reads. */
export interface PublicMetaArgs {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  loaderData?: { origin?: string } | null;
}

/** The public layout's settings, from a meta function's `matches`. */
function settingsFromMatches(matches: PublicMetaArgs["matches"]): PublicSiteSettings | undefined {
  const data = matches.find((match) => match?.id === PUBLIC_LAYOUT_ROUTE_ID)?.loaderData as
    | { settings?: PublicSiteSettings }
    | undefined;
  return data?.settings;
}

/**
 * Title, description, canonical and Open Graph tags of a public page. The
 * page's loader returns `origin` (siteOrigin(): APP_URL, never a request header); `page` may use the
 * settings (e.g. the business name) when they loaded.
 */
function publicPageMeta(
  args: PublicMetaArgs,
  page: (settings: PublicSiteSettings | undefined) => Omit<PageMetaInput, "origin" | "siteName">,
): MetaDescriptor[] {
  const settings = settingsFromMatches(args.matches);
  return buildPageMeta({ ...page(settings), origin: args.loaderData?.origin, siteName: settings?.businessName });
}

/**
 * The meta of a CMS-driven public page (issue 9 item 6) from its published
 * metadata (title, description, ogImage), placeholders filled from the
 * settings. A title that names the business ({businessName}) is used as it
 * is; any other gets " | <business name>". Without published metadata: the
 * page's name and the site's tagline.
 */
export function cmsPageMeta(
  args: PublicMetaArgs & { loaderData?: { origin?: string; content?: Pick<PublicPageContent, "metadata"> } | null },
  pageKey: PublicPageKey,
  extra: Pick<PageMetaInput, "noindex"> = {},
): MetaDescriptor[] {
  return publicPageMeta(args, (settings) => {
    const tokens = settings ? contentTokenValues(settings) : undefined;
    const metadata = args.loaderData?.content?.metadata ?? null;
    const rawTitle = metadata?.title ?? PUBLIC_PAGES[pageKey].name;
    const title = plainText(rawTitle, tokens);
    const description = metadata?.description ? plainText(metadata.description, tokens) : (settings?.tagline ?? "");
    return {
      title,
      ...(usesToken(rawTitle, "businessName") ? { fullTitle: title } : {}),
      description,
      path: PUBLIC_PAGES[pageKey].path,
      ...(metadata?.ogImage ? { ogImage: metadata.ogImage } : {}),
      ...extra,
    };
  });
}

/**
 * The meta of a public page whose texts are written in its code, not in the CMS (the instant estimate):
 * its title (" | <business name>" appended), description and path.
 */
export function staticPageMeta(args: PublicMetaArgs, page: Pick<PageMetaInput, "title" | "description" | "path">): MetaDescriptor[] {
  return publicPageMeta(args, () => page);
}
