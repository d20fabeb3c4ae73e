import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { contractCrawlSessions, contractDigestSubscribers, userRoles, users } from "~/db/schema";
import { withEmails } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import type { ParsedContract } from "./adapters";
import { COMPANY_TIME_ZONE } from "./schedule.server";
import { toTimestamp } from "./store-contract.server";

/**
 * After a scheduled crawl that found new contracts, one digest email through
 * the outbox to each admin who opted in (contract_digest_subscribers; approved
 * accounts with the admin or super_admin role only), listing the new ones:
 * title, agency, deadline, link. At most one per configuration per run: the
 * session's digest_queued_at is claimed in the same transaction as the
 * outbox rows, so a retried job never sends it twice.
 */

export const DIGEST_KIND = "contracts.digest";
/** Contracts listed in one email; the rest are counted. */
const MAX_LISTED = 50;

function deadlineText(value: string | null): string {
  const date = toTimestamp(value);
  if (!date) return "no deadline given";
  return new Intl.DateTimeFormat("en-US", { timeZone: COMPANY_TIME_ZONE, month: "short", day: "numeric", year: "numeric" }).format(date);
}

export interface DigestInput {
  sessionId: string;
  sourceName: string;
  configName: string | null;
  contracts: readonly ParsedContract[];
}

/** Queues the digest of a run; returns the outbox ids (empty when there is nothing to send or it was sent). */
export async function queueCrawlDigest(input: DigestInput): Promise<string[]> {
  if (input.contracts.length === 0) return [];
  return withEmails(async (tx, queue) => {
    const claimed = await tx
      .update(contractCrawlSessions)
      .set({ digestQueuedAt: sql`now()` })
      .where(and(eq(contractCrawlSessions.id, input.sessionId), isNull(contractCrawlSessions.digestQueuedAt)))
      .returning({ id: contractCrawlSessions.id });
    if (claimed.length === 0) return [];
    const recipients = await tx
      .selectDistinct({ email: users.email })
      .from(contractDigestSubscribers)
      .innerJoin(users, eq(users.id, contractDigestSubscribers.userId))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(users.status, "approved"), inArray(userRoles.role, ["admin", "super_admin"])));
    if (recipients.length === 0) return [];
    const n = input.contracts.length;
    const listed = input.contracts.slice(0, MAX_LISTED);
    const from = input.configName ? `${input.sourceName} (${input.configName})` : input.sourceName;
    const email = renderEmail({
      title: `${n} new contract${n === 1 ? "" : "s"} from ${from}`,
      paragraphs: [
        `The scheduled crawl of ${from} found ${n} new solicitation${n === 1 ? "" : "s"}:`,
        ...listed.map((c) => [c.title, `Agency: ${c.agencyName ?? "not stated"}`, `Deadline: ${deadlineText(c.deadlineDate)}`, c.sourceUrl].join("\n")),
        ...(n > listed.length ? [`…and ${n - listed.length} more in the back office.`] : []),
      ],
      action: { label: "Open the contracts", url: "/admin/contracts" },
      footerNote: "You get this email because you asked for the new-contracts digest.",
    });
    const ids: string[] = [];
    for (const { email: to } of recipients) {
      ids.push(await queue({ to, kind: DIGEST_KIND, relatedId: input.sessionId, ...email }));
    }
    return ids;
  });
}
