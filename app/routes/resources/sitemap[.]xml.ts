import type { Route } from "./+types/sitemap[.]xml";
import { PUBLIC_ROUTES } from "~/domain/seo/public-routes";
import { siteOrigin } from "~/lib/site-origin.server";
import { buildSitemapXml } from "~/domain/seo/sitemap";

/** /sitemap.xml: every public page (spec 1 §2), absolute URLs on the site origin (APP_URL). */
export function loader(_args: Route.LoaderArgs) {
  return new Response(buildSitemapXml(siteOrigin(), PUBLIC_ROUTES), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
