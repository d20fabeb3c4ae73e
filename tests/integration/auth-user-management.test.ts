import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, sessions, userRoles, users } from "~/db/schema";
import { resolveSession } from "~/domain/accounts/session.server";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as authAction } from "~/routes/auth/auth";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { createSession, createUser, signedInUser, type TestSession, type TestUser } from "../support/factories";

/**
 * /admin/users (spec 1 §2, §4, §7, §8): the super admin's list and changes,
 * through the route's loader and action as React Router calls them.
 */

// A sign-up hashes with scrypt N=2^17: allow for slow, shared machines.
vi.setConfig({ testTimeout: 45_000 });

const ORIGIN = "http://app.test";
const context = { cspNonce: "", requestId: "test-request" };
let superAdmin: TestUser & TestSession;

beforeAll(async () => {
  superAdmin = await signedInUser({ kind: "super_admin", overrides: { firstName: "Sam", lastName: "Super" } });
});

function post(fields: Record<string, string>, cookie = superAdmin.cookie): Request {
  return new Request(`${ORIGIN}/admin/users`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "192.0.2.10" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function act(fields: Record<string, string>) {
  const result = (await usersAction({ request: post(fields), params: {}, context } as never)) as unknown as {
    data: { toast: { variant: string; title: string; text: string } };
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, toast: result.data.toast };
}

async function load(query = "") {
  return (await usersLoader({ request: new Request(`${ORIGIN}/admin/users${query}`, { headers: { cookie: superAdmin.cookie } }), params: {}, context } as never)) as {
    users: Array<{ id: string; email: string; status: string; roles: string[]; createdAt: string; firstName: string }>;
    counts: Record<string, number>;
    currentUserId: string;
  };
}

describe("the user list", () => {
  test("shows every account with name, email, status, roles and joined date; pending first; filters by status", async () => {
    const older = await createUser({ kind: "pending", overrides: { createdAt: new Date(Date.now() - 86_400_000) } });
    const approved = await createUser({ kind: "customer" });
    const data = await load();
    const ids = data.users.map((u) => u.id);
    expect(ids).toContain(older.id);
    const firstNonPending = data.users.findIndex((u) => u.status !== "pending");
    const lastPending = data.users.map((u) => u.status).lastIndexOf("pending");
    expect(lastPending).toBeLessThan(firstNonPending);
    expect(data.users.find((u) => u.id === approved.id)).toMatchObject({ roles: ["customer"], status: "approved" });
    expect(data.currentUserId).toBe(superAdmin.id);
    expect(Date.parse(data.users[0]!.createdAt)).not.toBeNaN();

    const pendingOnly = await load("?status=pending");
    expect(pendingOnly.users.every((u) => u.status === "pending")).toBe(true);
    expect(pendingOnly.users.map((u) => u.id)).toContain(older.id);
    expect(pendingOnly.counts.pending).toBeGreaterThanOrEqual(1);
    // An unknown filter is ignored, not an error.
    expect((await load("?status=bogus")).users.length).toBe(data.users.length);
  });
});

describe("setting the status", () => {
  test("approving: toast text, audit row, approval email; the user can reach the admin area once an admin", async () => {
    const user = await createUser({ kind: "pending", roles: ["admin"] });
    const { cookie } = await createSession(user);
    const result = await act({ intent: "set-status", userId: user.id, status: "approved" });
    expect(result).toEqual({ status: 200, toast: { variant: "success", title: "Success", text: "User status updated to approved" } });
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]?.status).toBe("approved");
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "auth.account-approved")));
    expect(mail?.subject).toBe("Your account has been approved");
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "user.status.update"), eq(auditLog.targetId, user.id)));
    expect(audit).toMatchObject({ actorUserId: superAdmin.id, actorEmail: superAdmin.email, outcome: "success", ipAddress: "192.0.2.10" });
    expect(audit?.details).toMatchObject({ from: "pending", to: "approved" });
    // The session the user had while pending now opens the dashboard.
    const dashboard = await dashboardLoader({ request: new Request(`${ORIGIN}/admin`, { headers: { cookie } }), params: {}, context } as never);
    expect(dashboard).toMatchObject({ firstName: user.firstName, isSuperAdmin: false });
  });

  test("rejecting ends the user's sessions (S9) and sends a polite email", async () => {
    const user = await createUser({ kind: "admin" });
    const one = await createSession(user);
    await createSession(user);
    const result = await act({ intent: "set-status", userId: user.id, status: "rejected" });
    expect(result.toast).toEqual({ variant: "success", title: "Success", text: "User status updated to rejected" });
    expect(await db().$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect(await resolveSession(new Headers({ cookie: one.cookie }))).toBeNull();
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "auth.account-rejected")));
    expect(mail?.textBody).toContain("was not approved");
  });

  test("any status can be set in any order; setting the same status again changes nothing", async () => {
    const user = await createUser({ kind: "rejected" });
    for (const status of ["pending", "approved", "pending", "rejected", "approved"]) {
      expect((await act({ intent: "set-status", userId: user.id, status })).status).toBe(200);
      expect((await db().select().from(users).where(eq(users.id, user.id)))[0]?.status).toBe(status);
    }
    expect((await act({ intent: "set-status", userId: user.id, status: "approved" })).toast.text).toBe("User status updated to approved");
  });

  test("errors: own account, unknown or malformed ids, a status outside the three", async () => {
    expect(await act({ intent: "set-status", userId: superAdmin.id, status: "rejected" })).toEqual({
      status: 403,
      toast: { variant: "error", title: "Error", text: "Failed to update user status: you cannot change the status of your own account." },
    });
    const unknown = await act({ intent: "set-status", userId: "00000000-0000-4000-8000-000000000000", status: "approved" });
    expect(unknown.status).toBe(404);
    expect(unknown.toast.text).toMatch(/^Failed to update user status/);
    for (const fields of [
      { intent: "set-status", userId: "1 or 1=1", status: "approved" },
      { intent: "set-status", userId: superAdmin.id, status: "admin" },
      { intent: "set-status", userId: superAdmin.id },
      { intent: "drop-table" },
    ] as Array<Record<string, string>>) {
      const result = await act(fields);
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.toast.title).toBe("Error");
    }
    expect((await db().select().from(users).where(eq(users.id, superAdmin.id)))[0]?.status).toBe("approved");
  });
});

describe("roles", () => {
  test("assigning: assigned_by is the acting super admin, toast text, idempotent", async () => {
    const user = await createUser({ kind: "approved" });
    const result = await act({ intent: "assign-role", userId: user.id, role: "admin" });
    expect(result.toast).toEqual({ variant: "success", title: "Success", text: "Role admin assigned successfully" });
    const rows = await db().select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "admin", assignedBy: superAdmin.id });
    expect((await act({ intent: "assign-role", userId: user.id, role: "admin" })).status).toBe(200);
    expect(await db().$count(userRoles, eq(userRoles.userId, user.id))).toBe(1);
    const listed = (await load()).users.find((u) => u.id === user.id);
    expect(listed?.roles).toEqual(["admin"]);
  });

  test("only admin and customer can be assigned or removed", async () => {
    const user = await createUser({ kind: "approved" });
    const result = await act({ intent: "assign-role", userId: user.id, role: "super_admin" });
    expect(result.status).toBe(400);
    expect(result.toast.text).toMatch(/^Failed to assign role/);
    expect(await db().$count(userRoles, eq(userRoles.userId, user.id))).toBe(0);
    const other = await createUser({ kind: "super_admin" });
    expect((await act({ intent: "remove-role", userId: other.id, role: "super_admin" })).status).toBe(400);
    expect(await db().$count(userRoles, and(eq(userRoles.userId, other.id), eq(userRoles.role, "super_admin")))).toBe(1);
  });

  test("removing a role ends the user's sessions (S9) and is audited", async () => {
    const user = await createUser({ kind: "admin" });
    const session = await createSession(user);
    const result = await act({ intent: "remove-role", userId: user.id, role: "admin" });
    expect(result.toast).toEqual({ variant: "success", title: "Success", text: "Role admin removed successfully" });
    expect(await db().$count(userRoles, eq(userRoles.userId, user.id))).toBe(0);
    expect(await resolveSession(new Headers({ cookie: session.cookie }))).toBeNull();
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "user.role.remove"), eq(auditLog.targetId, user.id)));
    expect(audit?.details).toMatchObject({ role: "admin", sessionsEnded: 1 });
  });
});

describe("emails about sign-ups", () => {
  test("every approved super admin is told about a new sign-up", async () => {
    const second = await createUser({ kind: "super_admin" });
    const notApproved = await createUser({ kind: "pending", roles: ["super_admin"] });
    const email = `newcomer-${Date.now()}@example.test`;
    const password = "Drip-Edge-Underlayment-5";
    const response = await authAction({
      request: new Request(`${ORIGIN}/auth?mode=signup`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "192.0.2.77", origin: ORIGIN },
        body: new URLSearchParams({ intent: "sign-up", firstName: "New", lastName: "Comer", email, password }).toString(),
      }),
      params: {},
      context,
    } as never);
    expect((response as Response).status).toBe(302);
    const notices = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "auth.sign-up-notice"));
    const recipients = notices.filter((n) => n.textBody.includes(email)).map((n) => n.toAddress);
    expect(recipients).toEqual(expect.arrayContaining([superAdmin.email, second.email]));
    expect(recipients).not.toContain(notApproved.email);
    expect(notices.find((n) => n.toAddress === superAdmin.email && n.textBody.includes(email))?.textBody).toContain("/admin/users?status=pending");
  });
});
