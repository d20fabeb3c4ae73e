import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { TEAM_TEXT, type SetTeamMemberLeadershipInput } from "./admin-schemas";

/**
 * Add to / Remove from Leadership (spec 2 §4). The published leaders are the
 * profiles of the home page (#team), /about and /team.
 */
export async function setTeamMemberLeadership(tx: DbTransaction, input: Pick<SetTeamMemberLeadershipInput, "id" | "leadership">): Promise<AdminChange> {
  const [row] = await tx
    .update(cmsTeamMembers)
    .set({ isLeadership: input.leadership, updatedAt: sql`now()` })
    .where(eq(cmsTeamMembers.id, input.id))
    .returning({ id: cmsTeamMembers.id, name: cmsTeamMembers.name });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: input.leadership ? TEAM_TEXT.addedToLeadership : TEAM_TEXT.removedFromLeadership,
    audit: {
      action: input.leadership ? "cms.team_member.add_leadership" : "cms.team_member.remove_leadership",
      targetType: "cms_team_member",
      targetId: row.id,
      details: { title: row.name },
    },
  };
}
