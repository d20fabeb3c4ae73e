import { asc, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import type { CustomParameterValue } from "./admin-schemas";
import type { AdminSourceConfigs } from "./types";

/** A source and its search configurations (default first, then by sort order and name), or null when no such source. */
export async function getSourceConfigs(sourceId: string): Promise<AdminSourceConfigs | null> {
  const [source] = await db()
    .select({ id: contractSources.id, name: contractSources.name, slug: contractSources.slug, isActive: contractSources.isActive })
    .from(contractSources)
    .where(eq(contractSources.id, sourceId));
  if (!source) return null;
  const rows = await db()
    .select()
    .from(contractSearchConfigs)
    .where(eq(contractSearchConfigs.sourceId, sourceId))
    .orderBy(desc(contractSearchConfigs.isDefault), asc(contractSearchConfigs.sortOrder), asc(contractSearchConfigs.name));
  return {
    source,
    configs: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      keywords: row.keywords,
      state: row.locationConfig.state ?? null,
      locationId: row.locationConfig.locationId ?? null,
      customParameters: row.customParameters as Record<string, CustomParameterValue>,
      scheduleCron: row.scheduleCron,
      isDefault: row.isDefault,
      isActive: row.isActive,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
