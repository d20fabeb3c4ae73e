import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { useAuthSiteSettings } from "~/components/admin/use-auth-site-settings";
import { ErrorDetails, isNotFoundError } from "~/components/site/error-details";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SkipLink } from "~/components/site/skip-link";
import { StandalonePage } from "~/components/site/standalone-page";
import { ErrorMessage, NotFoundMessage } from "~/components/site/status-message";
import { getSessionUser } from "~/domain/accounts/session.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import siteScript from "~/enhance/site.js?url";

/**
 * Frame of /auth and the account-email pages: the public header and footer,
 * but hydrated (the public layout is static HTML, ADR 007; these forms show
 * "Loading..." and toasts). No caching: answers depend on the session.
 */

/**
 * The public header's behaviours (scrolled state, mobile menu) come from the same script as on the public
 * pages: the header is the same markup and has no React handlers. Without it, the menu button would fall
 * back to its no-JavaScript form and reload the page, losing a reset link's token or the sign-up mode.
 */
export const handle: PageScriptsHandle = { scripts: [siteScript] };

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, user] = await Promise.all([getPublicSiteSettings(), getSessionUser(request)]);
  return { settings, showAdminLink: Boolean(user && user.status === "approved" && user.isAdmin) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function AuthShell({ settings, showAdminLink, children }: { settings: PublicSiteSettings; showAdminLink: boolean; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader settings={settings} showAdminLink={showAdminLink} />
      <div aria-hidden="true" className="h-(--header-height) shrink-0 bg-brand-navy-dark" />
      <main id="main" tabIndex={-1} className="flex-1 bg-brand-cream outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} />
    </div>
  );
}

export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell settings={loaderData.settings} showAdminLink={loaderData.showAdminLink}>
      <Outlet />
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = useAuthSiteSettings();
  const message = isNotFoundError(error) ? <NotFoundMessage /> : <ErrorMessage details={<ErrorDetails error={error} />} />;
  if (!settings) return <StandalonePage>{message}</StandalonePage>;
  return (
    <AuthShell settings={settings} showAdminLink={false}>
      {message}
    </AuthShell>
  );
}
