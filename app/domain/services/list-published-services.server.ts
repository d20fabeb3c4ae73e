import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { ServiceSummary } from "./types";

/** Number of service cards on the home page (spec 1 §9). */
export const HOME_SERVICE_COUNT = 6;

/**
 * Published services in their configured order (`sort_order`, then title):
 * for /services all of them; for the home grid the featured ones
 * (`featuredOnly`, the Services Manager's Feature / Remove Feature), at most
 * `limit: HOME_SERVICE_COUNT`. Drafts and archived services never appear.
 */
export async function listPublishedServices({ limit, featuredOnly = false }: { limit?: number; featuredOnly?: boolean } = {}): Promise<ServiceSummary[]> {
  const published = eq(cmsServices.status, "published");
  const query = db()
    .select({
      slug: cmsServices.slug,
      title: cmsServices.title,
      description: cmsServices.description,
      iconName: cmsServices.iconName,
    })
    .from(cmsServices)
    .where(featuredOnly ? and(published, eq(cmsServices.isFeatured, true)) : published)
    .orderBy(asc(cmsServices.sortOrder), asc(cmsServices.title));
  return limit === undefined ? query : query.limit(limit);
}
