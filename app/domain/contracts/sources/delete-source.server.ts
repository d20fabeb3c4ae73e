import { and, count, eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractCrawlSessions, contractOpportunities, contractSources } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { SOURCE_TEXT } from "./admin-schemas";

/**
 * Delete a source (spec 2 §5, after "Are you sure you want to delete this source?"). Its search
 * configurations go with it (ON DELETE CASCADE) and its crawl history keeps its rows without the source
 * (SET NULL). A source that has contracts is NOT deleted (contracts reference it with ON DELETE
 * RESTRICT): the answer says how many and suggests making it inactive; nor one being crawled right now.
 * The source row is locked first, so no crawl can store a contract for it between the count and the
 * delete (storing one takes a key-share lock on it). ADR 027.
 */
export async function deleteSource(tx: DbTransaction, input: { id: string }): Promise<AdminChange> {
  const [source] = await tx
    .select({ id: contractSources.id, name: contractSources.name, slug: contractSources.slug })
    .from(contractSources)
    .where(eq(contractSources.id, input.id))
    .for("update");
  if (!source) return { ok: false, status: 404 };
  const [contracts] = await tx.select({ n: count() }).from(contractOpportunities).where(eq(contractOpportunities.sourceId, source.id));
  if (contracts && contracts.n > 0) {
    return { ok: false, status: 409, detail: SOURCE_TEXT.deleteHasContracts(source.name, contracts.n) };
  }
  const [running] = await tx
    .select({ n: count() })
    .from(contractCrawlSessions)
    .where(and(eq(contractCrawlSessions.sourceId, source.id), eq(contractCrawlSessions.status, "running")));
  if (running && running.n > 0) return { ok: false, status: 409, detail: SOURCE_TEXT.deleteCrawling(source.name) };
  await tx.delete(contractSources).where(eq(contractSources.id, source.id));
  return {
    ok: true,
    // The configuration's pg-boss schedule follows (schedule.server.ts).
    afterCommit: crawlSchedulesChanged,
    message: SOURCE_TEXT.deleted,
    audit: { action: "contracts.source.delete", targetType: "contract_source", targetId: source.id, details: { name: source.name, slug: source.slug } },
  };
}
