import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminHeader } from "~/components/admin/admin-header";
import { FocusKeeper } from "~/components/admin/focus-keeper";
import { ErrorDetails, isNotFoundError } from "~/components/site/error-details";
import { SkipLink } from "~/components/site/skip-link";
import { ErrorMessage, NotFoundMessage } from "~/components/site/status-message";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";

/**
 * The shell of the admin area (/admin/*): the skip link (first focusable element, to `<main>`), the
 * admin header, `<main>`, and the FocusKeeper (focus never falls to the page after a list action).
 * Its loader guards with requireAdmin, but every child route guards its own
 * loader and action too (a parent loader does not run before a child action).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const settings = await getPublicSiteSettings();
  return {
    businessName: settings.businessName,
    user: { firstName: user.firstName, lastName: user.lastName, isSuperAdmin: user.isSuperAdmin },
  };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Admin" }, { name: "robots", content: "noindex" }];
}

function AdminFrame({ businessName, userName, children }: { businessName: string; userName: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <AdminHeader businessName={businessName} userName={userName} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
      <FocusKeeper />
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { businessName, user } = loaderData;
  return (
    <AdminFrame businessName={businessName} userName={`${user.firstName} ${user.lastName}`}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isNotFoundError(error) ? <NotFoundMessage /> : <ErrorMessage details={<ErrorDetails error={error} />} />;
  return <div className="min-h-screen bg-slate-50">{message}</div>;
}
