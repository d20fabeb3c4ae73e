import { LogOut } from "lucide-react";
import { Form, Link, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { FocusKeeper } from "~/components/admin/focus-keeper";
import { forgetKeptDrafts } from "~/components/portal/kept-drafts";
import { Button } from "~/components/ui/button";
import { ErrorDetails, isNotFoundError } from "~/components/site/error-details";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SkipLink } from "~/components/site/skip-link";
import { StandalonePage } from "~/components/site/standalone-page";
import { ErrorMessage, NotFoundMessage } from "~/components/site/status-message";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import siteScript from "~/enhance/site.js?url";

/**
 * The homeowner's portal (/portal/*, issue 22; ADR 044): the public header and footer around the
 * customer's own pages, server-rendered and hydrated like /auth. The loader guards with requireCustomer,
 * and every child loader and action guards itself and scopes the request to the customer's own leads.
 */

export const handle: PageScriptsHandle = { scripts: [siteScript] };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const settings = await getPublicSiteSettings();
  // The account's id keys the unsent text its browser keeps (kept-drafts.ts): another account's is not restored.
  return { settings, firstName: user.firstName, isAdmin: user.isAdmin, userId: user.id };
}

export function headers() {
  // Personal pages: never stored by a browser or a proxy.
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Your requests" }, { name: "robots", content: "noindex" }];
}

function PortalShell({ settings, isAdmin, children }: { settings: PublicSiteSettings; isAdmin: boolean; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader settings={settings} showAdminLink={isAdmin} />
      <div aria-hidden="true" className="h-(--header-height) shrink-0 bg-brand-navy-dark" />
      <main id="main" tabIndex={-1} className="flex-1 bg-brand-cream outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} />
      <FocusKeeper />
    </div>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PortalShell settings={loaderData.settings} isAdmin={loaderData.isAdmin}>
      <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
        <nav aria-label="Portal" className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 pb-4">
          <Link to="/portal" className="inline-flex min-h-11 items-center font-semibold text-brand-navy underline-offset-4 hover:underline">
            Your requests
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-slate-700">Signed in as {loaderData.firstName}</span>
            <Form method="post" action="/auth/sign-out" onSubmit={forgetKeptDrafts}>
              <Button type="submit" variant="outline" size="sm">
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            </Form>
          </div>
        </nav>
        <Outlet />
      </div>
    </PortalShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A child's failure keeps the layout's data; the layout's own failure shows the page without the frame.
  const settings = (useRouteLoaderData("routes/portal/layout") as { settings: PublicSiteSettings } | undefined)?.settings;
  const message = isNotFoundError(error) ? <NotFoundMessage /> : <ErrorMessage details={<ErrorDetails error={error} />} />;
  if (!settings) return <StandalonePage>{message}</StandalonePage>;
  return (
    <PortalShell settings={settings} isAdmin={false}>
      {message}
    </PortalShell>
  );
}
