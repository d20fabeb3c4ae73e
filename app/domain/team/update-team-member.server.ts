import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { TEAM_TEXT, type UpdateTeamMemberInput } from "./admin-schemas";
import { socialLinksFrom } from "./social-links";

/**
 * Edit a team member: every field of the form, any of the three statuses
 * (spec 2 §4). The slug and place in the list stay. The public pages follow at once.
 */
export async function updateTeamMember(tx: DbTransaction, input: Omit<UpdateTeamMemberInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  const [before] = await tx
    .select({ name: cmsTeamMembers.name, socialLinks: cmsTeamMembers.socialLinks })
    .from(cmsTeamMembers)
    .where(eq(cmsTeamMembers.id, input.id))
    .for("update");
  if (!before) return { ok: false, status: 404 };
  await tx
    .update(cmsTeamMembers)
    .set({
      name: input.name,
      role: input.role,
      bio: input.bio,
      imageUrl: input.imageUrl,
      imageMediaId: input.imageMediaId,
      imagePosition: input.imagePosition,
      isLeadership: input.isLeadership,
      socialLinks: socialLinksFrom(input, before.socialLinks),
      status: input.status,
      updatedAt: sql`now()`,
    })
    .where(eq(cmsTeamMembers.id, input.id));
  const details: Record<string, unknown> = { title: input.name, status: input.status };
  if (before.name !== input.name) details.previousTitle = before.name;
  return {
    ok: true,
    message: TEAM_TEXT.updated,
    audit: { action: "cms.team_member.update", targetType: "cms_team_member", targetId: input.id, details },
  };
}
