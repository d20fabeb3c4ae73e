import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { compactOrder, lockList } from "~/lib/ordered-rows.server";
import { TEAM_TEXT, type DeleteTeamMemberInput } from "./admin-schemas";

/**
 * Deletes a team member for good (after the screen's confirmation, spec 2
 * §5) and closes the gap in the order, so the next new member's place
 * (count + 1) is free.
 */
export async function deleteTeamMember(tx: DbTransaction, input: Pick<DeleteTeamMemberInput, "id">): Promise<AdminChange> {
  await lockList(tx, cmsTeamMembers);
  const [row] = await tx
    .delete(cmsTeamMembers)
    .where(eq(cmsTeamMembers.id, input.id))
    .returning({ id: cmsTeamMembers.id, name: cmsTeamMembers.name, slug: cmsTeamMembers.slug, status: cmsTeamMembers.status });
  if (!row) return { ok: false, status: 404 };
  await compactOrder(tx, cmsTeamMembers, "name");
  return {
    ok: true,
    message: TEAM_TEXT.deleted,
    audit: {
      action: "cms.team_member.delete",
      targetType: "cms_team_member",
      targetId: row.id,
      details: { title: row.name, slug: row.slug, status: row.status },
    },
  };
}
