import { and, asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsServices } from "~/db/schema";
import { action } from "~/routes/admin/cms.services";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { HOME_SERVICE_COUNT, listPublishedServices } from "./list-published-services.server";
import { listServicesForAdmin } from "./list-services-for-admin.server";

/**
 * The Services Manager's intents through the kit's adminAction, as the route
 * runs them: guard, parse, use case and audit entry in one transaction, the
 * catalogue's texts, and what the public read models show afterwards.
 */

let cookie = "";
// Each test starts from the seeded database (six published, featured services) and signs in anew.
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const post = (fields: Record<string, string>) => postAdminAction(action, "/admin/cms/services", cookie, fields);

const NEW_SERVICE = { intent: "create-service", title: "New Service", description: "Service description", iconName: "Wrench" };
const MISSING = "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77";

const bySlug = async (slug: string) => (await db().select().from(cmsServices).where(eq(cmsServices.slug, slug)))[0];
const serviceAudit = () => db().select().from(auditLog).where(like(auditLog.action, "cms.service.%")).orderBy(asc(auditLog.occurredAt));
const order = async () => (await listServicesForAdmin()).map((s) => s.slug);

describe("Services Manager actions", () => {
  it("add a service with the spec's defaults: a draft at place count + 1, slug from the title, icon Wrench, audited", async () => {
    const { status, body } = await post(NEW_SERVICE);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Service created successfully" });
    const row = await bySlug("new-service");
    expect(row).toMatchObject({ title: "New Service", description: "Service description", iconName: "Wrench", status: "draft", isFeatured: false, imageUrl: null, sortOrder: 7 });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.service.create"), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ outcome: "success", targetType: "cms_service", ipAddress: "203.0.113.21", details: { title: "New Service" } });
    // A draft is not on the public pages.
    expect((await listPublishedServices()).map((s) => s.slug)).not.toContain("new-service");
  });

  it("give every new service a slug no other has, and keep it when the title changes", async () => {
    await post(NEW_SERVICE);
    await post(NEW_SERVICE);
    await post({ ...NEW_SERVICE, title: "  Ünïcödé Çafé & Roofs!  " });
    await post({ ...NEW_SERVICE, title: "屋根の修理" });
    await post({ ...NEW_SERVICE, title: "Roof Repair" }); // a seeded service has the slug roof-repair
    const slugs = (await listServicesForAdmin()).slice(6).map((s) => [s.slug, s.title, s.sortOrder]);
    expect(slugs).toEqual([
      ["new-service", "New Service", 7],
      ["new-service-2", "New Service", 8],
      ["unicode-cafe-roofs", "Ünïcödé Çafé & Roofs!", 9],
      ["service", "屋根の修理", 10],
      ["roof-repair-2", "Roof Repair", 11],
    ]);
    const row = await bySlug("new-service-2");
    const { body } = await post({ ...NEW_SERVICE, intent: "update-service", id: row!.id, title: "Gutter Guards", status: "draft" });
    expect(body.toast.text).toBe("Service updated successfully");
    expect(await bySlug("new-service-2")).toMatchObject({ title: "Gutter Guards" });
  });

  it("place a new service after every other even when the places have gaps", async () => {
    await db().update(cmsServices).set({ sortOrder: 20 }).where(eq(cmsServices.slug, "siding-gutters"));
    await post(NEW_SERVICE);
    expect((await bySlug("new-service"))!.sortOrder).toBe(21);
    expect((await order()).at(-1)).toBe("new-service");
  });

  it("refuse a blank title or description, an unknown icon and a bad image URL with a message per field; write nothing", async () => {
    const before = await serviceAudit();
    const { status, body } = await post({ intent: "create-service", title: " ", description: "", iconName: "Rocket", imageUrl: "javascript:alert(1)" });
    expect(status).toBe(400);
    expect(body.toast.text).toBe("Failed to save service");
    expect(body.fieldErrors).toEqual({
      title: "Service title is required.",
      description: "Service description is required.",
      iconName: "Choose one of the listed options.",
      imageUrl: "Enter a full web address starting with http:// or https://, or a path on this site starting with /.",
    });
    // The edit form also needs a status from the list.
    const [seeded] = await db().select().from(cmsServices).where(eq(cmsServices.slug, "roof-repair"));
    const edit = await post({ ...NEW_SERVICE, intent: "update-service", id: seeded!.id, status: "deleted" });
    expect(edit.status).toBe(400);
    expect(edit.body.fieldErrors).toEqual({ status: "Choose one of the listed options." });
    expect(await serviceAudit()).toHaveLength(before.length);
    expect(await listServicesForAdmin()).toHaveLength(6);
  });

  it("edit every field, any of the three statuses; the public list follows", async () => {
    const [seeded] = await db().select().from(cmsServices).where(eq(cmsServices.slug, "roof-repair"));
    const { body } = await post({
      intent: "update-service",
      id: seeded!.id,
      title: "Leak Repairs",
      description: "Line one.\nLine two.",
      iconName: "Shield",
      imageUrl: "https://images.example.com/leak.jpg",
      isFeatured: "",
      status: "archived",
    });
    expect(body.toast.text).toBe("Service updated successfully");
    expect(await bySlug("roof-repair")).toMatchObject({
      title: "Leak Repairs",
      description: "Line one.\nLine two.",
      iconName: "Shield",
      imageUrl: "https://images.example.com/leak.jpg",
      isFeatured: false,
      status: "archived",
      sortOrder: seeded!.sortOrder,
    });
    expect((await listPublishedServices()).map((s) => s.slug)).not.toContain("roof-repair");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.service.update"));
    expect(entry).toMatchObject({ targetId: seeded!.id, details: { title: "Leak Repairs", previousTitle: "Roof Repairs", status: "archived" } });

    // A site path is an image address too (the seeded content uses them).
    await post({ ...NEW_SERVICE, intent: "update-service", id: seeded!.id, imageUrl: "/images/services/leak.svg", status: "published" });
    expect(await bySlug("roof-repair")).toMatchObject({ imageUrl: "/images/services/leak.svg", status: "published" });
  });

  it("publish and unpublish toggle only between published and draft", async () => {
    await post(NEW_SERVICE);
    const id = (await bySlug("new-service"))!.id;
    const publish = await post({ intent: "set-service-published", id, published: "true" });
    expect(publish.body.toast).toEqual({ variant: "success", title: "Success", text: "Service published" });
    expect((await bySlug("new-service"))!.status).toBe("published");
    expect((await listPublishedServices()).map((s) => s.slug)).toContain("new-service");

    const unpublish = await post({ intent: "set-service-published", id, published: "false" });
    expect(unpublish.body.toast.text).toBe("Service unpublished");
    expect((await bySlug("new-service"))!.status).toBe("draft");
    expect((await listPublishedServices()).map((s) => s.slug)).not.toContain("new-service");

    // Unpublishing a draft or an archived service leaves it as it is; publishing an archived one publishes it.
    await post({ intent: "set-service-published", id, published: "false" });
    expect((await bySlug("new-service"))!.status).toBe("draft");
    await db().update(cmsServices).set({ status: "archived" }).where(eq(cmsServices.id, id));
    await post({ intent: "set-service-published", id, published: "false" });
    expect((await bySlug("new-service"))!.status).toBe("archived");
    await post({ intent: "set-service-published", id, published: "true" });
    expect((await bySlug("new-service"))!.status).toBe("published");

    const actions = (await serviceAudit()).map((e) => [e.action, (e.details as { from?: string }).from, (e.details as { to?: string }).to]);
    expect(actions).toEqual([
      ["cms.service.create", undefined, undefined],
      ["cms.service.publish", "draft", "published"],
      ["cms.service.unpublish", "published", "draft"],
      ["cms.service.unpublish", "draft", "draft"],
      ["cms.service.unpublish", "archived", "archived"],
      ["cms.service.publish", "archived", "published"],
    ]);
  });

  it("feature and remove the feature: the home page shows the published featured services", async () => {
    const id = (await bySlug("inspection"))!.id;
    const off = await post({ intent: "set-service-featured", id, featured: "false" });
    expect(off.body.toast.text).toBe("Service unfeatured");
    const home = await listPublishedServices({ featuredOnly: true, limit: HOME_SERVICE_COUNT });
    expect(home.map((s) => s.slug)).not.toContain("inspection");
    expect(home).toHaveLength(5);
    // /services still lists it.
    expect((await listPublishedServices()).map((s) => s.slug)).toContain("inspection");

    const on = await post({ intent: "set-service-featured", id, featured: "true" });
    expect(on.body.toast.text).toBe("Service featured");
    expect((await listPublishedServices({ featuredOnly: true, limit: HOME_SERVICE_COUNT }))[0]!.slug).toBe("inspection");
    expect((await serviceAudit()).map((e) => e.action)).toEqual(["cms.service.unfeature", "cms.service.feature"]);
  });

  it("reorder: every id in the new order; the public order follows; a changed list is a conflict", async () => {
    const before = await listServicesForAdmin();
    const ids = before.map((s) => s.id);
    // Move the third one up.
    const moved = [ids[0]!, ids[2]!, ids[1]!, ...ids.slice(3)];
    const { status, body } = await post({ intent: "reorder-services", ids: moved.join(",") });
    expect(status).toBe(200);
    expect(body.toast.text).toBe("Services reordered successfully");
    const after = await listServicesForAdmin();
    expect(after.map((s) => s.id)).toEqual(moved);
    expect(after.map((s) => s.sortOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await listPublishedServices()).map((s) => s.title)).toEqual(after.map((s) => s.title));
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.service.reorder"));
    expect(entry).toMatchObject({ targetId: ids[2], details: { title: before[2]!.title, position: 2 } });

    // One missing, one unknown: the list changed meanwhile.
    for (const list of [moved.slice(1), [...moved.slice(1), MISSING]]) {
      const conflict = await post({ intent: "reorder-services", ids: list.join(",") });
      expect(conflict.status).toBe(409);
      expect(conflict.body.toast.text).toBe("The list of services changed meanwhile. Reload the page and try again.");
    }
    const twice = await post({ intent: "reorder-services", ids: [...moved, moved[0]!].join(",") });
    expect(twice.status).toBe(400);
    expect(twice.body.toast.text).toBe("Failed to reorder services");
    expect((await listServicesForAdmin()).map((s) => s.id)).toEqual(moved);
  });

  it("delete: gone from the list and the public pages, the order closes up, the next new service is count + 1", async () => {
    const id = (await bySlug("insurance-claim"))!.id;
    const { body } = await post({ intent: "delete-service", id });
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Service deleted successfully" });
    expect(await bySlug("insurance-claim")).toBeUndefined();
    expect((await listServicesForAdmin()).map((s) => s.sortOrder)).toEqual([1, 2, 3, 4, 5]);
    expect((await listPublishedServices()).map((s) => s.slug)).not.toContain("insurance-claim");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.service.delete"));
    expect(entry).toMatchObject({ targetId: id, targetType: "cms_service", details: { title: "Insurance Claims Support" } });
    await post(NEW_SERVICE);
    expect((await bySlug("new-service"))!.sortOrder).toBe(6);
  });

  it("answer 404 with the intent's text for a service that is not there, writing nothing", async () => {
    const before = await serviceAudit();
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...NEW_SERVICE, intent: "update-service", id: MISSING, status: "draft" }, "Failed to save service"],
      [{ intent: "set-service-published", id: MISSING, published: "true" }, "Failed to update service status"],
      [{ intent: "set-service-featured", id: MISSING, featured: "true" }, "Failed to update featured status"],
      [{ intent: "delete-service", id: MISSING }, "Failed to delete service"],
    ];
    for (const [fields, text] of cases) {
      const { status, body } = await post(fields);
      expect([fields.intent, status, body.toast.title, body.toast.text]).toEqual([fields.intent, 404, "Error", text]);
    }
    expect(await serviceAudit()).toHaveLength(before.length);
  });
});
