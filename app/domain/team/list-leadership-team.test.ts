import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsTeamMembers } from "~/db/schema";
import { listLeadershipTeam } from "./list-leadership-team.server";

describe("listLeadershipTeam", () => {
  it("returns the published leaders by sort order", async () => {
    const team = await listLeadershipTeam();
    expect(team.map((m) => [m.name, m.role])).toEqual([
      ["Marcus Hale", "CEO and Head of Operations"],
      ["Dana Whitfield", "Chief Administrative Officer and Founder"],
      ["Luis Ortega", "Chief Technology Officer"],
    ]);
    expect(team[0]).toMatchObject({ imageUrl: "/images/team/marcus-hale.svg", imagePosition: "center" });

    await db().update(cmsTeamMembers).set({ status: "draft" }).where(eq(cmsTeamMembers.slug, "dana-whitfield"));
    await db().insert(cmsTeamMembers).values({
      slug: "crew-lead",
      name: "Crew Lead",
      role: "Crew lead",
      bio: "Not leadership.",
      status: "published",
      isLeadership: false,
    });
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["marcus-hale", "luis-ortega"]);
  });

  it("for the staff preview (includeDrafts): draft leaders too, marked; archived never", async () => {
    await db().update(cmsTeamMembers).set({ status: "draft" }).where(eq(cmsTeamMembers.slug, "dana-whitfield"));
    await db().update(cmsTeamMembers).set({ status: "archived" }).where(eq(cmsTeamMembers.slug, "luis-ortega"));
    const preview = await listLeadershipTeam({ includeDrafts: true });
    expect(preview.map((m) => [m.slug, m.draft ?? false])).toEqual([
      ["marcus-hale", false],
      ["dana-whitfield", true],
    ]);
    expect((await listLeadershipTeam()).map((m) => m.slug)).toEqual(["marcus-hale"]);
  });
});
