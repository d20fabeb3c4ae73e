import type * as React from "react";
import { Outlet, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { ErrorDetails, isNotFoundError } from "~/components/site/error-details";
import { IconSprite } from "~/components/site/icons";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SkipLink } from "~/components/site/skip-link";
import { StandalonePage } from "~/components/site/standalone-page";
import { ErrorMessage, NotFoundMessage } from "~/components/site/status-message";
import { getSessionUser } from "~/domain/accounts/session.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { type PublicRouteHandle, usePublicSiteSettings } from "~/lib/public-site";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import siteScript from "~/enhance/site.js?url";

/** Public pages are plain server-rendered HTML plus small enhancement scripts (ADR 007). */
export const handle: PageScriptsHandle = { hydrate: false, scripts: [siteScript] };

/** Layout of every public page: skip link, fixed header, `<main id="main">`, footer. */

export async function loader({ request }: Route.LoaderArgs) {
  // No session cookie: no database query (and the page stays cacheable for anonymous visitors).
  const [settings, user] = await Promise.all([getPublicSiteSettings(), getSessionUser(request)]);
  return {
    settings,
    showAdminLink: Boolean(user && user.status === "approved" && user.isAdmin),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData?.settings.businessName;
  const suffix = name ? ` | ${name}` : "";
  if (error) {
    return [
      { title: `${isNotFoundError(error) ? "Page not found" : "Something went wrong"}${suffix}` },
      { name: "robots", content: "noindex" },
    ];
  }
  return [{ title: name ? `${name} | Veteran-Owned Roofing in Central Ohio` : "Veteran-Owned Roofing in Central Ohio" }];
}

interface PublicShellProps {
  settings: PublicSiteSettings;
  /** The header's Admin link, for signed-in admins (decided by the loader). */
  showAdminLink?: boolean;
  /** An error message replaces the page: never put it under the header. */
  isError?: boolean;
  children: React.ReactNode;
}

function PublicShell({ settings, showAdminLink = false, isError = false, children }: PublicShellProps) {
  const matches = useMatches();
  const heroUnderHeader =
    !isError && matches.some((match) => (match.handle as PublicRouteHandle | undefined)?.heroUnderHeader);
  return (
    <div className="flex min-h-screen flex-col">
      {/* The page's icons are drawn once each, from a sprite after the footer. */}
      <IconSprite>
        <SkipLink />
        <SiteHeader settings={settings} showAdminLink={showAdminLink} />
        {!heroUnderHeader && <div aria-hidden="true" className="h-(--header-height) shrink-0 bg-brand-navy-dark" />}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter settings={settings} />
      </IconSprite>
    </div>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PublicShell settings={loaderData.settings} showAdminLink={loaderData.showAdminLink}>
      <Outlet />
    </PublicShell>
  );
}

/**
 * Errors of public pages keep the header and footer when the settings loaded
 * (a page's loader threw); without them (this layout's loader failed) the
 * message shows in a minimal frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = usePublicSiteSettings();
  const message = isNotFoundError(error) ? <NotFoundMessage /> : <ErrorMessage details={<ErrorDetails error={error} />} />;
  if (!settings) return <StandalonePage>{message}</StandalonePage>;
  return (
    <PublicShell settings={settings} isError>
      {message}
    </PublicShell>
  );
}
