import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "~/lib/url-safety";

/** The default Open Graph image: a 1200x630 PNG (a rendering of default.svg, which social sites don't accept). */
export const OG_IMAGE = {
  path: "/images/og/default.png",
  width: 1200,
  height: 630,
  type: "image/png",
} as const;

export interface PageMetaInput {
  /** The page's own title, e.g. "Our Work"; the site name is appended. */
  title: string;
  /** Used as given (no site name appended), e.g. for the home page. */
  fullTitle?: string;
  description: string;
  /** The route's path, e.g. "/gallery" (never the request's: no query strings in canonical URLs). */
  path: string;
  /** Absolute origin (siteOrigin(): APP_URL), from the page's loader; without it no absolute URLs are emitted. */
  origin?: string;
  siteName?: string;
  ogType?: "website" | "article";
  /** Pages that must stay out of search results. */
  noindex?: boolean;
  /** The page's own social image (a site path or an http(s) address); default OG_IMAGE. */
  ogImage?: string;
}

/**
 * Title, description, canonical link and Open Graph / Twitter card tags of a
 * public page.
 */
export function buildPageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.fullTitle ?? (input.siteName ? `${input.title} | ${input.siteName}` : input.title);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: input.fullTitle ?? input.title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.siteName) meta.push({ property: "og:site_name", content: input.siteName });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  if (input.origin) {
    const url = absoluteUrl(input.origin, input.path);
    meta.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
    if (input.ogImage) {
      // A page's own image: its size and type are not known here, so only its address and a description.
      meta.push(
        { property: "og:image", content: absoluteUrl(input.origin, input.ogImage) },
        { property: "og:image:alt", content: input.fullTitle ?? input.title },
      );
    } else {
      meta.push(
        { property: "og:image", content: absoluteUrl(input.origin, OG_IMAGE.path) },
        { property: "og:image:type", content: OG_IMAGE.type },
        { property: "og:image:width", content: String(OG_IMAGE.width) },
        { property: "og:image:height", content: String(OG_IMAGE.height) },
        { property: "og:image:alt", content: input.siteName ? `${input.siteName} logo and tagline` : "Company logo and tagline" },
      );
    }
  }
  return meta;
}
