import type { Route } from "./+types/robots[.]txt";
import { DISALLOWED_PATHS } from "~/domain/seo/public-routes";
import { siteOrigin } from "~/lib/site-origin.server";
import { buildRobotsTxt } from "~/domain/seo/sitemap";

/** /robots.txt: crawlers stay out of /admin, /auth, /api and /portal; points at the sitemap. */
export function loader(_args: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(siteOrigin(), DISALLOWED_PATHS), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
