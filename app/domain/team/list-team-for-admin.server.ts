import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/domain/content-schedule/schedule";
import { cmsTeamMembers } from "~/db/schema";
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
      imagePosition: cmsTeamMembers.imagePosition,
      isLeadership: cmsTeamMembers.isLeadership,
      socialLinks: cmsTeamMembers.socialLinks,
      status: cmsTeamMembers.status,
      sortOrder: cmsTeamMembers.sortOrder,
      updatedAt: cmsTeamMembers.updatedAt,
      publishAt: cmsTeamMembers.publishAt,
      unpublishAt: cmsTeamMembers.unpublishAt,
    })
    .from(cmsTeamMembers)
    .orderBy(asc(cmsTeamMembers.sortOrder), asc(cmsTeamMembers.name), asc(cmsTeamMembers.id));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString(), ...scheduleOf(row) }));
}
