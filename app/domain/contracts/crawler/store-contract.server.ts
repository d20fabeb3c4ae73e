import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCategories, contractOpportunities } from "~/db/schema";
import type { ParsedContract } from "./adapters";
import { categorySlugFor } from "./categorize";
import { fieldChanges, recordContractChanges, trackedColumns } from "./contract-changes.server";

/**
 * Stores one parsed solicitation, once per (source_id, external_id):
 * - new: inserted (created_at is its first-seen date), scrape_count 1;
 * - updated: the content hash over the parsed fields changed: the fields are
 *   rewritten, created_at and the staff's own flags (featured, bookmarked)
 *   are kept, last_scraped_at and scrape_count move on;
 * - unchanged: only last_scraped_at and scrape_count move on.
 * An update also records which fields changed, old -> new (contract_changes).
 * The row is locked while deciding, so two crawls never both insert it.
 */

export type StoreOutcome = "new" | "updated" | "unchanged";

/** Fields the hash covers: what the adapter read, not rawData (page markup details). */
function contentHash(contract: ParsedContract): string {
  const fields = [
    contract.title,
    contract.description,
    contract.agencyName,
    contract.sourceUrl,
    contract.contractType,
    contract.estimatedValue,
    contract.currency,
    contract.locationCity,
    contract.locationState,
    contract.locationCountry,
    contract.postedDate,
    contract.deadlineDate,
    [...contract.tags].sort(),
    contract.status,
  ];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/** An ISO date or date-time to a Date. A date-only value is noon UTC: the same calendar day in every US zone. */
export function toTimestamp(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface StoreContext {
  sourceId: string;
  /** contract_categories id by slug (loadCategoryIds()). */
  categoryIds: Map<string, string>;
  /** Relevance of the contract (relevance.ts); defaults to 1 (spec §9). */
  priorityScore?: number;
  /** The crawl session storing it, recorded with the changes a re-crawl finds (contract_changes). */
  sessionId?: string;
}

export async function loadCategoryIds(): Promise<Map<string, string>> {
  const rows = await db().select({ id: contractCategories.id, slug: contractCategories.slug }).from(contractCategories);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function storeContract(contract: ParsedContract, context: StoreContext): Promise<StoreOutcome> {
  const hash = contentHash(contract);
  const slug = categorySlugFor(contract.title, contract.description);
  const categoryId = slug ? (context.categoryIds.get(slug) ?? null) : null;
  const fields = {
    categoryId,
    sourceUrl: contract.sourceUrl,
    title: contract.title,
    description: contract.description,
    agencyName: contract.agencyName,
    contractType: contract.contractType,
    estimatedValue: contract.estimatedValue,
    currency: contract.currency,
    locationCity: contract.locationCity,
    locationState: contract.locationState,
    locationCountry: contract.locationCountry,
    postedDate: toTimestamp(contract.postedDate),
    deadlineDate: toTimestamp(contract.deadlineDate),
    tags: contract.tags,
    status: contract.status,
    rawData: contract.rawData,
    priorityScore: context.priorityScore ?? 1,
    contentHash: hash,
  };
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(contractOpportunities)
      .values({
        ...fields,
        sourceId: context.sourceId,
        externalId: contract.externalId,
        lastScrapedAt: sql`now()`,
        scrapeCount: 1,
      })
      .onConflictDoNothing({ target: [contractOpportunities.sourceId, contractOpportunities.externalId] })
      .returning({ id: contractOpportunities.id });
    if (inserted.length > 0) return "new";

    const [existing] = await tx
      .select({ id: contractOpportunities.id, contentHash: contractOpportunities.contentHash, ...trackedColumns })
      .from(contractOpportunities)
      .where(and(eq(contractOpportunities.sourceId, context.sourceId), eq(contractOpportunities.externalId, contract.externalId)))
      .for("update");
    if (!existing) throw new Error("the contract vanished while it was being stored");
    const seen = { lastScrapedAt: sql`now()`, scrapeCount: sql`${contractOpportunities.scrapeCount} + 1` };
    if (existing.contentHash === hash) {
      // The score moves with the days left even when the page did not change.
      await tx
        .update(contractOpportunities)
        .set({ ...seen, priorityScore: fields.priorityScore })
        .where(eq(contractOpportunities.id, existing.id));
      return "unchanged";
    }
    await tx
      .update(contractOpportunities)
      .set({ ...fields, ...seen, updatedAt: sql`now()` })
      .where(eq(contractOpportunities.id, existing.id));
    await recordContractChanges(tx, existing.id, fieldChanges(existing, fields), context.sessionId ?? null);
    return "updated";
  });
}
