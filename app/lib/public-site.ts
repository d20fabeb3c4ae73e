import { useRouteLoaderData } from "react-router";
import type { PublicSiteSettings } from "~/domain/site-settings/types";

/** Route id of app/routes/public/layout.tsx, whose loader returns `{ settings }`. */
export const PUBLIC_LAYOUT_ROUTE_ID = "routes/public/layout";

/**
 * `handle` of a public route. `heroUnderHeader: true` lets the page's first
 * section sit under the translucent fixed header (the home hero); other pages
 * start below the header, on a navy band of its height.
 */
export interface PublicRouteHandle {
  heroUnderHeader?: boolean;
}

/** The public site settings, in any component rendered inside the public layout. */
export function usePublicSiteSettings(): PublicSiteSettings | undefined {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ROUTE_ID) as { settings: PublicSiteSettings } | undefined;
  return data?.settings;
}
