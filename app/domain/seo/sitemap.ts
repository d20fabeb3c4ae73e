import { absoluteUrl } from "~/lib/url-safety";
import type { PublicRoute } from "./public-routes";

/** Escapes text for an XML element or attribute. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The sitemaps.org XML of `routes` on `origin`. */
export function buildSitemapXml(origin: string, routes: readonly PublicRoute[]): string {
  const urls = routes.map(
    (route) =>
      `  <url>\n` +
      `    <loc>${escapeXml(absoluteUrl(origin, route.path))}</loc>\n` +
      `    <changefreq>${route.changefreq}</changefreq>\n` +
      `    <priority>${route.priority.toFixed(1)}</priority>\n` +
      `  </url>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

/** robots.txt: everything but `disallowed` may be crawled; points at the sitemap. */
export function buildRobotsTxt(origin: string, disallowed: readonly string[]): string {
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
