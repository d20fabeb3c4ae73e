import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import type { CrawlTarget } from "./types";

/**
 * The sources the Crawl Controls offer (active ones, in their order) with
 * their active search configurations, the default one first, then by order.
 */
export async function listCrawlTargets(): Promise<CrawlTarget[]> {
  const rows = await db()
    .select({
      id: contractSources.id,
      name: contractSources.name,
      slug: contractSources.slug,
      configId: contractSearchConfigs.id,
      configName: contractSearchConfigs.name,
      isDefault: contractSearchConfigs.isDefault,
    })
    .from(contractSources)
    .leftJoin(
      contractSearchConfigs,
      and(eq(contractSearchConfigs.sourceId, contractSources.id), eq(contractSearchConfigs.isActive, true)),
    )
    .where(eq(contractSources.isActive, true))
    .orderBy(
      asc(contractSources.sortOrder),
      asc(contractSources.name),
      desc(contractSearchConfigs.isDefault),
      asc(contractSearchConfigs.sortOrder),
      asc(contractSearchConfigs.name),
    );
  const targets = new Map<string, CrawlTarget>();
  for (const row of rows) {
    let target = targets.get(row.id);
    if (!target) {
      target = { id: row.id, name: row.name, slug: row.slug, configurations: [] };
      targets.set(row.id, target);
    }
    if (row.configId && row.configName !== null) {
      target.configurations.push({ id: row.configId, name: row.configName, isDefault: row.isDefault ?? false });
    }
  }
  return [...targets.values()];
}
