import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db, type DbTransaction } from "~/db/client.server";
import { userRoles, users, type AssignableRole, type Role, type UserStatus } from "~/db/schema";
import { withEmails } from "~/domain/email/queue-email.server";
import { recordAudit } from "./audit.server";
import { accountApprovedEmail, accountRejectedEmail } from "./emails.server";
import type { SessionUser } from "./session.server";
import { revokeUserSessions } from "./session.server";

/**
 * User management (spec 1 §2 "User Management", §7 "List users / Set status /
 * Assign role"), for super admins. Every change runs in one transaction with
 * its audit row, its session revocations and its emails (outbox), so they all
 * happen or none does.
 */

export interface ManagedUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  status: UserStatus;
  roles: Role[];
  createdAt: Date;
}

/** All users (or those of one status): pending first, then the newest. */
export async function listUsers({ status }: { status?: UserStatus } = {}): Promise<ManagedUser[]> {
  return db()
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerified: users.emailVerified,
      status: users.status,
      // Qualified by hand: drizzle leaves columns unqualified in a single-table select.
      roles: sql<Role[]>`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."id"), '{}')`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(status ? eq(users.status, status) : undefined)
    .orderBy(sql`(${users.status} = 'pending') desc`, desc(users.createdAt), asc(users.email));
}

export async function countUsersByStatus(): Promise<Record<UserStatus, number>> {
  const rows = await db().select({ status: users.status, n: count() }).from(users).groupBy(users.status);
  const out: Record<UserStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) out[row.status] = row.n;
  return out;
}

export type UserChangeResult =
  | { ok: true; changed: boolean; sessionsEnded: number }
  | { ok: false; reason: "not_found" | "own_account" | "email_not_verified" };

async function lockUser(tx: DbTransaction, userId: string) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for("update");
  return target;
}

/**
 * Sets a user's status. Approving or rejecting emails the user; leaving
 * "approved" (rejecting, or back to pending) ends all their sessions
 * (QUALITY S9). A super admin cannot change their own status.
 */
export async function setUserStatus(
  actor: SessionUser,
  userId: string,
  status: UserStatus,
  request: Request,
): Promise<UserChangeResult> {
  if (userId === actor.id) return { ok: false, reason: "own_account" };
  return withEmails(async (tx, queue) => {
    const target = await lockUser(tx, userId);
    if (!target) return { ok: false, reason: "not_found" } as const;
    if (target.status === status) return { ok: true, changed: false, sessionsEnded: 0 } as const;
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    const sessionsEnded = status === "approved" ? 0 : await revokeUserSessions(tx, userId);
    if (status === "approved") await queue(accountApprovedEmail(target));
    if (status === "rejected") await queue(accountRejectedEmail(target));
    await recordAudit(tx, {
      action: "user.status.update",
      actor,
      targetType: "user",
      targetId: userId,
      request,
      details: { email: target.email, from: target.status, to: status, sessionsEnded },
    });
    return { ok: true, changed: true, sessionsEnded } as const;
  });
}

/**
 * Upserts a role (spec 1 §7) with assigned_by = the acting super admin. Every assignable role reads
 * personal data (customers' requests, or the whole back office), so it is refused for an address nobody
 * proved (ADR 046). A role given ends the account's sessions: the next sign-in carries it.
 */
export async function assignRole(actor: SessionUser, userId: string, role: AssignableRole, request: Request): Promise<UserChangeResult> {
  return db().transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (!target) return { ok: false, reason: "not_found" } as const;
    if (!target.emailVerified) {
      await recordAudit(tx, {
        action: "user.role.assign",
        outcome: "denied",
        actor,
        targetType: "user",
        targetId: userId,
        request,
        details: { email: target.email, role, reason: "email_not_verified" },
      });
      return { ok: false, reason: "email_not_verified" } as const;
    }
    const inserted = await tx
      .insert(userRoles)
      .values({ userId, role, assignedBy: actor.id })
      .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] })
      .returning({ id: userRoles.id });
    const changed = inserted.length > 0;
    const sessionsEnded = changed && userId !== actor.id ? await revokeUserSessions(tx, userId) : 0;
    await recordAudit(tx, {
      action: "user.role.assign",
      actor,
      targetType: "user",
      targetId: userId,
      request,
      details: { email: target.email, role, alreadyAssigned: !changed, sessionsEnded },
    });
    return { ok: true, changed, sessionsEnded } as const;
  });
}

/** Removes a role and ends the user's sessions (QUALITY S9). Not for one's own account. */
export async function removeRole(actor: SessionUser, userId: string, role: AssignableRole, request: Request): Promise<UserChangeResult> {
  if (userId === actor.id) return { ok: false, reason: "own_account" };
  return db().transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (!target) return { ok: false, reason: "not_found" } as const;
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning({ id: userRoles.id });
    const changed = removed.length > 0;
    const sessionsEnded = changed ? await revokeUserSessions(tx, userId) : 0;
    await recordAudit(tx, {
      action: "user.role.remove",
      actor,
      targetType: "user",
      targetId: userId,
      request,
      details: { email: target.email, role, wasAssigned: changed, sessionsEnded },
    });
    return { ok: true, changed, sessionsEnded } as const;
  });
}
