import { and, eq, ne, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSources } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { lockList } from "~/lib/ordered-rows.server";
import { SOURCE_TEXT, type SourceFormInput } from "./admin-schemas";
import { refuseBaseUrl, SLUG_TAKEN, sourceColumns } from "./source-values.server";

/**
 * Edit Source (spec 2 §2, §5): every field of the form, including Active (spec 2 §4: a source is made
 * active or inactive in its form). The slug is what the form sends: it is never re-derived on edit.
 */
export async function updateSource(tx: DbTransaction, input: SourceFormInput & { id: string }): Promise<AdminChange> {
  const refused = refuseBaseUrl(input);
  if (refused) return refused;
  await lockList(tx, contractSources);
  const [before] = await tx
    .select({ name: contractSources.name, slug: contractSources.slug, baseUrl: contractSources.baseUrl, isActive: contractSources.isActive })
    .from(contractSources)
    .where(eq(contractSources.id, input.id))
    .for("update");
  if (!before) return { ok: false, status: 404 };
  const [taken] = await tx
    .select({ id: contractSources.id })
    .from(contractSources)
    .where(and(eq(contractSources.slug, input.slug), ne(contractSources.id, input.id)));
  if (taken) return SLUG_TAKEN;
  await tx
    .update(contractSources)
    .set({ ...sourceColumns(input), updatedAt: sql`now()` })
    .where(eq(contractSources.id, input.id));
  const details: Record<string, unknown> = { name: input.name, slug: input.slug, baseUrl: input.baseUrl, isActive: input.isActive };
  if (before.name !== input.name) details.previousName = before.name;
  if (before.slug !== input.slug) details.previousSlug = before.slug;
  if (before.baseUrl !== input.baseUrl) details.previousBaseUrl = before.baseUrl;
  return { ok: true, afterCommit: crawlSchedulesChanged, message: SOURCE_TEXT.updated, audit: { action: "contracts.source.update", targetType: "contract_source", targetId: input.id, details } };
}
