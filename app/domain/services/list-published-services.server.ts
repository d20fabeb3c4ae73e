import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { ServiceSummary } from "./types";

/** Number of service cards on the home page (spec 1 §9). */
export const HOME_SERVICE_COUNT = 6;

/**
 * Published services in their configured order (`sort_order`, then title),
 * for the home grid (`limit: HOME_SERVICE_COUNT`) and /services (all).
 */
export async function listPublishedServices({ limit }: { limit?: number } = {}): Promise<ServiceSummary[]> {
  const query = db()
    .select({
      slug: cmsServices.slug,
      title: cmsServices.title,
      description: cmsServices.description,
      iconName: cmsServices.iconName,
    })
    .from(cmsServices)
    .where(eq(cmsServices.status, "published"))
    .orderBy(asc(cmsServices.sortOrder), asc(cmsServices.title));
  return limit === undefined ? query : query.limit(limit);
}
