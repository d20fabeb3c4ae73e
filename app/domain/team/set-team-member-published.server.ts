import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { TEAM_TEXT, type SetTeamMemberPublishedInput } from "./admin-schemas";

/**
 * Publish / Unpublish (spec 2 §4: only between published and draft).
 * Publish makes a draft (or an archived member) published; Unpublish makes a
 * published member a draft and leaves a draft or an archived one as it is
 * (archiving is the edit form's). Only published members are on the public
 * pages, which follow at once.
 */
export async function setTeamMemberPublished(tx: DbTransaction, input: Pick<SetTeamMemberPublishedInput, "id" | "published">): Promise<AdminChange> {
  const [row] = await tx
    .select({ name: cmsTeamMembers.name, status: cmsTeamMembers.status })
    .from(cmsTeamMembers)
    .where(eq(cmsTeamMembers.id, input.id))
    .for("update");
  if (!row) return { ok: false, status: 404 };
  const next = input.published ? "published" : row.status === "published" ? "draft" : row.status;
  if (next !== row.status) {
    await tx.update(cmsTeamMembers).set({ status: next, updatedAt: sql`now()` }).where(eq(cmsTeamMembers.id, input.id));
  }
  return {
    ok: true,
    message: input.published ? TEAM_TEXT.published : TEAM_TEXT.unpublished,
    audit: {
      action: input.published ? "cms.team_member.publish" : "cms.team_member.unpublish",
      targetType: "cms_team_member",
      targetId: input.id,
      details: { title: row.name, from: row.status, to: next },
    },
  };
}
