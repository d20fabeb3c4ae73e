import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { accountLinks, type AccountLinkPurpose } from "~/db/schema";

/**
 * One-time account links (ADR 046): a confirmation of the address given at sign-up, or a portal
 * invitation. Whoever opens one proves they read the mailbox, and chooses the account's password in the
 * same step (redeem-account-link.server.ts), so a password chosen by anyone else never opens anything.
 *
 * The token is 256 random bits, sent only in the email (sealed in the outbox until it is sent); the table
 * keeps its SHA-256. An account has one live link of each purpose: a new one ends the earlier one of its
 * purpose (not the other's: a stranger who knows the password and asks for confirmation links must not end
 * the homeowner's invitation), and using one ends them all.
 */

const ACCOUNT_LINK_LIFETIME_SECONDS: Record<AccountLinkPurpose, number> = {
  "confirm-email": 24 * 60 * 60,
  "portal-invitation": 7 * 24 * 60 * 60,
};

/** What a link's token looks like (32 random bytes in base64url). */
export const ACCOUNT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 (hex) of a link's token: what the table stores. */
export function accountLinkTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** Makes a link for `userId` with `executor` (the caller's transaction) and returns its token. */
export async function createAccountLink(
  executor: DbExecutor,
  input: { userId: string; purpose: AccountLinkPurpose; leadId?: string | null; createdBy?: string | null },
): Promise<string> {
  await executor
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountLinks.userId, input.userId), eq(accountLinks.purpose, input.purpose), isNull(accountLinks.usedAt)));
  const token = crypto.randomBytes(32).toString("base64url");
  await executor.insert(accountLinks).values({
    userId: input.userId,
    purpose: input.purpose,
    leadId: input.leadId ?? null,
    tokenHash: accountLinkTokenHash(token),
    createdBy: input.createdBy ?? null,
    expiresAt: sql`now() + make_interval(secs => ${ACCOUNT_LINK_LIFETIME_SECONDS[input.purpose]})`,
  });
  return token;
}
