import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, leads, userRoles, users } from "~/db/schema";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";
import { sessionCookieName } from "~/domain/accounts/cookies.server";
import { resolveSession } from "~/domain/accounts/session.server";
import { action as leadAction } from "~/routes/admin/leads.$id";
import { action as usersAction } from "~/routes/admin/users";
import { action as authAction } from "~/routes/auth/auth";
import { action as invitationAction } from "~/routes/auth/invitation";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as verifyEmailAction } from "~/routes/auth/verify-email";
import { loader as portalLoader } from "~/routes/portal/index";
import { loader as requestLoader } from "~/routes/portal/requests.$id";
import { createSession, createUser, uniqueEmail } from "../support/factories";
import { asSent } from "../support/outbox";

/**
 * Issue 29 item 1, the "pre-account hijacking" family, as it was reproduced: a homeowner sends a request; a
 * stranger signs up with the homeowner's email and a password of their own (before the request, after it,
 * before an invitation, after one); the homeowner confirms or accepts the invitation. At every step where
 * data could leak, the stranger gets nothing: no session before the address is proven, no role for an
 * unproven address, their password replaced by the one the mailbox owner chooses in the proving step, and
 * no earlier session alive after it. Through the routes' own loaders and actions and better-auth's HTTP API.
 */

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://app.test";
const context = { cspNonce: "", requestId: "account-takeover" };
const GATE_CODE = "gate code 4412";
const STRANGER_PASSWORD = "Mallory-Owns-This-Roof-77";
const HANNAH_PASSWORD = "copper flashing over the dormer";
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;

function apiRequest(path: string, body: unknown, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/json", "x-app-client-ip": `203.0.113.${(ip += 1) % 250}` });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

function formRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": nextIp(), origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

async function run(fn: () => unknown): Promise<{ status: number; headers: Headers; data: unknown; text: string }> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: null, text: await value.clone().text().catch(() => "") };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data, text: JSON.stringify(data) };
  }
  return { status: 200, headers: new Headers(), data: value, text: JSON.stringify(value) ?? "" };
}

function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName()}=`) && !/Max-Age=0/i.test(c));
  return cookie ? cookie.split(";")[0]! : null;
}

async function homeownerRequest(email: string): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({ firstName: "Hannah", lastName: "O'Hara", email, phone: "+16145550123", message: GATE_CODE, submissionKey: `takeover-${crypto.randomUUID()}` })
    .returning({ id: leads.id });
  return row!.id;
}

async function strangerSignsUp(email: string) {
  const response = await handleAuthApiRequest(apiRequest("/sign-up/email", { name: "Mal Lory", firstName: "Mal", lastName: "Lory", email, password: STRANGER_PASSWORD }));
  expect(response.status).toBe(200);
  return response;
}

async function signIn(email: string, password: string) {
  const response = await handleAuthApiRequest(apiRequest("/sign-in/email", { email, password }));
  return { status: response.status, cookie: sessionCookieFrom(response.headers) };
}

async function latestEmail(to: string, kind: string) {
  const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(desc(emailOutbox.createdAt)).limit(1);
  return row && asSent(row);
}

function linkToken(text: string | undefined, path: string): string {
  const token = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? "")?.[1];
  if (!token) throw new Error(`no ${path} link in:\n${text}`);
  return token;
}

/** Everything the stranger could try with a cookie: the portal, a request page, and their role. */
async function expectNothingOpens(cookie: string | null, leadId: string) {
  if (!cookie) return;
  expect(await resolveSession(new Headers({ cookie }))).toBeNull();
  const list = await run(() => portalLoader({ request: new Request(`${ORIGIN}/portal`, { headers: { cookie } }), params: {}, context } as never));
  expect(list.status).toBe(302);
  expect(list.text).not.toContain(GATE_CODE);
  const one = await run(() => requestLoader({ request: new Request(`${ORIGIN}/portal/requests/${leadId}`, { headers: { cookie } }), params: { id: leadId }, context } as never));
  expect(one.status).toBe(302);
  expect(one.text).not.toContain(GATE_CODE);
}

/** The stranger's account as the database has it. */
async function accountOf(email: string) {
  const [account] = await db().select().from(users).where(eq(users.email, email));
  const roles = account ? (await db().select().from(userRoles).where(eq(userRoles.userId, account.id))).map((r) => r.role) : [];
  return { account, roles };
}

/** Hannah opens the confirmation link of her mailbox and chooses her own password. */
async function hannahConfirms(email: string) {
  const verification = await latestEmail(email, "auth.verify-email");
  // The email never asks her to confirm an account she may not have made.
  expect(verification!.textBody).not.toMatch(/opens your customer portal|Thank you for creating an account/);
  expect(verification!.textBody).toContain("If it was not you, ignore this message");
  const token = linkToken(verification?.textBody, "/auth/verify-email");
  const confirmed = await run(() =>
    verifyEmailAction({ request: formRequest("/auth/verify-email", { token, password: HANNAH_PASSWORD, confirmPassword: HANNAH_PASSWORD }), params: {}, context } as never),
  );
  expect(confirmed.status).toBe(302);
  return { location: confirmed.headers.get("Location"), cookie: sessionCookieFrom(confirmed.headers) };
}

async function expectHannahOwnsIt(email: string, leadId: string, hannahCookie: string | null) {
  // The stranger's password opens nothing; Hannah's does, and shows her request.
  expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(401);
  expect(hannahCookie).toBeTruthy();
  const portal = await run(() => portalLoader({ request: new Request(`${ORIGIN}/portal`, { headers: { cookie: hannahCookie! } }), params: {}, context } as never));
  expect(portal.status).toBe(200);
  expect((portal.data as { requests: Array<{ id: string }> }).requests.map((r) => r.id)).toEqual([leadId]);
}

describe("a stranger who signs up with a homeowner's email never reads their portal (issue 29 item 1)", () => {
  test("the reproduced sequence: request, stranger's sign-up, Hannah confirms", async () => {
    const email = uniqueEmail("hannah");
    const leadId = await homeownerRequest(email);
    await strangerSignsUp(email);
    // Step 2: the stranger's sign-in gets no session (the address is not proven).
    const early = await signIn(email, STRANGER_PASSWORD);
    expect(early).toEqual({ status: 403, cookie: null });
    // A session made anyway (by a path we do not know of, or before this rule) ...
    const { account } = await accountOf(email);
    const smuggled = (await createSession(account!)).cookie;
    await expectNothingOpens(smuggled, leadId);
    // Step 3: Hannah confirms, choosing her own password in the same step.
    const hannah = await hannahConfirms(email);
    expect(hannah.location).toBe("/portal");
    // Step 4: nothing the stranger held survives: no session, no password.
    await expectNothingOpens(smuggled, leadId);
    await expectHannahOwnsIt(email, leadId, hannah.cookie);
    expect(await accountOf(email)).toMatchObject({ account: { emailVerified: true, status: "approved" }, roles: ["customer"] });
  });

  test("the stranger signs up before the homeowner's request", async () => {
    const email = uniqueEmail("hannah-later");
    await strangerSignsUp(email);
    expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(403);
    const leadId = await homeownerRequest(email);
    expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(403);
    const hannah = await hannahConfirms(email);
    expect(hannah.location).toBe("/portal");
    await expectHannahOwnsIt(email, leadId, hannah.cookie);
  });

  test("the stranger signs up after the request and before an invitation; staff invite; no role for the unproven address", async () => {
    const email = uniqueEmail("hannah-invited");
    const leadId = await homeownerRequest(email);
    await strangerSignsUp(email);
    const staff = await createUser({ kind: "super_admin" });
    const staffCookie = (await createSession(staff)).cookie;

    // A super admin cannot give the unproven account a role that reads personal data.
    const { account } = await accountOf(email);
    for (const role of ["customer", "admin"]) {
      const refused = await run(() => usersAction({ request: formRequest("/admin/users", { intent: "assign-role", userId: account!.id, role }, staffCookie), params: {}, context } as never));
      expect(refused.status, role).toBe(409);
    }
    // Approving it gives nothing either: the stranger still cannot sign in.
    const approved = await run(() => usersAction({ request: formRequest("/admin/users", { intent: "set-status", userId: account!.id, status: "approved" }, staffCookie), params: {}, context } as never));
    expect(approved.status).toBe(200);
    expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(403);

    const invited = await run(() => leadAction({ request: formRequest(`/admin/leads/${leadId}`, { intent: "invite-to-portal" }, staffCookie), params: { id: leadId }, context } as never));
    expect(invited.data).toMatchObject({ ok: true });
    // Nothing is linked or given until the mailbox owner opens the invitation.
    expect(await accountOf(email)).toMatchObject({ roles: [] });
    expect((await db().select({ c: leads.customerUserId }).from(leads).where(eq(leads.id, leadId)))[0]!.c).toBeNull();
    expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(403);

    const token = linkToken((await latestEmail(email, "portal.invitation"))?.textBody, "/auth/invitation");
    const accepted = await run(() =>
      invitationAction({ request: formRequest("/auth/invitation", { token, password: HANNAH_PASSWORD, confirmPassword: HANNAH_PASSWORD }), params: {}, context } as never),
    );
    expect([accepted.status, accepted.headers.get("Location"), accepted.data]).toEqual([302, "/portal", null]);
    await expectHannahOwnsIt(email, leadId, sessionCookieFrom(accepted.headers));
  });

  test("the stranger signs up after an invitation was sent: nothing changes hands", async () => {
    const email = uniqueEmail("hannah-after");
    const leadId = await homeownerRequest(email);
    const staff = await createUser({ kind: "admin" });
    const staffCookie = (await createSession(staff)).cookie;
    await run(() => leadAction({ request: formRequest(`/admin/leads/${leadId}`, { intent: "invite-to-portal" }, staffCookie), params: { id: leadId }, context } as never));
    await strangerSignsUp(email);
    // The account was there: the stranger's password was never stored, and the mailbox owner is told.
    expect((await signIn(email, STRANGER_PASSWORD)).status).toBe(401);
    expect(await latestEmail(email, "auth.existing-account")).toBeTruthy();
    // A password reset asked by the stranger only reaches Hannah's mailbox; she can use it or the invitation.
    await run(() => forgotPasswordAction({ request: formRequest("/auth/forgot-password", { email }), params: {}, context } as never));
    const token = linkToken((await latestEmail(email, "portal.invitation"))?.textBody, "/auth/invitation");
    const accepted = await run(() =>
      invitationAction({ request: formRequest("/auth/invitation", { token, password: HANNAH_PASSWORD, confirmPassword: HANNAH_PASSWORD }), params: {}, context } as never),
    );
    expect(accepted.headers.get("Location")).toBe("/portal");
    await expectHannahOwnsIt(email, leadId, sessionCookieFrom(accepted.headers));
  });

  test("a password reset proves the address like a confirmation: the stranger's password and sessions end", async () => {
    const email = uniqueEmail("hannah-reset");
    const leadId = await homeownerRequest(email);
    await strangerSignsUp(email);
    const { account } = await accountOf(email);
    const smuggled = (await createSession(account!)).cookie;
    await run(() => forgotPasswordAction({ request: formRequest("/auth/forgot-password", { email }), params: {}, context } as never));
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestEmail(email, "auth.reset-password"))?.textBody ?? "")![1]!;
    const reset = await run(() =>
      resetPasswordAction({ request: formRequest("/auth/reset-password", { token, password: HANNAH_PASSWORD, confirmPassword: HANNAH_PASSWORD }), params: {}, context } as never),
    );
    expect(reset.status).toBe(302);
    await expectNothingOpens(smuggled, leadId);
    const signedIn = await run(() => authAction({ request: formRequest("/auth", { intent: "sign-in", email, password: HANNAH_PASSWORD, redirectTo: "" }), params: {}, context } as never));
    expect(signedIn.headers.get("Location")).toBe("/portal");
    await expectHannahOwnsIt(email, leadId, sessionCookieFrom(signedIn.headers));
  });

  test("a role given ends the account's sessions; the next sign-in carries it", async () => {
    const member = await createUser({ kind: "approved" });
    const session = await createSession(member);
    const superAdmin = await createUser({ kind: "super_admin" });
    const cookie = (await createSession(superAdmin)).cookie;
    const given = await run(() => usersAction({ request: formRequest("/admin/users", { intent: "assign-role", userId: member.id, role: "admin" }, cookie), params: {}, context } as never));
    expect(given.status).toBe(200);
    expect(await resolveSession(new Headers({ cookie: session.cookie }))).toBeNull();
  });
});
