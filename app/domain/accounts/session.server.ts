import { and, eq, lt, ne, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type DbExecutor } from "~/db/client.server";
import { sessions, users, type Role, type UserStatus } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hasAdminRights, hasSuperAdminRights } from "./constants";
import { hasSessionCookie, readSessionToken } from "./cookies.server";
import { sessionTokenDigest } from "./session-token-digest.server";

/**
 * Who is signed in, from the session cookie, in one query — and nothing at
 * all when the request has no session cookie (anonymous public pages never
 * touch the database for this).
 *
 * Lifetimes (QUALITY S8, docs/decisions/009-session-lifetimes.md):
 * - absolute: SESSION_MAX_AGE_HOURS after sign-in (better-auth's expiresAt,
 *   never extended, and checked against created_at here);
 * - idle: SESSION_IDLE_TIMEOUT_MINUTES without a request. Activity moves
 *   sessions.updated_at forward, at most once a minute per session.
 * An expired session is deleted on sight.
 */

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  status: UserStatus;
  emailVerified: boolean;
  mustChangePassword: boolean;
  roles: Role[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
  sessionId: string;
  sessionCreatedAt: Date;
}

/** Activity is recorded at most this often per session. */
const TOUCH_AFTER_MS = 60_000;

const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null. Memoised per Request, so a
 * layout and its page asking in the same request cost one query.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = resolveSession(request.headers);
    perRequest.set(request, pending);
  }
  return pending;
}

export async function resolveSession(headers: Headers, { touch = true }: { touch?: boolean } = {}): Promise<SessionUser | null> {
  if (!hasSessionCookie(headers)) return null;
  const token = readSessionToken(headers);
  if (!token) return null;

  const [row] = await db()
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      sessionCreatedAt: sessions.createdAt,
      lastActiveAt: sessions.updatedAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      status: users.status,
      emailVerified: users.emailVerified,
      mustChangePassword: users.mustChangePassword,
      roles: sql<Role[]>`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."id"), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sessionTokenDigest(token)))
    .limit(1);
  if (!row) return null;

  const now = Date.now();
  const cfg = config();
  const idleMs = cfg.SESSION_IDLE_TIMEOUT_MINUTES * 60_000;
  const maxAgeMs = cfg.SESSION_MAX_AGE_HOURS * 3_600_000;
  const expiry =
    row.expiresAt.getTime() <= now
      ? "expired"
      : now - row.sessionCreatedAt.getTime() > maxAgeMs
        ? "max_age"
        : now - row.lastActiveAt.getTime() > idleMs
          ? "idle"
          : null;
  if (expiry) {
    await db().delete(sessions).where(eq(sessions.id, row.sessionId));
    logger.info({ userId: row.id, reason: expiry }, "session ended by its lifetime");
    return null;
  }
  // Sign-in needs a proven address, and proving it ends every session (ADR 046): a session of an account
  // whose address nobody proved was not made by this app's sign-in, and opens nothing.
  if (!row.emailVerified) {
    await db().delete(sessions).where(eq(sessions.id, row.sessionId));
    logger.warn({ userId: row.id }, "session of an account with an unconfirmed email address ended");
    return null;
  }
  if (touch && now - row.lastActiveAt.getTime() > TOUCH_AFTER_MS) {
    await db()
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.updatedAt, new Date(now - TOUCH_AFTER_MS))));
  }

  const roles = [...row.roles];
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name,
    status: row.status,
    emailVerified: row.emailVerified,
    mustChangePassword: row.mustChangePassword,
    roles,
    isAdmin: hasAdminRights(roles),
    isSuperAdmin: hasSuperAdminRights(roles),
    sessionId: row.sessionId,
    sessionCreatedAt: row.sessionCreatedAt,
  };
}

export async function deleteSessionByToken(token: string, executor: DbExecutor = db()): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.token, sessionTokenDigest(token)));
}

/** Ends every session of `userId` (optionally but one); returns how many. */
export async function revokeUserSessions(
  executor: DbExecutor,
  userId: string,
  { exceptSessionId }: { exceptSessionId?: string } = {},
): Promise<number> {
  const deleted = await executor
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return deleted.length;
}
