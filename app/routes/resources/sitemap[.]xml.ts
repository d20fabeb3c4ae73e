import type { Route } from "./+types/sitemap[.]xml";
import { PUBLIC_ROUTES } from "~/domain/seo/public-routes";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { buildSitemapXml } from "~/domain/seo/sitemap";

/** /sitemap.xml: every public page (spec 1 §2), absolute URLs on APP_URL or the request's origin. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildSitemapXml(siteOrigin(request), PUBLIC_ROUTES), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
