import { and, asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsContentBlocks, cmsGalleryProjects, cmsPages, cmsServices, cmsTeamMembers, contentVersions } from "~/db/schema";
import { loadCmsOverview } from "~/domain/cms/cms-overview.server";
import { listPublishedServices } from "~/domain/services/list-published-services.server";
import { toZonedLocal } from "~/lib/zoned-time";
import { action as galleryAction } from "~/routes/admin/cms.gallery";
import { action as pagesAction } from "~/routes/admin/cms.pages";
import { action as servicesAction } from "~/routes/admin/cms.services";
import { action as teamAction } from "~/routes/admin/cms.team";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { applyDueSchedules } from "./apply-due-schedules.server";
import type { ScheduleKind } from "./schedule";

/**
 * Scheduled publishing (ADR 029): Schedule / Cancel schedule through the screens' actions, and the job's
 * work (applyDueSchedules with a given clock): on time, once, audited, versioned.
 */

let cookie = "";
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const SCREENS: Record<ScheduleKind, { action: (args: never) => unknown; path: string; table: typeof cmsServices | typeof cmsTeamMembers | typeof cmsPages | typeof cmsContentBlocks | typeof cmsGalleryProjects }> = {
  service: { action: servicesAction, path: "/admin/cms/services", table: cmsServices },
  team_member: { action: teamAction, path: "/admin/cms/team", table: cmsTeamMembers },
  page: { action: pagesAction, path: "/admin/cms/pages", table: cmsPages },
  block: { action: pagesAction, path: "/admin/cms/pages", table: cmsContentBlocks },
  gallery_project: { action: galleryAction, path: "/admin/cms/gallery", table: cmsGalleryProjects },
};

const post = (kind: ScheduleKind, fields: Record<string, string>) => postAdminAction(SCREENS[kind].action, SCREENS[kind].path, cookie, { kind, ...fields });

/** A time `minutes` from now, as the form takes it (company time, whole minutes). */
const ahead = (minutes: number) => toZonedLocal(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000));

async function firstOf(kind: ScheduleKind) {
  const { table } = SCREENS[kind];
  const [row] = await db().select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1);
  return row!.id;
}

async function rowOf(kind: ScheduleKind, id: string) {
  const { table } = SCREENS[kind];
  const [row] = await db().select({ status: table.status, publishAt: table.publishAt, unpublishAt: table.unpublishAt }).from(table).where(eq(table.id, id));
  return row!;
}

async function makeDraft(kind: ScheduleKind, id: string) {
  const { table } = SCREENS[kind];
  await db().update(table).set({ status: "draft" }).where(eq(table.id, id));
}

describe("Schedule and Cancel schedule", () => {
  it("stores the times typed in company time as UTC instants, audited", async () => {
    const id = await firstOf("service");
    const { status, body } = await post("service", { intent: "set-schedule", id, publishAt: "2030-12-02T09:00", unpublishAt: "2031-01-05T17:30" });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Schedule saved" });
    const row = await rowOf("service", id);
    expect(row.publishAt?.toISOString()).toBe("2030-12-02T14:00:00.000Z");
    expect(row.unpublishAt?.toISOString()).toBe("2031-01-05T22:30:00.000Z");
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.service.schedule"), eq(auditLog.targetId, id)));
    expect(entry!.details).toMatchObject({ publishAt: "2030-12-02T14:00:00.000Z", unpublishAt: "2031-01-05T22:30:00.000Z" });

    const cancelled = await post("service", { intent: "cancel-schedule", id });
    expect(cancelled.body.toast.text).toBe("Schedule cancelled");
    expect(await rowOf("service", id)).toMatchObject({ publishAt: null, unpublishAt: null });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.service.unschedule"), eq(auditLog.targetId, id)))).toHaveLength(1);
  });

  it("refuses no time, a time in the past, a time skipped by the clocks, and unpublish before publish; writes nothing", async () => {
    const id = await firstOf("service");
    const cases: Array<[Record<string, string>, number, Record<string, string>]> = [
      [{}, 400, { publishAt: "Choose a time to publish, to unpublish, or both." }],
      [{ publishAt: "2020-01-01T09:00" }, 422, { publishAt: "Choose a time in the future." }],
      [{ publishAt: "2030-03-10T02:30" }, 400, { publishAt: "This time does not exist in New York: the clocks move forward then. Choose another time." }],
      [{ publishAt: "2030-05-01T09:00", unpublishAt: "2030-05-01T08:00" }, 400, { unpublishAt: "Choose an unpublish time after the publish time." }],
      [{ publishAt: "tomorrow" }, 400, { publishAt: "Enter a date and time." }],
    ];
    for (const [fields, status, fieldErrors] of cases) {
      const answer = await post("service", { intent: "set-schedule", id, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.body.fieldErrors).toEqual(fieldErrors);
      expect(answer.body.toast.text).toBe("Failed to save schedule");
    }
    expect(await rowOf("service", id)).toMatchObject({ publishAt: null, unpublishAt: null });
    expect(await db().select().from(auditLog).where(like(auditLog.action, "cms.service.%schedule"))).toEqual([]);
    expect((await post("service", { intent: "set-schedule", id: "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77", publishAt: ahead(5) })).status).toBe(404);
  });
});

describe("the publishing job", () => {
  it("publishes a draft when its time comes, once however many ticks run; audited and versioned by the schedule", async () => {
    const id = await firstOf("service");
    await makeDraft("service", id);
    await post("service", { intent: "set-schedule", id, publishAt: ahead(2) });
    const at = (await rowOf("service", id)).publishAt!;
    const [{ title }] = (await db().select({ title: cmsServices.title }).from(cmsServices).where(eq(cmsServices.id, id))) as [{ title: string }];

    // A minute early: nothing.
    expect(await applyDueSchedules(new Date(at.getTime() - 60_000))).toEqual([]);
    expect((await rowOf("service", id)).status).toBe("draft");
    expect((await listPublishedServices()).map((s) => s.title)).not.toContain(title);

    // On time, three ticks at once (three instances): one change.
    const results = await Promise.all([applyDueSchedules(at), applyDueSchedules(at), applyDueSchedules(at)]);
    expect(results.flat()).toEqual([{ kind: "service", id, change: "publish" }]);
    expect(await rowOf("service", id)).toMatchObject({ status: "published", publishAt: null });
    expect((await listPublishedServices()).map((s) => s.title)).toContain(title);
    expect(await applyDueSchedules(new Date(at.getTime() + 120_000))).toEqual([]);

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.service.publish"), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: null, actorEmail: null, details: { by: "schedule", from: "draft", to: "published" } });
    // The hub's Recent Changes names the schedule.
    expect((await loadCmsOverview()).recentChanges[0]).toMatchObject({ what: `Published service “${title}”`, who: "Scheduled publishing" });
    const versions = await db().select().from(contentVersions).where(eq(contentVersions.itemId, id)).orderBy(asc(contentVersions.number));
    expect(versions.map((v) => [v.number, v.values.status, v.actorLabel])).toEqual([
      [1, "draft", "someone, before version history was kept"],
      [2, "published", "Scheduled publishing"],
    ]);
  });

  it("unpublishes at its time, and applies publish then unpublish when both are due", async () => {
    const id = await firstOf("service");
    await post("service", { intent: "set-schedule", id, unpublishAt: ahead(3) });
    const at = (await rowOf("service", id)).unpublishAt!;
    expect(await applyDueSchedules(at)).toEqual([{ kind: "service", id, change: "unpublish" }]);
    expect(await rowOf("service", id)).toMatchObject({ status: "draft", unpublishAt: null });

    await post("service", { intent: "set-schedule", id, publishAt: ahead(2), unpublishAt: ahead(4) });
    const later = (await rowOf("service", id)).unpublishAt!;
    expect(await applyDueSchedules(later)).toEqual([
      { kind: "service", id, change: "publish" },
      { kind: "service", id, change: "unpublish" },
    ]);
    expect(await rowOf("service", id)).toMatchObject({ status: "draft", publishAt: null, unpublishAt: null });
  });

  it("does nothing for a cancelled schedule", async () => {
    const id = await firstOf("service");
    await makeDraft("service", id);
    await post("service", { intent: "set-schedule", id, publishAt: ahead(2) });
    const at = (await rowOf("service", id)).publishAt!;
    await post("service", { intent: "cancel-schedule", id });
    expect(await applyDueSchedules(new Date(at.getTime() + 60_000))).toEqual([]);
    expect((await rowOf("service", id)).status).toBe("draft");
  });

  it("publishes every kind", async () => {
    const kinds: ScheduleKind[] = ["service", "team_member", "page", "block", "gallery_project"];
    let latest = new Date();
    for (const kind of kinds) {
      const id = await firstOf(kind);
      await makeDraft(kind, id);
      const answer = await post(kind, { intent: "set-schedule", id, publishAt: ahead(2) });
      expect(answer.status, `${kind}: ${JSON.stringify(answer.body)}`).toBe(200);
      latest = (await rowOf(kind, id)).publishAt!;
    }
    const applied = await applyDueSchedules(latest);
    expect(applied.map((change) => change.kind).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) expect((await rowOf(kind, await firstOf(kind))).status, kind).toBe("published");
  });
});
