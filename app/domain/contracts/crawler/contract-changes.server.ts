import { and, eq, notInArray, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractChanges, contractOpportunities as c, type ContractFieldChange } from "~/db/schema";

/**
 * The change history of a re-crawled contract (storeContract): which of the
 * fields the crawler writes changed, old -> new, shown as text and shortened
 * to VALUE_MAX characters; at most CONTRACT_CHANGES_KEPT entries per
 * contract (the oldest go as new ones come).
 */

export const CONTRACT_CHANGES_KEPT = 50;
const VALUE_MAX = 500;

/** The columns compared (their names are the history's field names). */
export const trackedColumns = {
  title: c.title,
  description: c.description,
  agencyName: c.agencyName,
  sourceUrl: c.sourceUrl,
  contractType: c.contractType,
  estimatedValue: c.estimatedValue,
  currency: c.currency,
  locationCity: c.locationCity,
  locationState: c.locationState,
  locationCountry: c.locationCountry,
  postedDate: c.postedDate,
  deadlineDate: c.deadlineDate,
  tags: c.tags,
  status: c.status,
};

type Tracked = { [K in keyof typeof trackedColumns]: unknown };

function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = [...(value as unknown[])].map(String).sort().join(", ");
  else text = String(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** The tracked fields whose shown value differs between `before` and `after`. */
export function fieldChanges(before: Tracked, after: Tracked): ContractFieldChange[] {
  const out: ContractFieldChange[] = [];
  for (const field of Object.keys(trackedColumns) as Array<keyof Tracked>) {
    const from = shown(before[field]);
    const to = shown(after[field]);
    if (from !== to) out.push({ field, from, to });
  }
  return out;
}

/** Stores one history entry (nothing when nothing shown changed) and drops the ones beyond the kept number. */
export async function recordContractChanges(tx: DbTransaction, contractId: string, changes: ContractFieldChange[], sessionId: string | null): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(contractChanges).values({ contractId, crawlSessionId: sessionId, changes });
  const kept = tx
    .select({ id: contractChanges.id })
    .from(contractChanges)
    .where(eq(contractChanges.contractId, contractId))
    .orderBy(sql`${contractChanges.changedAt} desc`, sql`${contractChanges.id} desc`)
    .limit(CONTRACT_CHANGES_KEPT);
  await tx.delete(contractChanges).where(and(eq(contractChanges.contractId, contractId), notInArray(contractChanges.id, kept)));
}
