import { config } from "~/config.server";

/**
 * The site's public origin for absolute URLs (canonical links, Open Graph,
 * sitemap, robots.txt, JSON-LD): APP_URL's origin when it is set, otherwise
 * the origin the request came in on (Express derives it from the Host header
 * and, behind a trusted proxy, X-Forwarded-Proto).
 */
export function siteOrigin(request: Request): string {
  const appUrl = config().APP_URL;
  if (appUrl) return new URL(appUrl).origin;
  return new URL(request.url).origin;
}
