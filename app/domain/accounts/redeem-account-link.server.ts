import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accountLinks, accounts, users, type AccountLinkPurpose } from "~/db/schema";
import { claimRequests } from "~/domain/portal/claim-requests.server";
import { recordAudit, recordAuditSafely } from "./audit.server";
import { ACCOUNT_LINK_TOKEN, accountLinkTokenHash } from "./account-links.server";
import { callAuth } from "./auth-http.server";
import { hashPassword } from "./password-hash.server";
import { passwordProblem, passwordRuleProblem } from "./password-policy.server";
import { revokeUserSessions } from "./session.server";

/**
 * Opening a one-time account link (ADR 046): a sign-up's confirmation (/auth/verify-email) or a portal
 * invitation (/auth/invitation). The page asks for the account's password; submitting it, in one
 * transaction:
 * - uses the link up (once, also under two tabs: one conditional UPDATE wins);
 * - sets the password to the one typed here, whoever chose the earlier one (the mailbox owner chooses it
 *   in the step that proves the address: a stranger who signed up first with this email knows nothing);
 * - confirms the address and ends every session of the account;
 * - makes it the customer of the requests sent with that email (claim-requests.server.ts);
 * then signs in through better-auth's own endpoint (its session, cookie and rate limit).
 * Reading the page changes nothing: mail scanners follow links.
 */

const LINK_TEXT: Record<AccountLinkPurpose, { invalid: string; expired: string; used: string }> = {
  "confirm-email": {
    invalid: "This confirmation link is not valid. Sign in with your email and password to have a new one sent.",
    expired: "This confirmation link has expired. Sign in with your email and password to have a new one sent.",
    used: "This confirmation link was already used, or a newer one was sent. Sign in, or use the newest link we sent.",
  },
  "portal-invitation": {
    invalid: "This invitation link is not valid. Please ask our office for a new one.",
    expired: "This invitation link has expired. Please ask our office for a new one.",
    used: "This invitation link was already used. Sign in with the password you chose, or reset it.",
  },
};

/** The audit log's name for using each kind of link (the names the log had before ADR 046). */
const AUDIT_ACTION: Record<AccountLinkPurpose, string> = {
  "confirm-email": "auth.email_verified",
  "portal-invitation": "portal.invitation_accept",
};

type Refusal = keyof (typeof LINK_TEXT)[AccountLinkPurpose];

export type AccountLinkState = { ok: true; email: string; firstName: string } | { ok: false; reason: Refusal; text: string };

async function findLink(token: string, purpose: AccountLinkPurpose) {
  if (!ACCOUNT_LINK_TOKEN.test(token)) return null;
  const [row] = await db()
    .select({
      id: accountLinks.id,
      userId: accountLinks.userId,
      leadId: accountLinks.leadId,
      usedAt: accountLinks.usedAt,
      expired: sql<boolean>`${accountLinks.expiresAt} <= now()`,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.userId))
    .where(and(eq(accountLinks.tokenHash, accountLinkTokenHash(token)), eq(accountLinks.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

function stateOf(row: Awaited<ReturnType<typeof findLink>>, purpose: AccountLinkPurpose): AccountLinkState {
  const refuse = (reason: Refusal): AccountLinkState => ({ ok: false, reason, text: LINK_TEXT[purpose][reason] });
  if (!row || row.status === "rejected") return refuse("invalid");
  if (row.usedAt) return refuse("used");
  if (row.expired) return refuse("expired");
  return { ok: true, email: row.email, firstName: row.firstName };
}

/** What the link's page shows before the password is chosen (reading it changes nothing). */
export async function readAccountLink(token: string, purpose: AccountLinkPurpose): Promise<AccountLinkState> {
  return stateOf(await findLink(token, purpose), purpose);
}

export type RedeemLinkOutcome =
  | { ok: true; userId: string; setCookies: string[] }
  | { ok: false; status: number; text: string; fieldErrors?: { password?: string; confirmPassword?: string } };

export async function redeemAccountLink(
  request: Request,
  input: { token: string; purpose: AccountLinkPurpose; password: string; confirmPassword: string },
): Promise<RedeemLinkOutcome> {
  const { purpose } = input;
  const row = await findLink(input.token, purpose);
  const state = stateOf(row, purpose);
  if (!row || !state.ok) {
    await recordAuditSafely({ action: AUDIT_ACTION[purpose], outcome: "failure", request, details: { reason: state.ok ? "invalid" : state.reason } });
    return { ok: false, status: 400, text: state.ok ? LINK_TEXT[purpose].invalid : state.text };
  }
  const rule = passwordRuleProblem(input.password);
  const problem = rule ?? (await passwordProblem(input.password, { email: row.email, firstName: row.firstName, lastName: row.lastName }));
  if (problem) return { ok: false, status: 400, text: problem, fieldErrors: { password: problem } };
  if (input.password !== input.confirmPassword) {
    return { ok: false, status: 400, text: "The passwords do not match.", fieldErrors: { confirmPassword: "The passwords do not match." } };
  }
  const hash = await hashPassword(input.password);

  const used = await db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(accountLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountLinks.id, row.id), sql`${accountLinks.usedAt} is null`, sql`${accountLinks.expiresAt} > now()`))
      .returning({ userId: accountLinks.userId, leadId: accountLinks.leadId });
    if (!claimed) return null;
    // The address is proven: the account's other live links (the other purpose's) have nothing left to do.
    await tx
      .update(accountLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountLinks.userId, claimed.userId), sql`${accountLinks.usedAt} is null`));
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
      .set({ emailVerified: true, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, claimed.userId));
    const sessionsEnded = await revokeUserSessions(tx, claimed.userId);
    await claimRequests(tx, { userId: claimed.userId, leadId: claimed.leadId, request });
    await recordAudit(tx, {
      action: AUDIT_ACTION[purpose],
      actor: { id: claimed.userId, email: row.email },
      targetType: "user",
      targetId: claimed.userId,
      request,
      details: { passwordSet: true, sessionsEnded },
    });
    return claimed;
  });
  if (!used) return { ok: false, status: 400, text: LINK_TEXT[purpose].used };

  const signIn = await callAuth(request, "/sign-in/email", { email: row.email, password: input.password, rememberMe: true });
  if (!signIn.ok) {
    await recordAuditSafely({ action: `${AUDIT_ACTION[purpose]}_sign_in`, outcome: "failure", actor: { id: used.userId, email: row.email }, request, details: { status: signIn.status } });
    return { ok: true, userId: used.userId, setCookies: [] };
  }
  return { ok: true, userId: used.userId, setCookies: signIn.setCookies };
}
