import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/domain/content-schedule/schedule";
import { cmsTeamMembers, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { AdminTeamMember } from "./types";

/** Every team member, whatever their status, in list order (spec 2 §7: by sort_order), for /admin/cms/team. */
export async function listTeamForAdmin(): Promise<AdminTeamMember[]> {
  const rows = await db()
    .select({
      id: cmsTeamMembers.id,
      slug: cmsTeamMembers.slug,
      name: cmsTeamMembers.name,
      role: cmsTeamMembers.role,
      bio: cmsTeamMembers.bio,
      imageUrl: cmsTeamMembers.imageUrl,
      imageMediaId: cmsTeamMembers.imageMediaId,
      imagePosition: cmsTeamMembers.imagePosition,
      isLeadership: cmsTeamMembers.isLeadership,
      socialLinks: cmsTeamMembers.socialLinks,
      status: cmsTeamMembers.status,
      sortOrder: cmsTeamMembers.sortOrder,
      updatedAt: cmsTeamMembers.updatedAt,
      publishAt: cmsTeamMembers.publishAt,
      unpublishAt: cmsTeamMembers.unpublishAt,
      media: mediaImageColumns,
    })
    .from(cmsTeamMembers)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsTeamMembers.imageMediaId))
    .orderBy(asc(cmsTeamMembers.sortOrder), asc(cmsTeamMembers.name), asc(cmsTeamMembers.id));
  return rows.map(({ media, ...row }) => ({ ...row, image: usableImage(media), updatedAt: row.updatedAt.toISOString(), ...scheduleOf(row) }));
}
