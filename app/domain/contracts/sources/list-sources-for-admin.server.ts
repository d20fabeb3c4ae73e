import { asc, count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import { sourceRateLimit } from "../crawler/run-crawl.server";
import type { AdminContractSource } from "./types";

/** Every contract source, active or not, in list order (spec 2 §7: by sort_order), for /admin/contracts/sources. */
export async function listSourcesForAdmin(): Promise<AdminContractSource[]> {
  const configs = db()
    .select({ sourceId: contractSearchConfigs.sourceId, n: count().as("n") })
    .from(contractSearchConfigs)
    .groupBy(contractSearchConfigs.sourceId)
    .as("configs");
  const rows = await db()
    .select({
      id: contractSources.id,
      name: contractSources.name,
      slug: contractSources.slug,
      description: contractSources.description,
      baseUrl: contractSources.baseUrl,
      sourceType: contractSources.sourceType,
      logoUrl: contractSources.logoUrl,
      rateLimitConfig: contractSources.rateLimitConfig,
      isActive: contractSources.isActive,
      updatedAt: contractSources.updatedAt,
      configCount: configs.n,
    })
    .from(contractSources)
    .leftJoin(configs, eq(configs.sourceId, contractSources.id))
    .orderBy(asc(contractSources.sortOrder), asc(contractSources.name), asc(contractSources.id));
  return rows.map(({ rateLimitConfig, ...row }) => ({
    ...row,
    ...sourceRateLimit(rateLimitConfig),
    configCount: Number(row.configCount ?? 0),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
