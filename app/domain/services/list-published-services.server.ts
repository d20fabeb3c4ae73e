import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsServices, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { ServiceSummary } from "./types";

/** Number of service cards on the home page (spec 1 §9). */
export const HOME_SERVICE_COUNT = 6;

/**
 * Published services in their configured order (`sort_order`, then title):
 * for /services all of them; for the home grid the featured ones
 * (`featuredOnly`, the Services Manager's Feature / Remove Feature), at most
 * `limit: HOME_SERVICE_COUNT`. Drafts and archived services never appear,
 * except with `includeDrafts` (the staff preview): drafts too, in their
 * place, each marked `draft: true` (archived ones still never).
 */
export async function listPublishedServices({
  limit,
  featuredOnly = false,
  includeDrafts = false,
}: { limit?: number; featuredOnly?: boolean; includeDrafts?: boolean } = {}): Promise<ServiceSummary[]> {
  const visible = includeDrafts ? inArray(cmsServices.status, ["published", "draft"]) : eq(cmsServices.status, "published");
  const query = db()
    .select({
      slug: cmsServices.slug,
      title: cmsServices.title,
      description: cmsServices.description,
      iconName: cmsServices.iconName,
      status: cmsServices.status,
      media: mediaImageColumns,
    })
    .from(cmsServices)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsServices.imageMediaId))
    .where(featuredOnly ? and(visible, eq(cmsServices.isFeatured, true)) : visible)
    .orderBy(asc(cmsServices.sortOrder), asc(cmsServices.title));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ status, media, ...row }) => {
    const service: ServiceSummary = { ...row, image: usableImage(media) };
    return includeDrafts && status === "draft" ? { ...service, draft: true as const } : service;
  });
}
