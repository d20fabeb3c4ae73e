import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSearchConfigs } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { CONFIG_TEXT, type SearchConfigFormInput } from "./admin-schemas";
import { clearOtherDefaults, lockSourceConfigs, refuseTakenName, searchConfigColumns } from "./search-config-values.server";

/**
 * Edit Configuration: every field of the form. Marking it default takes the default over from the
 * source's other configuration in this same transaction; the default itself cannot be un-marked or
 * deactivated here (another configuration must be made the default first): a source always has one.
 */
export async function updateSearchConfig(tx: DbTransaction, input: SearchConfigFormInput & { id: string }): Promise<AdminChange> {
  const [found] = await tx.select({ sourceId: contractSearchConfigs.sourceId }).from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id));
  if (!found) return { ok: false, status: 404 };
  await lockSourceConfigs(tx, found.sourceId);
  const [before] = await tx.select().from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id)).for("update");
  if (!before) return { ok: false, status: 404 };
  if (before.isDefault && !input.isDefault) return { ok: false, status: 409, fieldErrors: { isDefault: CONFIG_TEXT.keepOneDefault } };
  if (before.isDefault && !input.isActive) return { ok: false, status: 409, fieldErrors: { isActive: CONFIG_TEXT.keepOneDefault } };
  const taken = await refuseTakenName(tx, before.sourceId, input.name, input.id);
  if (taken) return taken;
  if (input.isDefault && !before.isDefault) await clearOtherDefaults(tx, before.sourceId, input.id);
  await tx
    .update(contractSearchConfigs)
    .set({ ...searchConfigColumns(input, before.locationConfig), updatedAt: sql`now()` })
    .where(eq(contractSearchConfigs.id, input.id));
  const details: Record<string, unknown> = { name: input.name, keywords: input.keywords, isDefault: input.isDefault, isActive: input.isActive, scheduleCron: input.scheduleCron };
  if (before.name !== input.name) details.previousName = before.name;
  return { ok: true, afterCommit: crawlSchedulesChanged, message: CONFIG_TEXT.updated, audit: { action: "contracts.search_config.update", targetType: "contract_search_config", targetId: input.id, details } };
}
