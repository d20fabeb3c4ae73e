import crypto from "node:crypto";
import { asSent } from "../support/outbox";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, leads, accountLinks, userRoles, users } from "~/db/schema";
import { sessionCookieName } from "~/domain/accounts/cookies.server";
import { resolveSession } from "~/domain/accounts/session.server";
import { action as leadAction } from "~/routes/admin/leads.$id";
import { action as authAction } from "~/routes/auth/auth";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { action as verifyEmailAction } from "~/routes/auth/verify-email";
import { loader as portalLoader } from "~/routes/portal/index";
import { createSession, createUser, setUserPassword, TEST_PASSWORD, uniqueEmail } from "../support/factories";

/**
 * Issue 22 item 1 through the routes' own loaders and actions against this file's database: staff invite a
 * homeowner from the lead page; the one-time link (expiring, single use) sets a password, confirms the email,
 * signs in and lands on /portal; an account that can already sign in gets no link; a rejected account is
 * refused; a verified sign-up with a request's email becomes a customer, and one without stays pending;
 * sign-in lands by role.
 */

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://app.test";
const context = { cspNonce: "", requestId: "portal-accounts" };
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1)}`;

function formRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": nextIp(), origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

async function run(fn: () => unknown): Promise<{ status: number; headers: Headers; data: Record<string, unknown> | null }> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: null };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: value as Record<string, unknown> };
}

function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName()}=`) && !/Max-Age=0/i.test(c));
  return cookie ? cookie.split(";")[0]! : null;
}

async function newLead(email: string, name = { first: "Siobhán", last: "D'Arcy" }): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({ firstName: name.first, lastName: name.last, email, phone: "+16145550123", submissionKey: `portal-${crypto.randomUUID()}` })
    .returning({ id: leads.id });
  return row!.id;
}

async function staffCookie(): Promise<string> {
  const admin = await createUser({ kind: "admin" });
  return (await createSession(admin)).cookie;
}

async function invite(leadId: string, cookie: string) {
  return run(() => leadAction({ request: formRequest(`/admin/leads/${leadId}`, { intent: "invite-to-portal" }, cookie), params: { id: leadId }, context } as never));
}

async function latestEmail(to: string, kind: string) {
  const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(desc(emailOutbox.createdAt)).limit(1);
  return row && asSent(row);
}

function tokenOf(text: string | undefined): string {
  const token = /invitation\?token=([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link in:\n${text}`);
  return token;
}

const PASSWORD = "copper flashing over the dormer";

describe("invitations", () => {
  test("Invite to portal creates an account with no role or lead until the link sets a password once, then lands on /portal", async () => {
    const email = uniqueEmail("invited");
    const leadId = await newLead(email);
    const staff = await staffCookie();
    const invited = await invite(leadId, staff);
    expect(invited.data).toMatchObject({ ok: true, message: `Invitation sent to ${email}.` });

    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ status: "approved", emailVerified: false, firstName: "Siobhán", lastName: "D'Arcy" });
    // Nothing that reads the request is given to an address nobody proved yet (ADR 046).
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, account!.id))).toEqual([]);
    expect((await db().select({ c: leads.customerUserId }).from(leads).where(eq(leads.id, leadId)))[0]!.c).toBeNull();

    const email1 = await latestEmail(email, "portal.invitation");
    const token = tokenOf(email1?.textBody);
    // From the business, answered by the office (issue 31 item 5): its name in the subject and the brand
    // (not MAIL_FROM's display name), the lead alert address as the reply-to.
    expect(email1).toMatchObject({ subject: "Your inspection request with Buckeye Valor Roofing is in your customer portal", replyTo: "office@buckeyevalorroofing.com" });
    expect(email1!.textBody).toMatch(/^Buckeye Valor Roofing\n/);
    expect(email1!.htmlBody).toContain("Buckeye Valor Roofing");
    // Only the hash is stored.
    const stored = await db().select().from(accountLinks).where(eq(accountLinks.userId, account!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));

    // Opening the link changes nothing.
    const page = await run(() => invitationLoader({ request: new Request(`${ORIGIN}/auth/invitation?token=${token}`), params: {}, context } as never));
    expect(page.data).toMatchObject({ state: { ok: true, email } });

    // A weak password or a mismatch is refused under its field, and the link still works.
    const weak = await run(() => invitationAction({ request: formRequest("/auth/invitation", { token, password: "password1234", confirmPassword: "password1234" }), params: {}, context } as never));
    expect(weak.status).toBe(400);
    expect(weak.data).toMatchObject({ fieldErrors: { password: expect.any(String) } });
    const mismatch = await run(() => invitationAction({ request: formRequest("/auth/invitation", { token, password: PASSWORD, confirmPassword: `${PASSWORD}!` }), params: {}, context } as never));
    expect(mismatch.data).toMatchObject({ fieldErrors: { confirmPassword: "The passwords do not match." } });

    const accepted = await run(() => invitationAction({ request: formRequest("/auth/invitation", { token, password: PASSWORD, confirmPassword: PASSWORD }), params: {}, context } as never));
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/portal");
    const cookie = sessionCookieFrom(accepted.headers);
    expect(cookie).toBeTruthy();
    const session = await resolveSession(new Headers({ cookie: cookie! }));
    expect(session).toMatchObject({ email, emailVerified: true, status: "approved", roles: ["customer"] });
    expect((await db().select({ c: leads.customerUserId }).from(leads).where(eq(leads.id, leadId)))[0]!.c).toBe(account!.id);
    const portal = await run(() => portalLoader({ request: new Request(`${ORIGIN}/portal`, { headers: { cookie: cookie! } }), params: {}, context } as never));
    expect((portal.data as { requests: Array<{ id: string }> }).requests.map((r) => r.id)).toEqual([leadId]);

    // Single use.
    const again = await run(() => invitationAction({ request: formRequest("/auth/invitation", { token, password: `${PASSWORD} again`, confirmPassword: `${PASSWORD} again` }), params: {}, context } as never));
    expect(again.data).toMatchObject({ error: { text: "This invitation link was already used. Sign in with the password you chose, or reset it." } });

    // Signing in again later (no redirectTo) lands on the portal.
    const signIn = await run(() => authAction({ request: formRequest("/auth", { intent: "sign-in", email, password: PASSWORD, redirectTo: "" }), params: {}, context } as never));
    expect(signIn.headers.get("Location")).toBe("/portal");

    // Now that they can sign in, a second invitation (another request) sends no link, only a notice.
    const second = await newLead(email.toUpperCase());
    const notice = await invite(second, staff);
    expect(notice.data).toMatchObject({ ok: true });
    expect(await latestEmail(email, "portal.access")).toMatchObject({ replyTo: "office@buckeyevalorroofing.com", subject: expect.stringContaining("Buckeye Valor Roofing") });
    expect(await db().select().from(accountLinks).where(eq(accountLinks.userId, account!.id))).toHaveLength(1);
  });

  test("a new invitation ends the earlier link; an expired link is refused", async () => {
    const email = uniqueEmail("reinvited");
    const leadId = await newLead(email);
    const staff = await staffCookie();
    await invite(leadId, staff);
    const first = tokenOf((await latestEmail(email, "portal.invitation"))?.textBody);
    await new Promise((r) => setTimeout(r, 5));
    await invite(leadId, staff);
    const second = tokenOf((await latestEmail(email, "portal.invitation"))?.textBody);
    expect(second).not.toBe(first);
    const old = await run(() => invitationLoader({ request: new Request(`${ORIGIN}/auth/invitation?token=${first}`), params: {}, context } as never));
    expect(old.data).toMatchObject({ state: { ok: false, reason: "used" } });

    await db().update(accountLinks).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accountLinks.tokenHash, crypto.createHash("sha256").update(second).digest("hex")));
    const expired = await run(() => invitationAction({ request: formRequest("/auth/invitation", { token: second, password: PASSWORD, confirmPassword: PASSWORD }), params: {}, context } as never));
    expect(expired.data).toMatchObject({ error: { text: "This invitation link has expired. Please ask our office for a new one." } });
    const forged = await run(() => invitationLoader({ request: new Request(`${ORIGIN}/auth/invitation?token=${"A".repeat(43)}`), params: {}, context } as never));
    expect(forged.data).toMatchObject({ state: { ok: false, reason: "invalid" } });
  });

  test("a rejected account is refused; an approved staff account gets the role and a notice, never a link", async () => {
    const staff = await staffCookie();
    const rejected = await createUser({ kind: "rejected" });
    const refused = await invite(await newLead(rejected.email), staff);
    expect(refused.status).toBe(409);
    expect((await db().select().from(userRoles).where(eq(userRoles.userId, rejected.id))).length).toBe(0);

    const colleague = await createUser({ kind: "admin" });
    await setUserPassword(colleague);
    const leadId = await newLead(colleague.email);
    const outcome = await invite(leadId, staff);
    expect(outcome.data).toMatchObject({ ok: true, message: `${colleague.email} can already sign in: we told them this request is in their portal.` });
    expect((await db().select().from(userRoles).where(eq(userRoles.userId, colleague.id))).map((r) => r.role).sort()).toEqual(["admin", "customer"]);
    expect(await db().select().from(accountLinks).where(eq(accountLinks.userId, colleague.id))).toHaveLength(0);
    // Both roles: sign-in without redirectTo lands on /admin; both areas are reachable.
    const signIn = await run(() => authAction({ request: formRequest("/auth", { intent: "sign-in", email: colleague.email, password: TEST_PASSWORD, redirectTo: "" }), params: {}, context } as never));
    expect(signIn.headers.get("Location")).toBe("/admin");
    const cookie = sessionCookieFrom(signIn.headers)!;
    const portal = await run(() => portalLoader({ request: new Request(`${ORIGIN}/portal`, { headers: { cookie } }), params: {}, context } as never));
    expect((portal.data as { requests: Array<{ id: string }> }).requests.map((r) => r.id)).toEqual([leadId]);
  });
});

describe("a sign-up with a request's email", () => {
  async function signUpAndVerify(email: string) {
    const signUp = await run(() =>
      authAction({ request: formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Łukasz", lastName: "Nowak", email, password: PASSWORD }), params: {}, context } as never),
    );
    expect(signUp.status).toBe(302);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account?.status).toBe("pending");
    const verification = await latestEmail(email, "auth.verify-email");
    const token = decodeURIComponent(/token=([A-Za-z0-9._~%-]+)/.exec(verification!.textBody)![1]!);
    const confirmed = await run(() => verifyEmailAction({ request: formRequest("/auth/verify-email", { token, password: PASSWORD, confirmPassword: PASSWORD }), params: {}, context } as never));
    expect(confirmed.status).toBe(302);
    const [after] = await db().select().from(users).where(eq(users.email, email));
    const roles = (await db().select().from(userRoles).where(eq(userRoles.userId, after!.id))).map((r) => r.role);
    return { account: after!, roles };
  }

  test("becomes a customer once the email is confirmed, with the request linked, and lands on /portal", async () => {
    const email = uniqueEmail("signup-customer");
    const leadId = await newLead(email.toUpperCase());
    const { account, roles } = await signUpAndVerify(email);
    expect(account.status).toBe("approved");
    expect(roles).toEqual(["customer"]);
    expect((await db().select({ c: leads.customerUserId }).from(leads).where(eq(leads.id, leadId)))[0]!.c).toBe(account.id);
    const signIn = await run(() => authAction({ request: formRequest("/auth", { intent: "sign-in", email, password: PASSWORD, redirectTo: "" }), params: {}, context } as never));
    expect(signIn.headers.get("Location")).toBe("/portal");
  });

  test("without a request it stays pending (the staff approval flow)", async () => {
    const { account, roles } = await signUpAndVerify(uniqueEmail("signup-staff"));
    expect(account.status).toBe("pending");
    expect(roles).toEqual([]);
  });
});
