import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accounts, portalInvitations, users } from "~/db/schema";
import { recordAudit, recordAuditSafely } from "~/domain/accounts/audit.server";
import { callAuth } from "~/domain/accounts/auth-http.server";
import { hashPassword } from "~/domain/accounts/password-hash.server";
import { passwordProblem, passwordRuleProblem } from "~/domain/accounts/password-policy.server";
import { revokeUserSessions } from "~/domain/accounts/session.server";
import { invitationTokenHash } from "./invite-to-portal.server";

/**
 * The homeowner opens the invitation link and chooses a password (issue 22 item 1). The link works once
 * and until it expires; using it confirms the email address (the link reached it), makes a pending
 * account approved (it holds the `customer` role), ends the account's other sessions, and signs the
 * homeowner in.
 */

const INVITATION_TEXT = {
  invalid: "This invitation link is not valid. Please ask our office for a new one.",
  expired: "This invitation link has expired. Please ask our office for a new one.",
  used: "This invitation link was already used. Sign in with the password you chose, or reset it.",
} as const;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type InvitationState =
  | { ok: true; email: string; firstName: string }
  | { ok: false; reason: keyof typeof INVITATION_TEXT; text: string };

async function findInvitation(token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db()
    .select({
      id: portalInvitations.id,
      userId: portalInvitations.userId,
      usedAt: portalInvitations.usedAt,
      expired: sql<boolean>`${portalInvitations.expiresAt} <= now()`,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(portalInvitations)
    .innerJoin(users, eq(users.id, portalInvitations.userId))
    .where(eq(portalInvitations.tokenHash, invitationTokenHash(token)))
    .limit(1);
  return row ?? null;
}

function refusal(reason: keyof typeof INVITATION_TEXT): InvitationState {
  return { ok: false, reason, text: INVITATION_TEXT[reason] };
}

/** What the link's page shows before the password is chosen (reading it changes nothing). */
export async function readInvitation(token: string): Promise<InvitationState> {
  return stateOf(await findInvitation(token));
}

function stateOf(row: Awaited<ReturnType<typeof findInvitation>>): InvitationState {
  if (!row || row.status === "rejected") return refusal("invalid");
  if (row.usedAt) return refusal("used");
  if (row.expired) return refusal("expired");
  return { ok: true, email: row.email, firstName: row.firstName };
}

export type AcceptOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; text: string; fieldErrors?: { password?: string; confirmPassword?: string } };

export async function acceptPortalInvitation(request: Request, input: { token: string; password: string; confirmPassword: string }): Promise<AcceptOutcome> {
  const row = await findInvitation(input.token);
  const state = stateOf(row);
  if (!row || !state.ok) return { ok: false, status: 400, text: state.ok ? INVITATION_TEXT.invalid : state.text };
  const rule = passwordRuleProblem(input.password);
  const problem = rule ?? (await passwordProblem(input.password, { email: row.email, firstName: row.firstName, lastName: row.lastName }));
  if (problem) return { ok: false, status: 400, text: problem, fieldErrors: { password: problem } };
  if (input.password !== input.confirmPassword) {
    return { ok: false, status: 400, text: "The passwords do not match.", fieldErrors: { confirmPassword: "The passwords do not match." } };
  }
  const hash = await hashPassword(input.password);

  const accepted = await db().transaction(async (tx) => {
    // Single use, also under two tabs at once: only one update finds the link unused.
    const [claimed] = await tx
      .update(portalInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(portalInvitations.id, row.id), sql`${portalInvitations.usedAt} is null`, sql`${portalInvitations.expiresAt} > now()`))
      .returning({ userId: portalInvitations.userId });
    if (!claimed) return false;
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, claimed.userId), eq(accounts.providerId, "credential")))
      .for("update");
    if (credential) {
      await tx.update(accounts).set({ password: hash, updatedAt: sql`now()` }).where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({ userId: claimed.userId, providerId: "credential", accountId: claimed.userId, password: hash });
    }
    await tx
      .update(users)
      .set({
        emailVerified: true,
        mustChangePassword: false,
        status: sql`case when ${users.status} = 'pending' then 'approved' else ${users.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, claimed.userId));
    await revokeUserSessions(tx, claimed.userId);
    await recordAudit(tx, { action: "portal.invitation_accept", actor: { id: claimed.userId, email: row.email }, request });
    return true;
  });
  if (!accepted) return { ok: false, status: 400, text: INVITATION_TEXT.used };

  // Signed in through better-auth's own endpoint (its session, its cookie, its rate limit).
  const signIn = await callAuth(request, "/sign-in/email", { email: row.email, password: input.password, rememberMe: true });
  if (!signIn.ok) {
    await recordAuditSafely({ action: "portal.invitation_sign_in", outcome: "failure", actor: { id: row.userId, email: row.email }, request, details: { status: signIn.status } });
    return { ok: true, setCookies: [] };
  }
  return { ok: true, setCookies: signIn.setCookies };
}
