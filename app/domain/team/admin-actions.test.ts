import { asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsTeamMembers } from "~/db/schema";
import { action } from "~/routes/admin/cms.team";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { listLeadershipTeam } from "./list-leadership-team.server";
import { listTeamForAdmin } from "./list-team-for-admin.server";

/**
 * Team Members' intents through the kit's adminAction, as the route runs
 * them: guard, parse, use case and audit entry in one transaction, the
 * catalogue's texts, and what the public read models show afterwards.
 */

let cookie = "";
// Each test starts from the seeded database (three published leaders) and signs in anew.
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const post = (fields: Record<string, string>) => postAdminAction(action, "/admin/cms/team", cookie, fields, { ip: "203.0.113.22" });

const NEW_MEMBER = { intent: "create-team-member", name: "New Member", role: "Team Member", bio: "A short bio.", imagePosition: "center" };
const MISSING = "5e0c8a3b-1f2d-4e6a-8b9c-7d3e2f1a0b94";

const bySlug = async (slug: string) => (await db().select().from(cmsTeamMembers).where(eq(cmsTeamMembers.slug, slug)))[0];
const teamAudit = () => db().select().from(auditLog).where(like(auditLog.action, "cms.team_member.%")).orderBy(asc(auditLog.occurredAt));

describe("Team Members actions", () => {
  it("add a member with the spec's defaults: a draft at place count + 1, image position center, audited", async () => {
    const { status, body } = await post(NEW_MEMBER);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Team member created successfully" });
    const row = await bySlug("new-member");
    expect(row).toMatchObject({
      name: "New Member",
      role: "Team Member",
      bio: "A short bio.",
      imagePosition: "center",
      imageUrl: null,
      isLeadership: false,
      socialLinks: {},
      status: "draft",
      sortOrder: 4,
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.team_member.create"));
    expect(entry).toMatchObject({ targetId: row!.id, targetType: "cms_team_member", ipAddress: "203.0.113.22", details: { title: "New Member" } });
    expect((await listLeadershipTeam()).map((m) => m.slug)).not.toContain("new-member");

    // A second one gets its own slug and the next place.
    await post(NEW_MEMBER);
    expect(await bySlug("new-member-2")).toMatchObject({ sortOrder: 5 });
    await post({ ...NEW_MEMBER, name: "Marcus Hale" });
    expect(await bySlug("marcus-hale-2")).toMatchObject({ name: "Marcus Hale", sortOrder: 6 });
  });

  it("store the social links filled in, each an http(s) URL, and refuse the rest with a message per field", async () => {
    const bad = await post({ ...NEW_MEMBER, name: "", role: " ", bio: "", imagePosition: "left", socialLinkedin: "linkedin.com/in/x", socialX: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.toast.text).toBe("Failed to save team member");
    expect(bad.body.fieldErrors).toEqual({
      name: "Name is required.",
      role: "Role is required.",
      bio: "Bio is required.",
      imagePosition: "Choose one of the listed options.",
      socialLinkedin: "Enter a full web address starting with http:// or https://.",
      socialX: "Enter a full web address starting with http:// or https://.",
    });
    expect(await listTeamForAdmin()).toHaveLength(3);

    await post({
      ...NEW_MEMBER,
      name: "Riley Stone",
      socialLinkedin: "https://www.linkedin.com/in/riley-stone",
      socialFacebook: "",
      socialInstagram: "https://instagram.com/rileyroofs",
      socialX: "",
      socialWebsite: " https://riley.example.com/ ",
    });
    expect((await bySlug("riley-stone"))!.socialLinks).toEqual({
      linkedin: "https://www.linkedin.com/in/riley-stone",
      instagram: "https://instagram.com/rileyroofs",
      website: "https://riley.example.com/",
    });
  });

  it("edit every field and any of the three statuses; links the form does not offer are kept", async () => {
    const luis = (await bySlug("luis-ortega"))!;
    await db().update(cmsTeamMembers).set({ socialLinks: { youtube: "https://youtube.com/@luis", linkedin: "https://linkedin.com/in/old" } }).where(eq(cmsTeamMembers.id, luis.id));
    const { body } = await post({
      intent: "update-team-member",
      id: luis.id,
      name: "Luis Ortega Jr.",
      role: "CTO",
      bio: "First paragraph.\n\nSecond paragraph.",
      imageUrl: "/images/team/luis-ortega.svg",
      imagePosition: "top",
      isLeadership: "on",
      socialLinkedin: "",
      socialWebsite: "https://luis.example.com",
      status: "archived",
    });
    expect(body.toast.text).toBe("Team member updated successfully");
    expect(await bySlug("luis-ortega")).toMatchObject({
      name: "Luis Ortega Jr.",
      role: "CTO",
      bio: "First paragraph.\n\nSecond paragraph.",
      imagePosition: "top",
      isLeadership: true,
      status: "archived",
      sortOrder: luis.sortOrder,
      socialLinks: { youtube: "https://youtube.com/@luis", website: "https://luis.example.com" },
    });
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["marcus-hale", "dana-whitfield"]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.team_member.update"));
    expect(entry).toMatchObject({ targetId: luis.id, details: { title: "Luis Ortega Jr.", previousTitle: "Luis Ortega", status: "archived" } });
  });

  it("publish and unpublish toggle only between published and draft; the public leaders follow", async () => {
    await post({ ...NEW_MEMBER, name: "Casey Brook", role: "Project Manager", isLeadership: "on" });
    const id = (await bySlug("casey-brook"))!.id;
    expect((await listLeadershipTeam()).map((m) => m.slug)).not.toContain("casey-brook");
    const publish = await post({ intent: "set-team-member-published", id, published: "true" });
    expect(publish.body.toast).toEqual({ variant: "success", title: "Success", text: "Team member published" });
    expect((await listLeadershipTeam()).map((m) => [m.name, m.role]).at(-1)).toEqual(["Casey Brook", "Project Manager"]);

    const unpublish = await post({ intent: "set-team-member-published", id, published: "false" });
    expect(unpublish.body.toast.text).toBe("Team member unpublished");
    expect((await bySlug("casey-brook"))!.status).toBe("draft");
    expect((await listLeadershipTeam()).map((m) => m.slug)).not.toContain("casey-brook");

    await db().update(cmsTeamMembers).set({ status: "archived" }).where(eq(cmsTeamMembers.id, id));
    await post({ intent: "set-team-member-published", id, published: "false" });
    expect((await bySlug("casey-brook"))!.status).toBe("archived");
    await post({ intent: "set-team-member-published", id, published: "true" });
    expect((await bySlug("casey-brook"))!.status).toBe("published");
    expect((await teamAudit()).map((e) => e.action)).toEqual([
      "cms.team_member.create",
      "cms.team_member.publish",
      "cms.team_member.unpublish",
      "cms.team_member.unpublish",
      "cms.team_member.publish",
    ]);
  });

  it("add to and remove from leadership: the leaders' profiles follow", async () => {
    const dana = (await bySlug("dana-whitfield"))!;
    const off = await post({ intent: "set-team-member-leadership", id: dana.id, leadership: "false" });
    expect(off.body.toast.text).toBe("Team member removed from leadership");
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["marcus-hale", "luis-ortega"]);
    expect((await bySlug("dana-whitfield"))!.status).toBe("published");
    const on = await post({ intent: "set-team-member-leadership", id: dana.id, leadership: "true" });
    expect(on.body.toast.text).toBe("Team member added to leadership");
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["marcus-hale", "dana-whitfield", "luis-ortega"]);
    expect((await teamAudit()).map((e) => [e.action, e.details])).toEqual([
      ["cms.team_member.remove_leadership", { title: "Dana Whitfield" }],
      ["cms.team_member.add_leadership", { title: "Dana Whitfield" }],
    ]);
  });

  it("reorder: the leaders' order follows; a changed list is a conflict", async () => {
    const ids = (await listTeamForAdmin()).map((m) => m.id);
    const moved = [ids[2]!, ids[0]!, ids[1]!];
    const { body } = await post({ intent: "reorder-team-members", ids: moved.join(",") });
    expect(body.toast.text).toBe("Team members reordered successfully");
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["luis-ortega", "marcus-hale", "dana-whitfield"]);
    expect((await listTeamForAdmin()).map((m) => m.sortOrder)).toEqual([1, 2, 3]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.team_member.reorder"));
    expect(entry).toMatchObject({ targetId: ids[2], details: { title: "Luis Ortega", position: 1 } });

    const conflict = await post({ intent: "reorder-team-members", ids: moved.slice(0, 2).join(",") });
    expect(conflict.status).toBe(409);
    expect(conflict.body.toast.text).toBe("The list of team members changed meanwhile. Reload the page and try again.");
  });

  it("delete: gone from the public pages, the order closes up", async () => {
    const marcus = (await bySlug("marcus-hale"))!;
    const { body } = await post({ intent: "delete-team-member", id: marcus.id });
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Team member deleted successfully" });
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["dana-whitfield", "luis-ortega"]);
    expect((await listTeamForAdmin()).map((m) => m.sortOrder)).toEqual([1, 2]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.team_member.delete"));
    expect(entry).toMatchObject({ targetId: marcus.id, targetType: "cms_team_member", details: { title: "Marcus Hale" } });
    await post(NEW_MEMBER);
    expect((await bySlug("new-member"))!.sortOrder).toBe(3);
  });

  it("answer 404 with the intent's text for a member who is not there, writing nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...NEW_MEMBER, intent: "update-team-member", id: MISSING, status: "draft" }, "Failed to save team member"],
      [{ intent: "set-team-member-published", id: MISSING, published: "true" }, "Failed to update member status"],
      [{ intent: "set-team-member-leadership", id: MISSING, leadership: "true" }, "Failed to update leadership status"],
      [{ intent: "delete-team-member", id: MISSING }, "Failed to delete team member"],
    ];
    for (const [fields, text] of cases) {
      const { status, body } = await post(fields);
      expect([fields.intent, status, body.toast.title, body.toast.text]).toEqual([fields.intent, 404, "Error", text]);
    }
    expect(await teamAudit()).toEqual([]);
  });
});
