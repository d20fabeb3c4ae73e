import { useRouteLoaderData } from "react-router";
import type { PublicSiteSettings } from "~/domain/site-settings/types";

/** Route id of app/routes/auth/layout.tsx, whose loader returns `{ settings, showAdminLink }`. */
const AUTH_LAYOUT_ROUTE_ID = "routes/auth/layout";

/** The public site settings, in any page under the /auth layout. */
export function useAuthSiteSettings(): PublicSiteSettings | undefined {
  return (useRouteLoaderData(AUTH_LAYOUT_ROUTE_ID) as { settings: PublicSiteSettings } | undefined)?.settings;
}
