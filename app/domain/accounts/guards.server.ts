import { redirect } from "react-router";
import { logger } from "~/lib/logger.server";
import { pageUrlOf, safeRedirectTarget } from "~/lib/url-safety";
import { recordAuditSafely } from "./audit.server";
import { getSessionUser, type SessionUser } from "./session.server";

/**
 * Server-side route guards (spec 1 §4 "Route guard", §6; QUALITY S11).
 * Call one as the FIRST statement of EVERY loader and EVERY action of a
 * protected route — a parent layout's loader does not protect a child's
 * action, and tests/integration/auth-authorization-matrix.test.ts calls each
 * of them on its own:
 *
 *   export async function loader({ request }: Route.LoaderArgs) {
 *     const user = await requireAdmin(request);
 *     ...
 *   }
 *
 * Each returns the signed-in user or throws a redirect:
 * - nobody signed in                -> /auth?redirectTo=<this path>
 * - status not approved             -> /auth (shows Account Pending / the rejected view)
 * - email address not confirmed     -> /auth
 * - must change a one-time password -> /auth/change-password
 * - requireAdmin: no admin or super_admin role -> /portal (a customer) or /
 * - requireCustomer: no customer role -> /admin (staff) or /
 * - requireSuperAdmin: no super_admin role     -> /
 * Denials of signed-in users are written to the audit log.
 */

/** The path (and query) of `request`, as the place to come back to after signing in. */
export function returnPathOf(request: Request): string {
  const url = pageUrlOf(request);
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

async function deny(user: SessionUser, request: Request, reason: string, required: string): Promise<void> {
  await recordAuditSafely({
    action: "authz.denied",
    outcome: "denied",
    actor: user,
    request,
    details: { method: request.method, path: returnPathOf(request), required, reason },
  });
}

/** A signed-in user whose account is approved (and who has chosen their own password). */
async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const path = returnPathOf(request);
    logger.info({ method: request.method, path }, "not signed in: sent to /auth");
    throw redirect(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
  if (user.status !== "approved") {
    await deny(user, request, `status_${user.status}`, "approved");
    throw redirect("/auth");
  }
  // Sign-in needs a confirmed address and confirming it ends every session (ADR 046), so no session should
  // reach here unconfirmed; one that does (made before that rule) opens nothing.
  if (!user.emailVerified) {
    await deny(user, request, "email_not_verified", "email_verified");
    throw redirect("/auth");
  }
  if (user.mustChangePassword) throw redirect("/auth/change-password");
  return user;
}

/** Where a signed-in, approved account goes by default: staff to /admin, customers to /portal, others home. */
export function landingPathOf(user: Pick<SessionUser, "isAdmin" | "roles">): string {
  if (user.isAdmin) return "/admin";
  if (user.roles.includes("customer")) return "/portal";
  return "/";
}

/** An approved user with role admin or super_admin. A customer is sent to their portal. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) {
    await deny(user, request, "no_admin_role", "admin");
    throw redirect(landingPathOf(user));
  }
  return user;
}

/**
 * An approved user with role customer (issue 22): the portal's guard. Staff without the role are sent
 * to /admin; an account with both roles reaches both.
 */
export async function requireCustomer(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.roles.includes("customer")) {
    await deny(user, request, "no_customer_role", "customer");
    throw redirect(landingPathOf(user));
  }
  return user;
}

/** An approved user with role super_admin. */
export async function requireSuperAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isSuperAdmin) {
    await deny(user, request, "no_super_admin_role", "super_admin");
    // An admin stays on the site's front page as before; a customer goes to their portal.
    throw redirect(user.isAdmin ? "/" : landingPathOf(user));
  }
  return user;
}

/**
 * Where `value` (a `redirectTo` parameter) may send the browser: a path on
 * this site, judged after normalisation and decoding, never another origin
 * (`//evil`, `/\evil`, `/.//evil`, `https://...`); else `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/admin"): string {
  return safeRedirectTarget(value, fallback);
}
