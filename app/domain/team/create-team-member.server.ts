import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { freeSlug, lockList, nextSortOrder } from "~/lib/ordered-rows.server";
import { slugify } from "~/lib/slug";
import { TEAM_TEXT, type CreateTeamMemberInput } from "./admin-schemas";
import { socialLinksFrom } from "./social-links";

/**
 * Add Team Member (spec 2 §4, §7): a draft at the end of the list
 * (sort_order = the number of members + 1), with a slug made from the name
 * that no other member has ("new-member", "new-member-2"...). The slug stays
 * when the name changes later.
 */
export async function createTeamMember(tx: DbTransaction, input: Omit<CreateTeamMemberInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  await lockList(tx, cmsTeamMembers);
  const slug = await freeSlug(tx, cmsTeamMembers, slugify(input.name, "member"));
  const sortOrder = await nextSortOrder(tx, cmsTeamMembers);
  const [row] = await tx
    .insert(cmsTeamMembers)
    .values({
      slug,
      name: input.name,
      role: input.role,
      bio: input.bio,
      imageUrl: input.imageUrl,
      imageMediaId: input.imageMediaId,
      imagePosition: input.imagePosition,
      isLeadership: input.isLeadership,
      socialLinks: socialLinksFrom(input),
      status: "draft",
      sortOrder,
    })
    .returning({ id: cmsTeamMembers.id, name: cmsTeamMembers.name });
  return {
    ok: true,
    message: TEAM_TEXT.created,
    audit: { action: "cms.team_member.create", targetType: "cms_team_member", targetId: row!.id, details: { title: row!.name } },
  };
}
