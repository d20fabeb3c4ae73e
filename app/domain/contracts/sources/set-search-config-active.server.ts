import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSearchConfigs } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { crawlSchedulesChanged } from "../crawler/schedule.server";
import { CONFIG_TEXT } from "./admin-schemas";
import { lockSourceConfigs } from "./search-config-values.server";

/**
 * Deactivate / Reactivate a configuration (the state to set, never a toggle). An inactive one is not
 * offered for crawling and its schedule does not run (ADR 024). The default cannot be deactivated:
 * another one must be made the default first.
 */
export async function setSearchConfigActive(tx: DbTransaction, input: { id: string; active: boolean }): Promise<AdminChange> {
  const [found] = await tx.select({ sourceId: contractSearchConfigs.sourceId }).from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id));
  if (!found) return { ok: false, status: 404 };
  await lockSourceConfigs(tx, found.sourceId);
  const [row] = await tx.select().from(contractSearchConfigs).where(eq(contractSearchConfigs.id, input.id)).for("update");
  if (!row) return { ok: false, status: 404 };
  if (!input.active && row.isDefault) return { ok: false, status: 409, detail: CONFIG_TEXT.keepOneDefault };
  await tx.update(contractSearchConfigs).set({ isActive: input.active, updatedAt: sql`now()` }).where(eq(contractSearchConfigs.id, input.id));
  return {
    ok: true,
    // The configuration's pg-boss schedule follows (schedule.server.ts).
    afterCommit: crawlSchedulesChanged,
    message: input.active ? CONFIG_TEXT.activated : CONFIG_TEXT.deactivated,
    audit: {
      action: input.active ? "contracts.search_config.activate" : "contracts.search_config.deactivate",
      targetType: "contract_search_config",
      targetId: row.id,
      details: { name: row.name },
    },
  };
}
