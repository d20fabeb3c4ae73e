import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import type { TeamMemberProfile } from "./types";

/** The leadership shown on the public site: published leaders by `sort_order` (spec 1 §2: three founders). */
export async function listLeadershipTeam(): Promise<TeamMemberProfile[]> {
  return db()
    .select({
      slug: cmsTeamMembers.slug,
      name: cmsTeamMembers.name,
      role: cmsTeamMembers.role,
      bio: cmsTeamMembers.bio,
      imageUrl: cmsTeamMembers.imageUrl,
      imagePosition: cmsTeamMembers.imagePosition,
    })
    .from(cmsTeamMembers)
    .where(and(eq(cmsTeamMembers.isLeadership, true), eq(cmsTeamMembers.status, "published")))
    .orderBy(asc(cmsTeamMembers.sortOrder), asc(cmsTeamMembers.name));
}
