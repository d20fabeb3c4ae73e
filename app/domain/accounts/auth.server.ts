import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { users } from "~/db/schema";
import { sendEmail, withEmails } from "~/domain/email/queue-email.server";
import { logger } from "~/lib/logger.server";
import { recordAuditSafely } from "./audit.server";
import { forgetFirstAdminPassword } from "./bootstrap.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { cookiePrefix, readSessionToken, secureCookies } from "./cookies.server";
import {
  existingAccountEmail,
  resetPasswordEmail,
  RESET_PASSWORD_EXPIRES_SECONDS,
  VERIFY_EMAIL_EXPIRES_SECONDS,
  verificationEmail,
} from "./emails.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { passwordProblem, type PasswordContext } from "./password-policy.server";
import { claimRequests } from "~/domain/portal/claim-requests.server";
import { createAccountLink } from "./account-links.server";
import { authSecret } from "./secret.server";
import { deleteSessionByToken, resolveSession } from "./session.server";
import { withSessionTokenDigests } from "./session-token-digest.server";
import { notifySuperAdminsOfSignUp } from "./sign-up-notice.server";
import { emailSchema, firstNameSchema, lastNameSchema, PASSWORD_MAX_UTF16_LENGTH, PASSWORD_MIN_LENGTH, RESET_TOKEN_PATTERN } from "./validation";

/**
 * better-auth, configured deliberately (see docs/decisions/008-accounts-and-authentication.md):
 *
 * - email + password, database sessions (no cookie cache: a revoked session
 *   is dead on its next request), profile fields on `users`;
 * - `status` can never come from a request (input: false, and the create
 *   hook forces "pending"); roles live in user_roles, outside better-auth;
 * - passwords judged by password-policy.server.ts in the before-hook of every
 *   path that sets one (sign-up, reset, change: not common, 12-128
 *   characters, not the account's name or email, zxcvbn score 3+), hashed
 *   with scrypt N=2^17 r=8 (password-hash.server.ts);
 * - no automatic sign-in after sign-up and a generic answer for a taken email
 *   (no account enumeration); the verification email goes out at sign-up;
 * - sessions revoked on password reset; a fixed absolute lifetime here, the
 *   idle timeout in session.server.ts;
 * - rate limiting on in every environment, stored in the database
 *   (`rate_limits`, survives restarts), keyed by the client address from
 *   `x-app-client-ip`, which only our Express middleware sets;
 * - cookies `__Host-` prefixed, Secure, HttpOnly, SameSite=Lax in production.
 *
 * Mounted at /api/auth/* (app/routes/resources/api.auth.$.ts). The /auth
 * forms go through `auth().handler` too (auth-http.server.ts), never through
 * `auth.api.*`, so the rate limiter applies to them.
 */

export const AUTH_BASE_PATH = "/api/auth";

/** Sign-in and sign-up: the 4th attempt within 10 s from one client gets 429 (QUALITY S5). */
const SIGN_IN_RATE_LIMIT = { window: 10, max: 3 } as const;

function sessionMaxAgeSeconds(): number {
  return config().SESSION_MAX_AGE_HOURS * 60 * 60;
}

/**
 * The app's database as better-auth's adapter sees it: every access goes to
 * the current `db()`, so the adapter keeps working when the pool is replaced
 * (tests re-create it; closeDatabase() drops it on shutdown).
 */
const liveDatabase = new Proxy({} as Database, {
  get(_target, property) {
    const target = db();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

// better-auth's "info" lines are chatty (and name emails): debug for us.
const logLevels = { debug: "debug", info: "debug", warn: "warn", error: "error" } as const;

function createAuth() {
  const cfg = config();
  return betterAuth({
    appName: "Roofing website",
    // Without APP_URL, better-auth takes the origin of each request; links in
    // emails never do (emails.server.ts).
    baseURL: cfg.APP_URL ? new URL(cfg.APP_URL).origin : undefined,
    basePath: AUTH_BASE_PATH,
    // better-auth's own confirmation (its tokens are never emailed: ours ask for the password) and the
    // endpoints that hand session rows back by token: sessions are stored as digests (ADR 046).
    disabledPaths: ["/verify-email", "/list-sessions", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions"],
    secret: authSecret(),
    // Session tokens are stored as digests (session-token-digest.server.ts, ADR 046).
    database: withSessionTokenDigests(drizzleAdapter(liveDatabase, { provider: "pg", schema, usePlural: true, transaction: true })),
    telemetry: { enabled: false },
    logger: {
      // Not "warn"/"error": those also make better-auth print every API error to the console itself.
      level: "info",
      log(level, message, ...args) {
        const err = args.find((a): a is Error => a instanceof Error);
        logger[logLevels[level]]({ component: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        lastName: { type: "string", required: true, input: true },
        // Never from input: a sign-up with `status: "approved"` still yields "pending".
        status: { type: "string", required: false, input: false, defaultValue: "pending" },
        mustChangePassword: { type: "boolean", required: false, input: false, defaultValue: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // better-auth counts UTF-16 units: bounds that never refuse what the policy (characters) accepts.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_UTF16_LENGTH,
      autoSignIn: false,
      // No session for an address nobody proved (ADR 046): a password chosen at sign-up opens nothing until
      // the mailbox owner opened the confirmation link, which asks for the password again.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, token }) {
        await sendEmail(resetPasswordEmail(user as typeof user & { firstName?: string }, token));
      },
      async onPasswordReset({ user }, request) {
        // The reset link reached the mailbox and its owner chose the password in the same step: that proves
        // the address as a confirmation link does (ADR 046).
        await db().transaction(async (tx) => {
          await tx.update(users).set({ mustChangePassword: false, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
          await claimRequests(tx, { userId: user.id, request: request ?? null });
        });
        await recordAuditSafely({ action: "auth.password_reset", actor: { id: user.id, email: user.email }, request, details: { sessionsRevoked: true, emailVerified: true } });
      },
      async onExistingUserSignUp({ user }) {
        await sendEmail(existingAccountEmail(user as typeof user & { firstName?: string }));
      },
    },
    emailVerification: {
      // A sign-up, and a sign-in with the right password before the address is confirmed, email a new
      // one-time link (ADR 046). Its token is ours (account-links.server.ts), not better-auth's: opening it
      // asks for the password, so the mailbox owner chooses it in the step that proves the address.
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_SECONDS,
      async sendVerificationEmail({ user }) {
        await withEmails(async (tx, queue) => {
          const token = await createAccountLink(tx, { userId: user.id, purpose: "confirm-email" });
          await queue(verificationEmail(user as typeof user & { firstName?: string }, token));
        });
      },
    },
    session: {
      // Absolute lifetime; never extended. The idle timeout is enforced in session.server.ts.
      expiresIn: sessionMaxAgeSeconds(),
      updateAge: sessionMaxAgeSeconds(),
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    verification: { storeIdentifier: "hashed" },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 10,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_RATE_LIMIT,
        "/sign-up/email": SIGN_IN_RATE_LIMIT,
        "/change-password": SIGN_IN_RATE_LIMIT,
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The prefix carries `__Host-` in production (cookies.server.ts); don't add `__Secure-`.
      useSecureCookies: false,
      cookiePrefix: cookiePrefix(),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/" },
      database: { generateId: "uuid" },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const firstName = String(user.firstName ?? "").trim();
            const lastName = String(user.lastName ?? "").trim();
            return {
              data: {
                ...user,
                firstName,
                lastName,
                name: `${firstName} ${lastName}`.trim() || user.email,
                email: user.email.toLowerCase(),
                image: null,
                status: "pending",
                mustChangePassword: false,
              },
            };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case "/sign-up/email": {
            const first = firstNameSchema.safeParse(body.firstName);
            const last = lastNameSchema.safeParse(body.lastName);
            const email = emailSchema.safeParse(body.email);
            const problem =
              (!first.success && first.error.issues[0]?.message) ||
              (!last.success && last.error.issues[0]?.message) ||
              (!email.success && email.error.issues[0]?.message) ||
              (typeof body.password !== "string"
                ? "Password is required."
                : await passwordProblem(body.password, {
                    email: email.data,
                    firstName: first.data,
                    lastName: last.data,
                  }));
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_INPUT" });
            return {
              context: {
                body: { ...body, name: `${first.data} ${last.data}`, firstName: first.data, lastName: last.data, email: email.data },
              },
            };
          }
          case "/reset-password": {
            if (typeof body.newPassword !== "string") throw new APIError("BAD_REQUEST", { message: "Password is required.", code: "INVALID_INPUT" });
            // The link first (as better-auth would answer it): the password is judged for its account only.
            const token = typeof body.token === "string" ? body.token : typeof ctx.query?.token === "string" ? ctx.query.token : "";
            const verification = RESET_TOKEN_PATTERN.test(token) ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
            const account = verification && verification.expiresAt >= new Date() ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
            if (!account) throw new APIError("BAD_REQUEST", { message: "Invalid token", code: "INVALID_TOKEN" });
            const problem = await passwordProblem(body.newPassword, account as typeof account & PasswordContext);
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_INPUT" });
            return;
          }
          case "/change-password": {
            const current = ctx.headers ? await resolveSession(ctx.headers, { touch: false }) : null;
            const problem =
              typeof body.newPassword !== "string"
                ? "Password is required."
                : await passwordProblem(body.newPassword, current ?? {});
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_INPUT" });
            // A changed password always ends the account's other sessions (QUALITY S9), also when the API
            // is called directly without asking for it.
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }
          case "/sign-in/email": {
            if (typeof body.email === "string") return { context: { body: { ...body, email: body.email.trim().toLowerCase() } } };
            return;
          }
          case "/sign-out": {
            const current = ctx.headers ? await resolveSession(ctx.headers, { touch: false }) : null;
            if (current) {
              await recordAuditSafely({ action: "auth.sign_out", actor: current, request: ctx.request ?? ctx.headers });
            }
            return;
          }
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isAPIError(returned);
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const request = ctx.request ?? ctx.headers;
        const reason = failed ? (returned.body?.code ?? returned.status) : undefined;
        switch (ctx.path) {
          case "/sign-in/email": {
            const attemptedEmail = typeof body.email === "string" ? body.email.slice(0, 254) : null;
            if (failed) {
              await recordAuditSafely({ action: "auth.sign_in", outcome: "failure", actor: { email: attemptedEmail }, request, details: { reason } });
              return;
            }
            const created = ctx.context.newSession;
            if (!created) return;
            // A new session token at every sign-in; the one the browser had before is revoked (QUALITY S6).
            const previous = ctx.headers ? readSessionToken(ctx.headers) : null;
            if (previous && previous !== created.session.token) await deleteSessionByToken(previous);
            await recordAuditSafely({ action: "auth.sign_in", actor: { id: created.user.id, email: created.user.email }, request });
            await forgetFirstAdminPassword(created.user.email);
            return;
          }
          case "/sign-up/email": {
            if (failed) {
              await recordAuditSafely({ action: "auth.sign_up", outcome: "failure", actor: { email: typeof body.email === "string" ? body.email.slice(0, 254) : null }, request, details: { reason } });
              return;
            }
            const userId = (returned as { user?: { id?: string } } | undefined)?.user?.id;
            // A taken email gets a synthetic answer (no enumeration): only a real new row counts.
            if (userId) await notifySuperAdminsOfSignUp(userId, request);
            return;
          }
          case "/change-password": {
            const current = failed && ctx.headers ? await resolveSession(ctx.headers, { touch: false }) : null;
            if (failed) {
              await recordAuditSafely({ action: "auth.password_change", outcome: "failure", actor: current, request, details: { reason } });
              return;
            }
            const user = (returned as { user?: { id: string; email: string } }).user;
            if (user) {
              await db().update(users).set({ mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, user.id));
              await recordAuditSafely({ action: "auth.password_change", actor: user, request, details: { otherSessionsRevoked: true } });
            }
            return;
          }
          case "/request-password-reset": {
            await recordAuditSafely({
              action: "auth.password_reset_request",
              outcome: failed ? "failure" : "success",
              actor: { email: typeof body.email === "string" ? body.email.slice(0, 254) : null },
              request,
              details: { reason },
            });
            return;
          }
          case "/reset-password": {
            if (failed) await recordAuditSafely({ action: "auth.password_reset", outcome: "failure", request, details: { reason } });
            return;
          }
          default:
            return;
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { __appAuth?: Auth };

/** The better-auth instance (created on first use). */
export function auth(): Auth {
  globalForAuth.__appAuth ??= createAuth();
  return globalForAuth.__appAuth;
}
