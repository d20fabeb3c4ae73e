import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSearchConfigs } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { CONFIG_TEXT } from "./admin-schemas";
import { clearOtherDefaults, lockSourceConfigs } from "./search-config-values.server";

/**
 * Make Default: this configuration becomes its source's default and the previous default stops being
 * it, in one transaction (a partial unique index allows one default per source). An inactive
 * configuration is reactivated with it: the default is the one preselected for crawling.
 */
export async function setDefaultSearchConfig(tx: DbTransaction, input: { id: string }): Promise<AdminChange> {
  const [found] = await tx.select({ sourceId: contractSearchConfigs.sourceId }).from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id));
  if (!found) return { ok: false, status: 404 };
  await lockSourceConfigs(tx, found.sourceId);
  const [row] = await tx.select().from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id)).for("update");
  if (!row) return { ok: false, status: 404 };
  await clearOtherDefaults(tx, row.sourceId, row.id);
  await tx.update(contractSearchConfigs).set({ isDefault: true, isActive: true, updatedAt: sql`now()` }).where(eq(contractSearchConfigs.id, row.id));
  return {
    ok: true,
    // The configuration's pg-boss schedule follows (schedule.server.ts).
    afterCommit: crawlSchedulesChanged,
    message: CONFIG_TEXT.madeDefault,
    audit: { action: "contracts.search_config.make_default", targetType: "contract_search_config", targetId: row.id, details: { name: row.name, reactivated: !row.isActive } },
  };
}
