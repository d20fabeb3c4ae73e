import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsTeamMembers, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { TeamMemberProfile } from "./types";

/**
 * The leadership shown on the public site: published leaders by `sort_order` (spec 1 §2: three founders).
 * With `includeDrafts` (the staff preview) draft leaders too, in their place, each marked `draft: true`
 * (archived ones never).
 */
export async function listLeadershipTeam({ includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<TeamMemberProfile[]> {
  const rows = await db()
    .select({
      slug: cmsTeamMembers.slug,
      name: cmsTeamMembers.name,
      role: cmsTeamMembers.role,
      bio: cmsTeamMembers.bio,
      imageUrl: cmsTeamMembers.imageUrl,
      imagePosition: cmsTeamMembers.imagePosition,
      status: cmsTeamMembers.status,
      media: mediaImageColumns,
    })
    .from(cmsTeamMembers)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsTeamMembers.imageMediaId))
    .where(
      and(
        eq(cmsTeamMembers.isLeadership, true),
        includeDrafts ? inArray(cmsTeamMembers.status, ["published", "draft"]) : eq(cmsTeamMembers.status, "published"),
      ),
    )
    .orderBy(asc(cmsTeamMembers.sortOrder), asc(cmsTeamMembers.name));
  return rows.map(({ status, media, ...row }) => {
    const member: TeamMemberProfile = { ...row, image: usableImage(media) };
    return includeDrafts && status === "draft" ? { ...member, draft: true } : member;
  });
}
