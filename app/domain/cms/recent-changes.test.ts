import { describe, expect, it } from "vitest";
import { describeCmsChange, describeWhen } from "./recent-changes";

describe("Recent Changes sentences", () => {
  it("read the audit action and the item's title", () => {
    expect(describeCmsChange("cms.service.publish", { title: "Roof Repairs" })).toBe("Published service “Roof Repairs”");
    expect(describeCmsChange("cms.page.create", { title: "New Page", key: "new-page" })).toBe("Created page “New Page”");
    expect(describeCmsChange("cms.block.update", { title: "Home: hero" })).toBe("Updated content block “Home: hero”");
    expect(describeCmsChange("cms.block.unpublish", { title: "Values" })).toBe("Unpublished content block “Values”");
    expect(describeCmsChange("cms.team_member.add_leadership", { title: "Dana Whitfield" })).toBe("Added team member “Dana Whitfield” to leadership");
    expect(describeCmsChange("cms.team_member.remove_leadership", { title: "Dana" })).toBe("Removed team member “Dana” from leadership");
    expect(describeCmsChange("cms.service.unfeature", { title: "Siding" })).toBe("Removed the feature from service “Siding”");
    expect(describeCmsChange("cms.setting.make_public", { title: "business_phone" })).toBe("Made setting “business_phone” public");
    expect(describeCmsChange("cms.setting.delete", { title: "old_key" })).toBe("Deleted setting “old_key”");
    expect(describeCmsChange("cms.service.reorder", {})).toBe("Reordered services");
    expect(describeCmsChange("cms.gallery_project.publish", { title: "Hail Claim" })).toBe("Published gallery project “Hail Claim”");
    expect(describeCmsChange("cms.gallery_project.reorder", { title: "Hail Claim" })).toBe("Reordered gallery projects");
    expect(describeCmsChange("cms.service.restore", { title: "Roof Repairs", restoredVersion: 2 })).toBe("Restored an earlier version of service “Roof Repairs”");
    expect(describeCmsChange("cms.page.schedule", { title: "About" })).toBe("Scheduled page “About”");
    expect(describeCmsChange("cms.block.unschedule", { title: "Values" })).toBe("Cancelled the schedule of content block “Values”");
  });

  it("fall back to the name or key, and to words for an unknown verb", () => {
    expect(describeCmsChange("cms.team_member.update", { name: "Luis Ortega" })).toBe("Updated team member “Luis Ortega”");
    expect(describeCmsChange("cms.page.delete", { key: "old-page" })).toBe("Deleted page “old-page”");
    expect(describeCmsChange("cms.page.delete", null)).toBe("Deleted a page");
    expect(describeCmsChange("cms.gallery_project.restore_image", { title: "Dublin" })).toBe("Restore image gallery project “Dublin”");
  });
});

describe("when a change happened", () => {
  const now = new Date("2026-11-24T15:00:00Z");
  const ago = (seconds: number) => describeWhen(new Date(now.getTime() - seconds * 1000), now);
  it("is relative for a week, then a date in Ohio", () => {
    expect(ago(5)).toBe("just now");
    expect(ago(90)).toBe("2 minutes ago");
    expect(ago(3600 * 3)).toBe("3 hours ago");
    expect(ago(86_400 * 1.2)).toBe("yesterday");
    expect(ago(86_400 * 3)).toBe("3 days ago");
    // 02:00 UTC on Nov 10 is still Nov 9 in Ohio.
    expect(describeWhen(new Date("2026-11-10T02:00:00Z"), now)).toBe("Nov 9, 2026");
  });
});
