import { and, eq, ne, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractSearchConfigs, type LocationConfig } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONFIG_TEXT, type SearchConfigFormInput } from "./admin-schemas";

/** The columns a configuration form sets. The location keeps a city set elsewhere (not on the form). */
export function searchConfigColumns(input: SearchConfigFormInput, previousLocation: LocationConfig = {}) {
  const location: LocationConfig = { ...previousLocation };
  delete location.state;
  delete location.locationId;
  if (input.state) location.state = input.state;
  if (input.locationId) location.locationId = input.locationId;
  return {
    name: input.name,
    description: input.description,
    keywords: input.keywords,
    locationConfig: location,
    customParameters: input.customParameters,
    scheduleCron: input.scheduleCron,
    isDefault: input.isDefault,
    isActive: input.isActive,
  };
}

/** Serialises the changes to one source's configurations (names, the default) until the transaction ends. */
export async function lockSourceConfigs(tx: DbTransaction, sourceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contract-search-configs:${sourceId}`}))`);
}

/** The refusal of a name another configuration of the same source has, or null. */
export async function refuseTakenName(tx: DbTransaction, sourceId: string, name: string, exceptId?: string): Promise<Extract<AdminChange, { ok: false }> | null> {
  const [taken] = await tx
    .select({ id: contractSearchConfigs.id })
    .from(contractSearchConfigs)
    .where(
      and(
        eq(contractSearchConfigs.sourceId, sourceId),
        eq(contractSearchConfigs.name, name),
        exceptId ? ne(contractSearchConfigs.id, exceptId) : undefined,
      ),
    );
  return taken ? { ok: false, status: 409, fieldErrors: { name: CONFIG_TEXT.nameTaken } } : null;
}

/** Makes no other configuration of the source the default (before one becomes it: the partial unique index). */
export async function clearOtherDefaults(tx: DbTransaction, sourceId: string, exceptId?: string): Promise<void> {
  await tx
    .update(contractSearchConfigs)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(contractSearchConfigs.sourceId, sourceId),
        eq(contractSearchConfigs.isDefault, true),
        exceptId ? ne(contractSearchConfigs.id, exceptId) : undefined,
      ),
    );
}
