import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { applyOrder, lockList, movedId, orderedIds } from "~/lib/ordered-rows.server";
import { TEAM_TEXT, type ReorderTeamMembersInput } from "./admin-schemas";

/**
 * Stores a new order of every team member (sort_order 1..n): Move up / Move
 * down. `ids` must be exactly the members there are: a list that changed
 * meanwhile (a member added or deleted by someone else) is a conflict, not a guess.
 */
export async function reorderTeamMembers(tx: DbTransaction, input: Pick<ReorderTeamMembersInput, "ids">): Promise<AdminChange> {
  await lockList(tx, cmsTeamMembers);
  const current = await orderedIds(tx, cmsTeamMembers, "name");
  const known = new Set(current);
  if (current.length !== input.ids.length || input.ids.some((id) => !known.has(id))) {
    return { ok: false, status: 409, message: TEAM_TEXT.listChanged };
  }
  await applyOrder(tx, cmsTeamMembers, input.ids);
  const moved = movedId(current, input.ids) ?? input.ids[0]!;
  const [row] = await tx.select({ name: cmsTeamMembers.name }).from(cmsTeamMembers).where(eq(cmsTeamMembers.id, moved));
  return {
    ok: true,
    message: TEAM_TEXT.reordered,
    audit: {
      action: "cms.team_member.reorder",
      targetType: "cms_team_member",
      targetId: moved,
      details: { title: row?.name ?? "", position: input.ids.indexOf(moved) + 1 },
    },
  };
}
