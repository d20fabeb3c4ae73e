import { asSent } from "../support/outbox";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, users } from "~/db/schema";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";
import { sessionCookieName } from "~/domain/accounts/cookies.server";
import { resolveSession } from "~/domain/accounts/session.server";
import { action as authAction } from "~/routes/auth/auth";
import { action as changePasswordAction } from "~/routes/auth/change-password";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { createUser, setUserPassword, TEST_PASSWORD, uniqueEmail } from "../support/factories";
import { seededRandom } from "../support/prng";

/**
 * The password policy on every path that sets a password (issue 19 finding 6): sign-up, reset and
 * change (the first admin's forced change included), through the /auth forms' actions and through
 * better-auth's HTTP API (/api/auth/*), against this file's PostgreSQL database. A password of 12
 * or more characters that is easy to guess is refused with the policy's message and changes
 * nothing; a password of 128 emoji (256 UTF-16 units) can be chosen and used.
 */

// Sign-ins and resets hash with scrypt N=2^17 (~0.6 s): allow for slow machines.
vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://app.test";
const TOO_EASY = "This password is too easy to guess. Add more words, or use a few words that have nothing to do with each other.";
const PERSONAL = "Your password must not be your email address or name.";
const WEAK = ["aaaaaaaaaaaa", "123456789012", "passwordpassword"] as const;

let ipCounter = 0;
/** A fresh client address per request, so the sign-up and sign-in limits (3 per 10 s) never interfere. */
function newClientIp(): string {
  ipCounter += 1;
  return `198.51.100.${100 + ipCounter}`;
}

function apiRequest(path: string, body: unknown, { cookie }: { cookie?: string } = {}): Request {
  const headers = new Headers({ "content-type": "application/json", "x-app-client-ip": newClientIp(), origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

function formRequest(path: string, fields: Record<string, string>, { cookie }: { cookie?: string } = {}): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": newClientIp(), origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

const context = { cspNonce: "", requestId: "test-request" };

/** A route action's answer (a redirect Response or data()) as status, Location and data. */
async function run(action: (args: never) => unknown, request: Request): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await action({ request, params: {}, context } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), data: {} };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: value as Record<string, unknown> };
}

function sessionCookieFrom(headers: Headers): string | null {
  const name = sessionCookieName();
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !/Max-Age=0/i.test(c));
  return cookie ? cookie.split(";")[0]! : null;
}

async function signInApi(email: string, password: string) {
  const response = await handleAuthApiRequest(apiRequest("/sign-in/email", { email, password }));
  return { status: response.status, cookie: sessionCookieFrom(response.headers) };
}

async function passwordHashOf(userId: string): Promise<string | null> {
  const row = await db().query.accounts.findFirst({ where: (a, { eq: equals }) => equals(a.userId, userId) });
  return row?.password ?? null;
}

async function resetToken(email: string): Promise<string> {
  const asked = await run(forgotPasswordAction, formRequest("/auth/forgot-password", { email }));
  expect(asked.data).toMatchObject({ sent: true });
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "auth.reset-password")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const text = row ? asSent(row).textBody : "";
  const token = /token=([A-Za-z0-9._~%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(token);
}

/** `count` emoji from U+1F300-U+1F5FF, seeded: `count` characters, twice as many UTF-16 units. */
function randomEmoji(count: number, seed: number): string {
  const { int } = seededRandom(seed);
  return Array.from({ length: count }, () => String.fromCodePoint(0x1f300 + int(0x300))).join("");
}

describe("a weak password of 12 or more characters is refused wherever a password is set", () => {
  test("sign-up, by the form and by the API: the message, and no account", async () => {
    for (const password of WEAK) {
      const email = uniqueEmail("weak-signup");
      const form = await run(authAction, formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Wanda", lastName: "Weak", email, password }));
      expect(form.status, password).toBe(400);
      expect(form.data, password).toMatchObject({ error: { title: "Sign Up Error", text: TOO_EASY }, fieldErrors: { password: TOO_EASY } });

      const api = await handleAuthApiRequest(apiRequest("/sign-up/email", { name: "Wanda Weak", firstName: "Wanda", lastName: "Weak", email, password }));
      expect(api.status, password).toBe(400);
      expect(await api.json(), password).toMatchObject({ message: TOO_EASY });
      expect(await db().select().from(users).where(eq(users.email, email)), password).toEqual([]);
    }
    // The account's own name and email, dressed up.
    const email = uniqueEmail("jane.roofer");
    const personal = await run(authAction, formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Jane", lastName: "Roofer", email, password: "RooferJane1990" }));
    expect(personal.data).toMatchObject({ fieldErrors: { password: PERSONAL } });
    // A strong one is accepted.
    const created = await run(authAction, formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Jane", lastName: "Roofer", email, password: TEST_PASSWORD }));
    expect([created.status, created.location]).toEqual([302, "/auth?notice=account-created"]);
  });

  test("reset, by the form and by the API: the message, judged for the link's account; the link still works", async () => {
    const user = await createUser({ kind: "admin", overrides: { firstName: "Rhoda", lastName: "Shingleton" } });
    await setUserPassword(user);
    const before = await passwordHashOf(user.id);
    const token = await resetToken(user.email);

    for (const password of WEAK) {
      const form = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password, confirmPassword: password }));
      expect(form.status, password).toBe(400);
      expect(form.data, password).toMatchObject({ fieldErrors: { password: TOO_EASY } });
      const api = await handleAuthApiRequest(apiRequest("/reset-password", { token, newPassword: password }));
      expect(api.status, password).toBe(400);
      expect(await api.json(), password).toMatchObject({ message: TOO_EASY });
    }
    // The account's name, which the form does not send: the policy knows whose link it is.
    const named = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password: "Rhoda.Shingleton.1", confirmPassword: "Rhoda.Shingleton.1" }));
    expect(named.data).toMatchObject({ fieldErrors: { password: PERSONAL } });
    expect(await passwordHashOf(user.id)).toBe(before);

    const fresh = "Gutter-Flashing-Valley-77";
    const reset = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password: fresh, confirmPassword: fresh }));
    expect([reset.status, reset.location]).toEqual([302, "/auth?notice=password-reset"]);
    expect((await signInApi(user.email, fresh)).status).toBe(200);

    // A spent link is answered as such, whatever the password.
    const spent = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password: "aaaaaaaaaaaa", confirmPassword: "aaaaaaaaaaaa" }));
    expect(spent.data).toMatchObject({ error: { text: "This reset link is invalid or has expired. Please ask for a new one." } });
  });

  test("the first admin's forced change and a change through the API: the message, and the old password still works", async () => {
    const oneTime = "One-Time-Password-abc123";
    const admin = await createUser({ kind: "super_admin", overrides: { mustChangePassword: true, firstName: "Site", lastName: "Administrator" } });
    await setUserPassword(admin, oneTime);
    const { cookie } = await signInApi(admin.email, oneTime);
    expect(cookie).toBeTruthy();

    for (const password of WEAK) {
      const form = await run(changePasswordAction, formRequest("/auth/change-password", { currentPassword: oneTime, password, confirmPassword: password }, { cookie: cookie! }));
      expect(form.status, password).toBe(400);
      expect(form.data, password).toMatchObject({ fieldErrors: { password: TOO_EASY } });
    }
    const api = await handleAuthApiRequest(apiRequest("/change-password", { currentPassword: oneTime, newPassword: "passwordpassword" }, { cookie: cookie! }));
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ message: TOO_EASY });
    expect(await resolveSession(new Headers({ cookie: cookie! }))).toMatchObject({ mustChangePassword: true });
    expect((await signInApi(admin.email, oneTime)).status).toBe(200);

    const chosen = "Ridge-Vent-Soffit-Drip-9";
    const changed = await run(changePasswordAction, formRequest("/auth/change-password", { currentPassword: oneTime, password: chosen, confirmPassword: chosen }, { cookie: cookie! }));
    expect([changed.status, changed.location]).toEqual([302, "/admin"]);
  });
});

describe("the length is counted in characters", () => {
  test("a password of 128 emoji can be chosen at sign-up and reset and used to sign in; 129 are refused", async () => {
    const email = uniqueEmail("emoji");
    const first = randomEmoji(65, 11); // 130 UTF-16 units
    const created = await run(authAction, formRequest("/auth?mode=signup", { intent: "sign-up", firstName: "Emma", lastName: "Oji", email, password: first }));
    expect([created.status, created.location, created.data]).toEqual([302, "/auth?notice=account-created", {}]);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await db().update(users).set({ status: "approved", emailVerified: true }).where(eq(users.id, user!.id));
    expect((await signInApi(email, first)).status).toBe(200);
    const signedIn = await run(authAction, formRequest("/auth", { intent: "sign-in", email, password: first }));
    // Approved without a role: the front page (staff land on /admin, customers on /portal: issue 22).
    expect([signedIn.status, signedIn.location]).toEqual([302, "/"]);

    const token = await resetToken(email);
    const tooLong = randomEmoji(129, 12);
    const refused = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password: tooLong, confirmPassword: tooLong }));
    expect(refused.data).toMatchObject({ fieldErrors: { password: "Password must be at most 128 characters long." } });
    const longest = randomEmoji(128, 13); // 256 UTF-16 units
    const reset = await run(resetPasswordAction, formRequest("/auth/reset-password", { token, password: longest, confirmPassword: longest }));
    expect([reset.status, reset.location]).toEqual([302, "/auth?notice=password-reset"]);
    expect((await signInApi(email, longest)).status).toBe(200);
  });
});
