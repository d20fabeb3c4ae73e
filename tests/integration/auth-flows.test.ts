import { asSent } from "../support/outbox";
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, rateLimits, sessions, users } from "~/db/schema";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";
import { sessionCookieName } from "~/domain/accounts/cookies.server";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { resolveSession } from "~/domain/accounts/session.server";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as changePasswordAction } from "~/routes/auth/change-password";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { action as verifyEmailAction, loader as verifyEmailLoader } from "~/routes/auth/verify-email";
import { createSession, createUser, setUserPassword, TEST_PASSWORD, uniqueEmail } from "../support/factories";

/**
 * Accounts end to end inside the process: better-auth's HTTP API (the
 * /api/auth/* resource route) and the /auth form actions, against this
 * file's PostgreSQL database. The real server (Express, the trusted client
 * address, production cookies) is covered by tests/e2e/accounts-*.test.ts.
 */

// Each sign-in hashes with scrypt N=2^17 (~0.6 s): allow for slow machines.
vi.setConfig({ testTimeout: 45_000 });

const ORIGIN = "http://app.test";
let ipCounter = 0;
/** A fresh client address per test, so rate-limit buckets never leak between tests. */
function newClientIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

interface CallOptions {
  ip: string;
  cookie?: string;
  headers?: Record<string, string>;
}

function apiRequest(path: string, body: unknown, { ip, cookie, headers = {} }: CallOptions): Request {
  const h = new Headers({ "content-type": "application/json", "x-app-client-ip": ip, ...headers });
  if (cookie) {
    h.set("cookie", cookie);
    h.set("origin", ORIGIN);
  }
  return new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers: h, body: JSON.stringify(body) });
}

function formRequest(path: string, fields: Record<string, string>, { ip, cookie }: CallOptions): Request {
  const h = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": ip, origin: ORIGIN });
  if (cookie) h.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: h, body: new URLSearchParams(fields).toString() });
}

const context = { cspNonce: "", requestId: "test-request" };

interface Outcome {
  status: number;
  headers: Headers;
  data: Record<string, unknown> | null;
}

/** A route action's result (Response, data() or a plain object), thrown or returned, as status + headers + data. */
async function run(fn: () => unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    return { status: value.status, headers: value.headers, data: parsed };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: value as Record<string, unknown> };
}

/** The session cookie a response sets, as a `Cookie` request header value. */
function sessionCookieFrom(headers: Headers): string | null {
  const name = sessionCookieName();
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !/Max-Age=0/i.test(c));
  return cookie ? cookie.split(";")[0]! : null;
}

async function signInApi(email: string, password: string, options: CallOptions) {
  const response = await handleAuthApiRequest(apiRequest("/sign-in/email", { email, password }, options));
  return { response, cookie: sessionCookieFrom(response.headers) };
}

async function userWithPassword(kind: Parameters<typeof createUser>[0] extends infer O ? O : never = {}) {
  const user = await createUser(kind);
  await setUserPassword(user);
  return user;
}

async function latestEmail(to: string, kind: string) {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row && asSent(row);
}

function tokenFromEmail(text: string | undefined): string {
  const token = /token=([A-Za-z0-9._~%-]+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error(`no token link in:\n${text}`);
  return decodeURIComponent(token);
}

describe("sign-up", () => {
  test('`status: "approved"` in the body still yields a pending account, and no session', async () => {
    const superAdmin = await createUser({ kind: "super_admin" });
    const email = uniqueEmail("signup");
    const response = await handleAuthApiRequest(
      apiRequest(
        "/sign-up/email",
        { name: "Eve Mallory", firstName: "Eve", lastName: "Mallory", email, password: TEST_PASSWORD, status: "approved", emailVerified: true },
        { ip: newClientIp() },
      ),
    );
    expect(response.status).toBe(200);
    expect(sessionCookieFrom(response.headers)).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ status: "pending", firstName: "Eve", lastName: "Mallory", name: "Eve Mallory", emailVerified: false });
    // The verification email the "Account Created" text promises, and the notice to super admins.
    expect(tokenFromEmail((await latestEmail(email, "auth.verify-email"))?.textBody)).toBeTruthy();
    expect(await latestEmail(superAdmin.email, "auth.sign-up-notice")).toBeDefined();
  });

  test("the form signs up (first and last name required) and says Account Created", async () => {
    const ip = newClientIp();
    const email = uniqueEmail("form-signup");
    const missing = await run(() =>
      authAction({ request: formRequest("/auth?mode=signup", { intent: "sign-up", email, password: TEST_PASSWORD }, { ip }), params: {}, context } as never),
    );
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ error: { title: "Sign Up Error" }, fieldErrors: { firstName: "First name is required." } });

    const created = await run(() =>
      authAction({
        request: formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Ada", lastName: "Byron", email, password: TEST_PASSWORD, status: "approved" }, { ip }),
        params: {},
        context,
      } as never),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/auth?notice=account-created");
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row?.status).toBe("pending");
  });

  test("an 11-character and a common password are refused with clear messages; nothing is created", async () => {
    const ip = newClientIp();
    const email = uniqueEmail("weak");
    const short = await run(() =>
      authAction({
        request: formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "A", lastName: "B", email, password: "abcdefghijk" }, { ip }),
        params: {},
        context,
      } as never),
    );
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      error: { title: "Sign Up Error", text: "Password must be at least 12 characters long." },
      fieldErrors: { password: "Password must be at least 12 characters long." },
    });

    const common = await run(() =>
      authAction({
        request: formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "A", lastName: "B", email, password: "password1234" }, { ip }),
        params: {},
        context,
      } as never),
    );
    expect(common.status).toBe(400);
    expect(common.data).toMatchObject({
      error: { title: "Sign Up Error", text: "This password is too common. Please choose a less predictable one." },
    });

    // The API refuses them the same way.
    for (const [password, message] of [
      ["abcdefghijk", "Password must be at least 12 characters long."],
      ["1qaz2wsx3edc", "This password is too common. Please choose a less predictable one."],
      ["x".repeat(129), "Password must be at most 128 characters long."],
    ] as const) {
      const response = await handleAuthApiRequest(
        apiRequest("/sign-up/email", { name: "A B", firstName: "A", lastName: "B", email, password }, { ip: newClientIp() }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await db().$count(users, eq(users.email, email))).toBe(0);
  });

  test("an email with a trailing NUL or a text-direction override is refused with a clear message; nothing is created", async () => {
    const local = uniqueEmail("chars");
    for (const [email, message] of [
      [`${local}\u0000`, TEXT_ERRORS.control],
      [`\u202E${local}`, TEXT_ERRORS.bidi],
    ] as const) {
      const form = await run(() =>
        authAction({
          request: formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Nul", lastName: "Byte", email, password: TEST_PASSWORD }, { ip: newClientIp() }),
          params: {},
          context,
        } as never),
      );
      expect(form.status, JSON.stringify(email)).toBe(400);
      expect(form.data).toMatchObject({ error: { title: "Sign Up Error", text: message }, fieldErrors: { email: message } });

      // The API (better-auth's before-hook) refuses it the same way.
      const response = await handleAuthApiRequest(
        apiRequest("/sign-up/email", { name: "Nul Byte", firstName: "Nul", lastName: "Byte", email, password: TEST_PASSWORD }, { ip: newClientIp() }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await db().$count(users, like(users.email, `%${local.split("@")[0]}%`))).toBe(0);
  });
});

describe("sign-in and sessions", () => {
  test("every sign-in gets a new session token; a cookie held before sign-in is revoked (S6)", async () => {
    const user = await userWithPassword({ kind: "admin" });
    const ip = newClientIp();
    const first = await signInApi(user.email, TEST_PASSWORD, { ip });
    expect(first.response.status).toBe(200);
    expect(first.cookie).toBeTruthy();
    const second = await signInApi(user.email.toUpperCase(), TEST_PASSWORD, { ip, cookie: first.cookie! });
    expect(second.response.status).toBe(200);
    expect(second.cookie).toBeTruthy();
    expect(second.cookie).not.toBe(first.cookie);

    expect(await resolveSession(new Headers({ cookie: first.cookie! }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: second.cookie! }))).toMatchObject({ id: user.id, isAdmin: true });
  });

  test("the sign-in form redirects an approved user to redirectTo with the session cookie", async () => {
    const user = await userWithPassword({ kind: "admin" });
    const result = await run(() =>
      authAction({
        request: formRequest("/auth", { intent: "sign-in", email: user.email, password: TEST_PASSWORD, redirectTo: "/admin/users?status=pending" }, { ip: newClientIp() }),
        params: {},
        context,
      } as never),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/admin/users?status=pending");
    expect(sessionCookieFrom(result.headers)).toBeTruthy();

    // An open redirect is refused: the fallback /admin is used.
    const evil = await run(() =>
      authAction({
        request: formRequest("/auth", { intent: "sign-in", email: user.email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" }, { ip: newClientIp() }),
        params: {},
        context,
      } as never),
    );
    expect(evil.headers.get("location")).toBe("/admin");
  });

  test("wrong passwords get the service's message under Sign In Error, and are audited without secrets", async () => {
    const user = await userWithPassword({ kind: "approved" });
    const secret = "not-the-password-123";
    const result = await run(() =>
      authAction({ request: formRequest("/auth", { intent: "sign-in", email: user.email, password: secret }, { ip: newClientIp() }), params: {}, context } as never),
    );
    expect(result.status).toBe(401);
    expect(result.data).toMatchObject({ error: { title: "Sign In Error", text: "Invalid email or password" }, values: { email: user.email } });
    expect(JSON.stringify(result.data)).not.toContain(secret);

    const rows = await db().select().from(auditLog).where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.actorEmail, user.email)));
    expect(rows.map((r) => r.outcome)).toContain("failure");
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  test("pending and rejected users who sign in land on /auth, which shows their view", async () => {
    for (const kind of ["pending", "rejected"] as const) {
      const user = await userWithPassword({ kind });
      const result = await run(() =>
        authAction({ request: formRequest("/auth", { intent: "sign-in", email: user.email, password: TEST_PASSWORD }, { ip: newClientIp() }), params: {}, context } as never),
      );
      expect(result.status).toBe(302);
      expect(result.headers.get("location")).toBe("/auth");
      const cookie = sessionCookieFrom(result.headers)!;
      const page = await run(() => authLoader({ request: new Request(`${ORIGIN}/auth`, { headers: { cookie } }), params: {}, context } as never));
      expect(page.data).toMatchObject({ view: kind });
    }
  });

  test("an approved user is sent from /auth to /admin", async () => {
    const user = await createUser({ kind: "admin" });
    const { cookie } = await createSession(user);
    const result = await run(() => authLoader({ request: new Request(`${ORIGIN}/auth`, { headers: { cookie } }), params: {}, context } as never));
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/admin");
  });

  test("sign-out deletes the session on the server; the old cookie is useless (S7)", async () => {
    const user = await userWithPassword({ kind: "admin" });
    const { cookie } = await signInApi(user.email, TEST_PASSWORD, { ip: newClientIp() });
    expect(await resolveSession(new Headers({ cookie: cookie! }))).not.toBeNull();

    const result = await run(() => signOutAction({ request: formRequest("/auth/sign-out", {}, { ip: newClientIp(), cookie: cookie! }), params: {}, context } as never));
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/auth?notice=signed-out");
    expect(result.headers.getSetCookie().some((c) => c.startsWith(`${sessionCookieName()}=;`) || /Max-Age=0/.test(c))).toBe(true);

    // Replaying the old cookie: no session, the admin area sends it to /auth.
    expect(await resolveSession(new Headers({ cookie: cookie! }))).toBeNull();
    expect(await db().$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    const replay = await run(() => requireAdmin(new Request(`${ORIGIN}/admin`, { headers: { cookie: cookie! } })));
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin");
  });

  test("a password changed through the API ends the other sessions even when the caller does not ask (S9)", async () => {
    const user = await userWithPassword({ kind: "admin" });
    const first = await signInApi(user.email, TEST_PASSWORD, { ip: newClientIp() });
    const second = await signInApi(user.email, TEST_PASSWORD, { ip: newClientIp() });
    expect(await resolveSession(new Headers({ cookie: first.cookie! }))).not.toBeNull();

    const changed = await handleAuthApiRequest(
      apiRequest("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Gutter-Flashing-Ridge-42", revokeOtherSessions: false }, { ip: newClientIp(), cookie: second.cookie! }),
    );
    expect(changed.status).toBe(200);
    expect(await resolveSession(new Headers({ cookie: first.cookie! }))).toBeNull();
    const current = sessionCookieFrom(changed.headers) ?? second.cookie!;
    expect(await resolveSession(new Headers({ cookie: current }))).not.toBeNull();
  });

  test("sessions end after the idle timeout and after the absolute lifetime (S8)", async () => {
    const user = await createUser({ kind: "admin" });
    const now = Date.now();
    const idle = await createSession(user, { createdAt: new Date(now - 2 * 3_600_000), lastActiveAt: new Date(now - 61 * 60_000) });
    const old = await createSession(user, { createdAt: new Date(now - 13 * 3_600_000), lastActiveAt: new Date(now - 60_000), expiresAt: new Date(now + 3_600_000) });
    const active = await createSession(user, { createdAt: new Date(now - 3_600_000), lastActiveAt: new Date(now - 5 * 60_000) });

    expect(await resolveSession(new Headers({ cookie: idle.cookie }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: old.cookie }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: active.cookie }))).toMatchObject({ id: user.id });

    const left = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([active.sessionId]);
    // Activity was recorded: the idle clock restarted.
    expect(Date.now() - left[0]!.updatedAt.getTime()).toBeLessThan(10_000);
  });

  test("a tampered or unsigned cookie is no session", async () => {
    const user = await createUser({ kind: "admin" });
    const { token, cookie } = await createSession(user);
    const name = sessionCookieName();
    expect(await resolveSession(new Headers({ cookie: `${name}=${token}` }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A")) }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: `${name}=${encodeURIComponent(`${token}x.${"A".repeat(43)}=`)}` }))).toBeNull();
  });
});

describe("rate limiting (S5)", () => {
  test("the 4th sign-in within 10 s from one client gets 429 with Retry-After, however x-forwarded-for rotates (API)", async () => {
    const user = await userWithPassword({ kind: "approved" });
    const ip = newClientIp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      last = await handleAuthApiRequest(
        apiRequest("/sign-in/email", { email: user.email, password: `wrong-password-${attempt}` }, { ip, headers: { "x-forwarded-for": `10.9.8.${attempt}`, "x-real-ip": `10.7.6.${attempt}` } }),
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const retryAfter = Number(last!.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);

    // Even the right password is refused while limited.
    const blocked = await handleAuthApiRequest(apiRequest("/sign-in/email", { email: user.email, password: TEST_PASSWORD }, { ip }));
    expect(blocked.status).toBe(429);

    // Another client (another trusted address) has its own bucket.
    const other = await handleAuthApiRequest(apiRequest("/sign-in/email", { email: user.email, password: TEST_PASSWORD }, { ip: newClientIp() }));
    expect(other.status).toBe(200);

    // The counters are rows of rate_limits (database storage: they survive a restart).
    const rows = await db().select().from(rateLimits).where(like(rateLimits.key, `${ip}|%`));
    expect(rows.map((r) => r.key)).toContain(`${ip}|/sign-in/email`);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "auth.rate_limited"));
    expect(audited.some((r) => r.ipAddress === ip && r.outcome === "denied")).toBe(true);
  });

  test("the /auth form shares the limit: its 4th sign-in gets 429 with Retry-After and a clear message", async () => {
    const user = await userWithPassword({ kind: "approved" });
    const ip = newClientIp();
    const results: Outcome[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const request = formRequest("/auth", { intent: "sign-in", email: user.email, password: `wrong-password-${attempt}` }, { ip });
      request.headers.set("x-forwarded-for", `172.16.0.${attempt}`);
      results.push(await run(() => authAction({ request, params: {}, context } as never)));
    }
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 429]);
    const limited = results[3]!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited.data).toMatchObject({ error: { title: "Sign In Error" } });
    expect(String((limited.data!.error as { text: string }).text)).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);

    // API and form are one bucket per client: the API is limited for this client too.
    const api = await handleAuthApiRequest(apiRequest("/sign-in/email", { email: user.email, password: TEST_PASSWORD }, { ip }));
    expect(api.status).toBe(429);
  });
});

describe("password reset and email verification", () => {
  test("reset by email link: a new password, every session ended (S9), a common password refused", async () => {
    const user = await userWithPassword({ kind: "admin" });
    const sessionA = await createSession(user);
    const sessionB = await createSession(user);

    const asked = await run(() =>
      forgotPasswordAction({ request: formRequest("/auth/forgot-password", { email: user.email.toUpperCase() }, { ip: newClientIp() }), params: {}, context } as never),
    );
    expect(asked.data).toMatchObject({ sent: true });
    // The same answer for an unknown address (no enumeration).
    const unknown = await run(() =>
      forgotPasswordAction({ request: formRequest("/auth/forgot-password", { email: uniqueEmail("nobody") }, { ip: newClientIp() }), params: {}, context } as never),
    );
    expect(unknown.data).toMatchObject({ sent: true });

    const email = await latestEmail(user.email, "auth.reset-password");
    expect(email?.textBody).toContain("/auth/reset-password?token=");
    const token = tokenFromEmail(email?.textBody);

    const common = await run(() =>
      resetPasswordAction({
        request: formRequest("/auth/reset-password", { token, password: "qwerty123456", confirmPassword: "qwerty123456" }, { ip: newClientIp() }),
        params: {},
        context,
      } as never),
    );
    expect(common.status).toBe(400);
    expect(common.data).toMatchObject({ fieldErrors: { password: "This password is too common. Please choose a less predictable one." } });

    const newPassword = "Gutter-Flashing-Valley-77";
    const reset = await run(() =>
      resetPasswordAction({
        request: formRequest("/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword }, { ip: newClientIp() }),
        params: {},
        context,
      } as never),
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/auth?notice=password-reset");
    expect(await resolveSession(new Headers({ cookie: sessionA.cookie }))).toBeNull();
    expect(await resolveSession(new Headers({ cookie: sessionB.cookie }))).toBeNull();

    // The token is single-use.
    const again = await run(() =>
      resetPasswordAction({
        request: formRequest("/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword }, { ip: newClientIp() }),
        params: {},
        context,
      } as never),
    );
    expect(again.status).toBe(400);

    expect((await signInApi(user.email, TEST_PASSWORD, { ip: newClientIp() })).response.status).toBe(401);
    expect((await signInApi(user.email, newPassword, { ip: newClientIp() })).response.status).toBe(200);
  });

  test("sign-in waits for the confirmation link; the link's page asks for the password, proves the address and signs in (ADR 046)", async () => {
    const email = uniqueEmail("verify");
    await handleAuthApiRequest(
      apiRequest("/sign-up/email", { name: "Vera Fy", firstName: "Vera", lastName: "Fy", email, password: TEST_PASSWORD }, { ip: newClientIp() }),
    );
    const first = tokenFromEmail((await latestEmail(email, "auth.verify-email"))?.textBody);

    // The right password before the address is proven: no session, and a new link (the first one ends).
    const early = await signInApi(email, TEST_PASSWORD, { ip: newClientIp() });
    expect([early.response.status, early.cookie]).toEqual([403, null]);
    const byForm = await run(() => authAction({ request: formRequest("/auth", { intent: "sign-in", email, password: TEST_PASSWORD }, { ip: newClientIp() }), params: {}, context } as never));
    expect(byForm.status).toBe(403);
    expect(byForm.data).toMatchObject({ error: { text: "Please confirm your email address first. We have emailed you a new link: open it to choose your password and sign in." } });
    const token = tokenFromEmail((await latestEmail(email, "auth.verify-email"))?.textBody);
    expect(token).not.toBe(first);
    const stale = await run(() => verifyEmailLoader({ request: new Request(`${ORIGIN}/auth/verify-email?token=${first}`), params: {}, context } as never));
    expect(stale.data).toMatchObject({ state: { ok: false, reason: "used" } });

    // Opening the page changes nothing.
    const page = await run(() => verifyEmailLoader({ request: new Request(`${ORIGIN}/auth/verify-email?token=${encodeURIComponent(token)}`), params: {}, context } as never));
    expect(page.data).toMatchObject({ token, state: { ok: true, email } });
    expect((await db().select().from(users).where(eq(users.email, email)))[0]?.emailVerified).toBe(false);

    const mismatch = await run(() => verifyEmailAction({ request: formRequest("/auth/verify-email", { token, password: "Ridge-Vent-Soffit-Drip-9", confirmPassword: "nope" }, { ip: newClientIp() }), params: {}, context } as never));
    expect(mismatch.data).toMatchObject({ fieldErrors: { confirmPassword: "The passwords do not match." } });

    // The password typed here is the account's from now on; a pending account lands on /auth (Account Pending).
    const chosen = "Ridge-Vent-Soffit-Drip-9";
    const confirmed = await run(() => verifyEmailAction({ request: formRequest("/auth/verify-email", { token, password: chosen, confirmPassword: chosen }, { ip: newClientIp() }), params: {}, context } as never));
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([302, "/auth"]);
    expect(sessionCookieFrom(confirmed.headers)).toBeTruthy();
    expect((await db().select().from(users).where(eq(users.email, email)))[0]).toMatchObject({ emailVerified: true, status: "pending" });
    expect((await signInApi(email, TEST_PASSWORD, { ip: newClientIp() })).response.status).toBe(401);
    expect((await signInApi(email, chosen, { ip: newClientIp() })).response.status).toBe(200);

    const again = await run(() => verifyEmailAction({ request: formRequest("/auth/verify-email", { token, password: chosen, confirmPassword: chosen }, { ip: newClientIp() }), params: {}, context } as never));
    expect(again.status).toBe(400);
    const forged = await run(() => verifyEmailAction({ request: formRequest("/auth/verify-email", { token: `${token}x`, password: chosen, confirmPassword: chosen }, { ip: newClientIp() }), params: {}, context } as never));
    expect(forged.status).toBe(400);
    // better-auth's own confirmation endpoint is off: its tokens are never emailed.
    expect((await handleAuthApiRequest(new Request(`${ORIGIN}/api/auth/verify-email?token=x`))).status).toBe(404);
  });

  test("an account with a one-time password must choose its own before the admin area; others' sessions end", async () => {
    const user = await createUser({ kind: "super_admin", overrides: { mustChangePassword: true } });
    await setUserPassword(user, "One-Time-Password-abc123");
    const other = await createSession(user);
    const ip = newClientIp();
    const { cookie } = await signInApi(user.email, "One-Time-Password-abc123", { ip });

    const guarded = await run(() => requireAdmin(new Request(`${ORIGIN}/admin`, { headers: { cookie: cookie! } })));
    expect(guarded.headers.get("location")).toBe("/auth/change-password");

    const mismatch = await run(() =>
      changePasswordAction({
        request: formRequest("/auth/change-password", { currentPassword: "One-Time-Password-abc123", password: "Ridge-Vent-Soffit-Drip-9", confirmPassword: "nope" }, { ip, cookie: cookie! }),
        params: {},
        context,
      } as never),
    );
    expect(mismatch.data).toMatchObject({ fieldErrors: { confirmPassword: "The passwords do not match." } });

    const changed = await run(() =>
      changePasswordAction({
        request: formRequest(
          "/auth/change-password",
          { currentPassword: "One-Time-Password-abc123", password: "Ridge-Vent-Soffit-Drip-9", confirmPassword: "Ridge-Vent-Soffit-Drip-9" },
          { ip, cookie: cookie! },
        ),
        params: {},
        context,
      } as never),
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/admin");
    const next = sessionCookieFrom(changed.headers)!;
    expect(await resolveSession(new Headers({ cookie: next }))).toMatchObject({ mustChangePassword: false, isSuperAdmin: true });
    expect(await resolveSession(new Headers({ cookie: other.cookie }))).toBeNull();
  });
});

describe("the /api/auth route", () => {
  test("answers only the endpoints the app uses", async () => {
    for (const [method, path] of [
      ["GET", "/get-session"],
      ["GET", "/verify-email?token=x"],
      ["POST", "/update-user"],
      ["POST", "/delete-user"],
      ["GET", "/list-sessions"],
      ["POST", "/sign-in/social"],
    ] as const) {
      const response = await handleAuthApiRequest(
        new Request(`${ORIGIN}/api/auth${path}`, { method, headers: { "x-app-client-ip": newClientIp(), "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined }),
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});
