import { and, asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsContentBlocks, cmsGalleryProjects, cmsPages, cmsServices, cmsSiteSettings, cmsTeamMembers, contentVersions, HISTORY_KINDS as DB_HISTORY_KINDS, mediaAssets } from "~/db/schema";
import { listPublishedServices } from "~/domain/services/list-published-services.server";
import { action as servicesAction } from "~/routes/admin/cms.services";
import { action as teamAction } from "~/routes/admin/cms.team";
import { action as galleryAction } from "~/routes/admin/cms.gallery";
import { action as pagesAction } from "~/routes/admin/cms.pages";
import { action as settingsAction } from "~/routes/admin/cms.settings";
import { action as siteConfigAction } from "~/routes/admin/site-config";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { BASELINE_ACTOR_LABEL, changedFields, HISTORY_KINDS, HISTORY_RETENTION, SITE_CONFIGURATION_ITEM_ID, wordChanges, type HistoryKind } from "./kinds";
import { listVersions } from "./list-versions.server";
import { snapshotItem } from "./snapshot.server";

/**
 * Version history (ADR 029) through the screens' actions as React Router runs them: a version per save of
 * each kind in the save's transaction, retention, restore through the item's own save use case, history
 * never rewritten.
 */

let cookie = "";
beforeEach(async () => {
  cookie = await freshAdminSession();
});

type Action = (args: never) => unknown;

/** Each kind: its screen, its edit intent, and a seeded item to edit. */
const KINDS: Record<HistoryKind, { action: Action; path: string; intent: string; item: () => Promise<string>; change: string }> = {
  service: { action: servicesAction, path: "/admin/cms/services", intent: "update-service", item: () => firstId(cmsServices), change: "title" },
  team_member: { action: teamAction, path: "/admin/cms/team", intent: "update-team-member", item: () => firstId(cmsTeamMembers), change: "role" },
  page: { action: pagesAction, path: "/admin/cms/pages", intent: "save-page", item: () => firstId(cmsPages), change: "title" },
  block: { action: pagesAction, path: "/admin/cms/pages", intent: "save-block", item: () => firstId(cmsContentBlocks), change: "title" },
  setting: {
    action: settingsAction,
    path: "/admin/cms/settings",
    intent: "update-setting",
    // A text setting Site Settings edits (the business facts are Site Configuration's: issue 23).
    item: async () => (await db().select({ id: cmsSiteSettings.id }).from(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, "tagline")).limit(1))[0]!.id,
    change: "description",
  },
  gallery_project: { action: galleryAction, path: "/admin/cms/gallery", intent: "update-gallery-project", item: () => firstId(cmsGalleryProjects), change: "title" },
  site_configuration: { action: siteConfigAction, path: "/admin/site-config", intent: "save-site-configuration", item: async () => SITE_CONFIGURATION_ITEM_ID, change: "businessName" },
};

async function firstId(table: typeof cmsServices | typeof cmsTeamMembers | typeof cmsPages | typeof cmsContentBlocks | typeof cmsGalleryProjects) {
  const [row] = await db().select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1);
  return row!.id;
}

/** Saves the item through its screen's edit form with `field` set to `value` (everything else as it is). */
async function save(kind: HistoryKind, itemId: string, field: string, value: string) {
  const spec = KINDS[kind];
  const { values } = (await snapshotItem(db(), kind, itemId))!;
  const { isPublic: _visibility, ...form } = values;
  const fields: Record<string, string> = { ...form, [field]: value, intent: spec.intent };
  if (kind !== "site_configuration") fields.id = itemId;
  return postAdminAction(spec.action, spec.path, cookie, fields);
}

async function restore(kind: HistoryKind, itemId: string, versionId: string) {
  const spec = KINDS[kind];
  return postAdminAction(spec.action, spec.path, cookie, { intent: "restore-version", kind, id: itemId, versionId });
}

const versionRows = (kind: HistoryKind, itemId: string) =>
  db().select().from(contentVersions).where(and(eq(contentVersions.kind, kind), eq(contentVersions.itemId, itemId))).orderBy(asc(contentVersions.number));

describe("version history", () => {
  it("has the database's kinds", () => {
    expect([...HISTORY_KINDS]).toEqual([...DB_HISTORY_KINDS]);
  });

  for (const kind of HISTORY_KINDS) {
    it(`keeps a version per save of a ${kind}: the values before as version 1, then each save, by whom`, async () => {
      const spec = KINDS[kind];
      const itemId = await spec.item();
      const before = (await snapshotItem(db(), kind, itemId))!.values;

      const first = await save(kind, itemId, spec.change, "First edit");
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await save(kind, itemId, spec.change, "Second edit");
      expect(second.status).toBe(200);

      const rows = await versionRows(kind, itemId);
      expect(rows.map((row) => [row.number, row.values[spec.change]])).toEqual([
        [1, before[spec.change]],
        [2, "First edit"],
        [3, "Second edit"],
      ]);
      expect(rows[0]!.actorLabel).toBe(BASELINE_ACTOR_LABEL);
      expect(rows[0]!.actorUserId).toBeNull();
      expect(rows[2]!.actorLabel).toMatch(/\(.+@.+\)$/);
      expect(rows[2]!.actorUserId).not.toBeNull();
      // What the history route lists: newest first.
      const listed = (await listVersions(kind, itemId)).versions;
      expect(listed.map((v) => v.number)).toEqual([3, 2, 1]);
      // Version 1 is told apart as the values from before history was kept; no edit is a restore.
      expect(listed.map((v) => v.baseline)).toEqual([false, false, true]);
      expect(listed.map((v) => v.restoredFrom)).toEqual([null, null, null]);
    });
  }

  it("names the library images its versions hold by file name and alt text; a deleted one as gone", async () => {
    const image = (originalName: string, altText: string) => ({
      originalKey: `originals/${crypto.randomUUID()}`,
      originalName,
      contentType: "image/jpeg",
      byteSize: 1000,
      sha256: crypto.randomUUID(),
      width: 800,
      height: 600,
      altText,
      status: "ready" as const,
    });
    const [withAlt, withoutAlt] = await db()
      .insert(mediaAssets)
      .values([image("ridge-after.jpg", "New ridge vent on a brick colonial"), image("crew.jpg", "")])
      .returning({ id: mediaAssets.id });
    const deleted = crypto.randomUUID();
    const itemId = await KINDS.team_member.item();
    await db()
      .insert(contentVersions)
      .values(
        [withAlt!.id, withoutAlt!.id, deleted, ""].map((imageMediaId, index) => ({
          kind: "team_member" as const,
          itemId,
          number: index + 1,
          values: { name: "Pat", imageMediaId },
          actorLabel: "test",
        })),
      );
    const history = await listVersions("team_member", itemId);
    expect(history.versions.map((v) => v.values.imageMediaId)).toEqual(["", deleted, withoutAlt!.id, withAlt!.id]);
    expect(history.images).toEqual({ [withAlt!.id]: "ridge-after.jpg — New ridge vent on a brick colonial", [withoutAlt!.id]: "crew.jpg" });
  });

  it("writes no version for a save that changed nothing, and none for a reorder", async () => {
    const id = await KINDS.service.item();
    await save("service", id, "title", "Once");
    await save("service", id, "title", "Once");
    expect((await versionRows("service", id)).map((row) => row.number)).toEqual([1, 2]);
    const all = await db().select({ id: cmsServices.id }).from(cmsServices).orderBy(asc(cmsServices.sortOrder));
    const reordered = [...all.slice(1), all[0]!].map((row) => row.id);
    const { status } = await postAdminAction(servicesAction, "/admin/cms/services", cookie, { intent: "reorder-services", ids: reordered.join(",") });
    expect(status).toBe(200);
    expect(await versionRows("service", id)).toHaveLength(2);
  });

  it("records Publish / Unpublish and the flags as versions too", async () => {
    const id = await KINDS.service.item();
    await postAdminAction(servicesAction, "/admin/cms/services", cookie, { intent: "set-service-published", id, published: "false" });
    await postAdminAction(servicesAction, "/admin/cms/services", cookie, { intent: "set-service-featured", id, featured: "false" });
    const rows = await versionRows("service", id);
    expect(rows.map((row) => [row.values.status, row.values.isFeatured])).toEqual([
      ["published", "on"],
      ["draft", "on"],
      ["draft", ""],
    ]);
  });

  it(`keeps the last ${HISTORY_RETENTION} versions of an item`, async () => {
    const id = await KINDS.service.item();
    for (let n = 1; n <= HISTORY_RETENTION + 5; n++) {
      const { status } = await save("service", id, "title", `Title ${n}`);
      expect(status).toBe(200);
    }
    const rows = await versionRows("service", id);
    expect(rows).toHaveLength(HISTORY_RETENTION);
    // Version 1 (the baseline) and the first five saves are gone; numbers go on.
    expect(rows[0]!.number).toBe(7);
    expect(rows.at(-1)).toMatchObject({ number: HISTORY_RETENTION + 6, values: { title: `Title ${HISTORY_RETENTION + 5}` } });
    const other = await db().select({ id: cmsServices.id }).from(cmsServices).orderBy(asc(cmsServices.id)).offset(1).limit(1);
    await save("service", other[0]!.id, "title", "Another service");
    expect(await versionRows("service", id)).toHaveLength(HISTORY_RETENTION);
  });

  it("restores a version as a new version through the save use case: values back, audited, public site follows, history never rewritten", async () => {
    const id = await KINDS.service.item();
    const original = (await snapshotItem(db(), "service", id))!.values;
    await save("service", id, "title", "Roofing Done Right");
    await save("service", id, "title", "Roofing Done Wrong");
    const before = await versionRows("service", id);
    expect((await listPublishedServices()).map((s) => s.title)).toContain("Roofing Done Wrong");

    const { status, body } = await restore("service", id, before[1]!.id);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Version restored" });

    const after = await versionRows("service", id);
    // The old rows are exactly as they were; one new version holds the restored values.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ number: 4, values: { ...original, title: "Roofing Done Right" } });
    const [row] = await db().select().from(cmsServices).where(eq(cmsServices.id, id));
    expect(row!.title).toBe("Roofing Done Right");
    expect((await listPublishedServices()).map((s) => s.title)).toContain("Roofing Done Right");
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.service.restore"), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({ targetType: "cms_service", details: { title: "Roofing Done Right", restoredVersion: 2 } });

    // The history names the version a restore came from (and only for the version the restore made).
    expect((await listVersions("service", id)).versions.map((v) => [v.number, v.restoredFrom])).toEqual([
      [4, 2],
      [3, null],
      [2, null],
      [1, null],
    ]);

    // The baseline (the seeded values) can be restored too.
    expect((await restore("service", id, before[0]!.id)).status).toBe(200);
    expect((await snapshotItem(db(), "service", id))!.values).toEqual(original);
    expect((await listVersions("service", id)).versions[0]).toMatchObject({ number: 5, restoredFrom: 1 });
  });

  it("restores each kind", async () => {
    for (const kind of HISTORY_KINDS) {
      const spec = KINDS[kind];
      const itemId = await spec.item();
      const original = (await snapshotItem(db(), kind, itemId))!.values;
      expect((await save(kind, itemId, spec.change, "Changed for the test")).status).toBe(200);
      const [baseline] = await versionRows(kind, itemId);
      const { status, body } = await restore(kind, itemId, baseline!.id);
      expect(status, `${kind}: ${JSON.stringify(body)}`).toBe(200);
      expect((await snapshotItem(db(), kind, itemId))!.values, kind).toEqual(original);
      expect(await versionRows(kind, itemId), kind).toHaveLength(3);
    }
  });

  it("restores a setting's visibility with its values", async () => {
    const id = (await db().insert(cmsSiteSettings).values({ settingKey: "promo_banner", settingValue: "Spring sale", isPublic: false }).returning())[0]!.id;
    await postAdminAction(settingsAction, "/admin/cms/settings", cookie, { intent: "set-setting-public", id, public: "true" });
    const [privateVersion] = await versionRows("setting", id);
    expect(privateVersion!.values.isPublic).toBe("");
    expect((await restore("setting", id, privateVersion!.id)).status).toBe(200);
    const [row] = await db().select().from(cmsSiteSettings).where(eq(cmsSiteSettings.id, id));
    expect(row!.isPublic).toBe(false);
  });

  it("refuses to restore the current version (409), a version of another item or kind, or an unknown one (404); writes nothing", async () => {
    const id = await KINDS.service.item();
    await save("service", id, "title", "Current");
    const rows = await versionRows("service", id);
    const other = (await db().select({ id: cmsServices.id }).from(cmsServices).orderBy(asc(cmsServices.id)).offset(1).limit(1))[0]!.id;
    const audits = async () => (await db().select().from(auditLog).where(like(auditLog.action, "cms.service.%"))).length;
    const auditCount = await audits();

    const current = await restore("service", id, rows.at(-1)!.id);
    expect(current.status).toBe(409);
    expect(current.body.toast.text).toBe("This version is already the current one.");
    expect((await restore("service", other, rows[0]!.id)).status).toBe(404);
    expect((await postAdminAction(servicesAction, "/admin/cms/services", cookie, { intent: "restore-version", kind: "team_member", id, versionId: rows[0]!.id })).status).toBe(400);
    expect((await restore("service", id, "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77")).status).toBe(404);
    expect(await versionRows("service", id)).toEqual(rows);
    expect(await audits()).toBe(auditCount);
  });

  it("refuses a version whose values are no longer valid, with the reason", async () => {
    const id = await KINDS.service.item();
    await save("service", id, "title", "Current");
    const [baseline] = await versionRows("service", id);
    await db().update(contentVersions).set({ values: { ...baseline!.values, iconName: "Rocket" } }).where(eq(contentVersions.id, baseline!.id));
    const { status, body } = await restore("service", id, baseline!.id);
    expect(status).toBe(422);
    expect(body.toast.text).toBe("This version cannot be restored: Choose one of the listed options.");
  });

  it("lets a deleted item's history go with it", async () => {
    const id = await KINDS.service.item();
    await save("service", id, "title", "Soon gone");
    expect((await postAdminAction(servicesAction, "/admin/cms/services", cookie, { intent: "delete-service", id })).status).toBe(200);
    expect(await versionRows("service", id)).toEqual([]);
  });

  it("keeps nothing when the save fails (one transaction)", async () => {
    const id = await KINDS.page.item();
    const [otherPage] = await db().select().from(cmsPages).orderBy(asc(cmsPages.id)).offset(1).limit(1);
    const { status } = await save("page", id, "pageKey", otherPage!.pageKey);
    expect(status).toBe(409);
    expect(await versionRows("page", id)).toEqual([]);
  });
});

describe("differences", () => {
  it("lists the changed fields in the form's order", () => {
    expect(changedFields({ title: "A", status: "draft", extra: "x" }, { title: "B", status: "draft", extra: "y" }, ["status", "title"])).toEqual([
      { field: "title", before: "A", after: "B" },
      { field: "extra", before: "x", after: "y" },
    ]);
  });

  it("compares long texts word by word: the common words once, only the changed ones marked", () => {
    const before = "Hail and wind damage repaired fast, with your insurance claim handled start to finish.";
    const after = "Hail and storm damage repaired fast, with your insurance claim handled from start to finish.";
    expect(wordChanges(before, after)).toEqual([
      { type: "same", text: "Hail and " },
      { type: "removed", text: "wind" },
      { type: "added", text: "storm" },
      { type: "same", text: " damage repaired fast, with your insurance claim handled" },
      { type: "added", text: " from" },
      { type: "same", text: " start to finish." },
    ]);
    // Joining the kept and removed pieces gives the text before; the kept and added ones the text after.
    const pieces = wordChanges("one\ntwo three\nfour", "one\ntwo 3\nfour\nfive");
    expect(pieces.filter((p) => p.type !== "added").map((p) => p.text).join("")).toBe("one\ntwo three\nfour");
    expect(pieces.filter((p) => p.type !== "removed").map((p) => p.text).join("")).toBe("one\ntwo 3\nfour\nfive");
    expect(wordChanges("", "x")).toEqual([{ type: "added", text: "x" }]);
    expect(wordChanges("same", "same")).toEqual([{ type: "same", text: "same" }]);
  });

  it("compares a middle too large for a word diff as removed, then added", () => {
    const words = (prefix: string) => Array.from({ length: 600 }, (_, i) => `${prefix}${i}`).join(" ");
    const pieces = wordChanges(`start ${words("a")} end`, `start ${words("b")} end`);
    expect(pieces.map((p) => p.type)).toEqual(["same", "removed", "added", "same"]);
  });
});
