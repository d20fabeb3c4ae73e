import { and, count, eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { CONFIG_TEXT, type SearchConfigFormInput } from "./admin-schemas";
import { clearOtherDefaults, lockSourceConfigs, refuseTakenName, searchConfigColumns } from "./search-config-values.server";

/**
 * Add Configuration (issue 11 item 5) to a source, at the end of its list. A source has exactly one
 * default configuration: the first one becomes it whatever the form says, and a new one marked default
 * takes it over from the previous one in this same transaction. The name is unique per source.
 */
export async function createSearchConfig(tx: DbTransaction, input: SearchConfigFormInput & { sourceId: string }): Promise<AdminChange> {
  const [source] = await tx.select({ id: contractSources.id, name: contractSources.name }).from(contractSources).where(eq(contractSources.id, input.sourceId)).for("share");
  if (!source) return { ok: false, status: 404, message: CONFIG_TEXT.notFound };
  await lockSourceConfigs(tx, source.id);
  const taken = await refuseTakenName(tx, source.id, input.name);
  if (taken) return taken;
  const [defaults] = await tx
    .select({ n: count() })
    .from(contractSearchConfigs)
    .where(and(eq(contractSearchConfigs.sourceId, source.id), eq(contractSearchConfigs.isDefault, true)));
  const isDefault = input.isDefault || (defaults?.n ?? 0) === 0;
  if (isDefault && !input.isActive) return { ok: false, status: 422, fieldErrors: { isActive: CONFIG_TEXT.defaultMustBeActive } };
  if (isDefault) await clearOtherDefaults(tx, source.id);
  const { rows } = await tx.execute<{ next: number }>(
    sql`select (coalesce(max(sort_order), 0) + 1)::int as next from contract_search_configs where source_id = ${source.id}`,
  );
  const [row] = await tx
    .insert(contractSearchConfigs)
    .values({ ...searchConfigColumns(input), isDefault, sourceId: source.id, sortOrder: rows[0]!.next })
    .returning({ id: contractSearchConfigs.id });
  return {
    ok: true,
    // The configuration's pg-boss schedule follows (schedule.server.ts).
    afterCommit: crawlSchedulesChanged,
    message: CONFIG_TEXT.created,
    audit: {
      action: "contracts.search_config.create",
      targetType: "contract_search_config",
      targetId: row!.id,
      details: { source: source.name, name: input.name, keywords: input.keywords, isDefault, isActive: input.isActive, scheduleCron: input.scheduleCron },
    },
  };
}
