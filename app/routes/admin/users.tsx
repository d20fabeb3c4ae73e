import { useEffect } from "react";
import { data, Link, useNavigation, useRouteError } from "react-router";
import type { Route } from "./+types/users";
import { AdminPage } from "~/components/admin/admin-page";
import { FormMessage } from "~/components/admin/form-message";
import { useHydrated } from "~/components/admin/use-hydrated";
import { UsersTable, type ActionToast } from "~/components/admin/users-table";
import { toast } from "~/components/ui/toast";
import { STATUS_LABELS, STATUS_OPTIONS, type UserStatus } from "~/domain/accounts/constants";
import { requireSuperAdmin } from "~/domain/accounts/guards.server";
import { assignRole, countUsersByStatus, listUsers, removeRole, setUserStatus } from "~/domain/accounts/users.server";
import { formValues, userAdminActionSchema } from "~/domain/accounts/validation";
import { cn } from "~/lib/cn";
import { logger } from "~/lib/logger.server";

/**
 * /admin/users (spec 1 §2 "User Management", super admins only): every
 * account with its status and roles; set the status, assign or remove a role.
 * Beyond the spec: filter by status, pending accounts first, remove a role;
 * rejecting a user or removing a role ends that user's sessions.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireSuperAdmin(request);
  const requested = new URL(request.url).searchParams.get("status");
  const status = (STATUS_OPTIONS as readonly string[]).includes(requested ?? "") ? (requested as UserStatus) : null;
  try {
    const [users, counts] = await Promise.all([listUsers({ status: status ?? undefined }), countUsersByStatus()]);
    return {
      currentUserId: actor.id,
      status,
      counts,
      users: users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    };
  } catch (error) {
    logger.error({ err: error }, "loading the user list failed");
    throw data({ message: "Failed to load users" }, { status: 500 });
  }
}

const FAILURE_TEXT = {
  "set-status": "Failed to update user status",
  "assign-role": "Failed to assign role",
  "remove-role": "Failed to remove role",
} as const;

function result(toastValue: ActionToast, status = 200) {
  return data({ toast: toastValue }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireSuperAdmin(request);
  let values: Record<string, string>;
  try {
    values = formValues(await request.formData());
  } catch {
    return result({ variant: "error", title: "Error", text: "The form could not be read." }, 400);
  }
  const intent = values.intent ?? "";
  // Own keys only: an intent named "constructor" or "__proto__" must not read Object.prototype.
  const failure = Object.hasOwn(FAILURE_TEXT, intent) ? FAILURE_TEXT[intent as keyof typeof FAILURE_TEXT] : "The change could not be made";
  const parsed = userAdminActionSchema.safeParse(values);
  if (!parsed.success) {
    return result({ variant: "error", title: "Error", text: `${failure}: ${parsed.error.issues[0]?.message ?? "invalid input"}` }, 400);
  }
  const change = parsed.data;
  try {
    if (change.intent === "set-status") {
      const outcome = await setUserStatus(actor, change.userId, change.status, request);
      if (!outcome.ok) {
        const why = outcome.reason === "own_account" ? "you cannot change the status of your own account." : "this user no longer exists.";
        return result({ variant: "error", title: "Error", text: `${failure}: ${why}` }, outcome.reason === "own_account" ? 403 : 404);
      }
      return result({ variant: "success", title: "Success", text: `User status updated to ${change.status}` });
    }
    if (change.intent === "assign-role") {
      const outcome = await assignRole(actor, change.userId, change.role, request);
      if (!outcome.ok) {
        if (outcome.reason === "email_not_verified") {
          return result({ variant: "error", title: "Error", text: `${failure}: this account has not confirmed its email address yet. A role can be given once it has.` }, 409);
        }
        return result({ variant: "error", title: "Error", text: `${failure}: this user no longer exists.` }, 404);
      }
      return result({ variant: "success", title: "Success", text: `Role ${change.role} assigned successfully` });
    }
    const outcome = await removeRole(actor, change.userId, change.role, request);
    if (!outcome.ok) {
      const why = outcome.reason === "own_account" ? "you cannot remove your own roles." : "this user no longer exists.";
      return result({ variant: "error", title: "Error", text: `${failure}: ${why}` }, outcome.reason === "own_account" ? 403 : 404);
    }
    return result({ variant: "success", title: "Success", text: `Role ${change.role} removed successfully` });
  } catch (error) {
    logger.error({ err: error, intent: change.intent }, "user management change failed");
    return result({ variant: "error", title: "Error", text: failure }, 500);
  }
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "User Management" }, { name: "robots", content: "noindex" }];
}

function StatusFilter({ current, counts }: { current: UserStatus | null; counts: Record<UserStatus, number> }) {
  const total = counts.pending + counts.approved + counts.rejected;
  const items: Array<{ label: string; to: string; active: boolean }> = [
    { label: `All (${total})`, to: "/admin/users", active: current === null },
    ...STATUS_OPTIONS.map((status) => ({
      label: `${STATUS_LABELS[status]} (${counts[status]})`,
      to: `/admin/users?status=${status}`,
      active: current === status,
    })),
  ];
  return (
    <nav aria-label="Filter by status">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={item.active ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium",
                item.active ? "border-brand-navy bg-brand-navy text-white" : "border-border bg-white text-slate-700 hover:bg-muted",
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/users";
  const { users, counts, status, currentUserId } = loaderData;
  return (
    <AdminPage title="User Management" description="Approve new accounts and assign roles. Pending accounts are listed first.">
      {/* Without JavaScript the forms post here and the answer shows in the page. */}
      {!hydrated && actionData?.toast && (
        <FormMessage variant={actionData.toast.variant} title={actionData.toast.title} text={actionData.toast.text} />
      )}
      <StatusFilter current={status} counts={counts} />
      <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {loading ? "Loading users..." : ""}
      </p>
      <div className={cn("overflow-x-auto rounded-xl border border-border bg-white shadow-sm", loading && "opacity-60")}>
        {users.length === 0 ? (
          <p className="p-6 text-slate-600">{status ? `No ${status} accounts.` : "No accounts yet."}</p>
        ) : (
          <UsersTable users={users} currentUserId={currentUserId} />
        )}
      </div>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    toast.error("Error", { description: "Failed to load users" });
  }, [error]);
  return (
    <AdminPage title="User Management">
      <FormMessage title="Error" text="Failed to load users" />
    </AdminPage>
  );
}
