import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsContentBlocks, cmsServices, users } from "~/db/schema";
import { BLOCK_SEEDS, PAGE_SEEDS } from "~/db/seed/pages";
import { GALLERY_SEEDS, SERVICE_SEEDS, TEAM_SEEDS } from "~/db/seed/cms";
import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import type { CmsOverview, StatusCounts } from "~/domain/cms/cms-overview.server";
import { RECENT_CHANGES_LIMIT } from "~/domain/cms/cms-overview.server";
import { createSession, createUser } from "../../../tests/support/factories";
import { loader } from "./cms";
import { action as pagesAction } from "./cms.pages";

/**
 * The content management hub (/admin/cms): its figures are the seeded
 * database's (counted from the seed itself, not written into the page), they
 * follow a change, and Recent Changes lists content changes from the audit
 * log (who, what, when), "No recent changes" only while there are none.
 */

const context = { cspNonce: "", requestId: "cms-hub", formKey: "" };
let cookie = "";

async function overview(): Promise<CmsOverview> {
  const request = new Request("http://app.test/admin/cms", { headers: { cookie } });
  const loaded = await (await loader({ request, params: {}, context } as never)).overview;
  if (!loaded.ok) throw new Error(`the hub did not load: ${loaded.message}`);
  return loaded.data;
}

async function postPages(fields: Record<string, string>) {
  const request = new Request("http://app.test/admin/cms/pages", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const value = (await pagesAction({ request, params: {}, context } as never)) as unknown as { data: { ok: boolean } };
  expect(value.data.ok).toBe(true);
}

function statusesOf(rows: ReadonlyArray<{ status?: string | null }>): StatusCounts {
  const out: StatusCounts = { published: 0, draft: 0, archived: 0 };
  for (const row of rows) out[(row.status ?? "draft") as keyof StatusCounts] += 1;
  return out;
}

beforeAll(async () => {
  const admin = await createUser({ kind: "admin", overrides: { firstName: "Hub", lastName: "Editor" } });
  cookie = (await createSession(admin)).cookie;
});

describe("/admin/cms", () => {
  it("counts what the seed put in the database, and says there are no recent changes", async () => {
    const hub = await overview();
    expect(hub.counts).toEqual({
      services: SERVICE_SEEDS.length,
      teamMembers: TEAM_SEEDS.length,
      pages: PAGE_SEEDS.length,
      blocks: BLOCK_SEEDS.length,
      gallery: GALLERY_SEEDS.length,
      settings: SITE_SETTING_SEEDS.length,
      media: 0,
    });
    const expected = {
      services: statusesOf(SERVICE_SEEDS),
      teamMembers: statusesOf(TEAM_SEEDS),
      pages: statusesOf(PAGE_SEEDS),
      blocks: statusesOf(BLOCK_SEEDS),
      gallery: statusesOf(GALLERY_SEEDS),
    };
    const sum = (key: keyof StatusCounts) => Object.values(expected).reduce((n, counts) => n + counts[key], 0);
    expect(hub.statuses).toEqual({ ...expected, total: { published: sum("published"), draft: sum("draft"), archived: sum("archived") } });
    expect(hub.recentChanges).toEqual([]);
  });

  it("follows a change: the figures move and Recent Changes says who did what, newest first", async () => {
    const before = await overview();
    await postPages({ intent: "save-block", blockKey: "hub-test-block", blockType: "list", title: "Hub test list", content: '{"items":["One"]}' });
    const [block] = await db().select({ id: cmsContentBlocks.id }).from(cmsContentBlocks).where(eq(cmsContentBlocks.blockKey, "hub-test-block"));
    const blockId = block!.id;
    await postPages({ intent: "set-block-status", id: blockId, status: "published" });
    // A service archived from another screen (its use case is another engineer's: written as it would audit).
    const [service] = await db().update(cmsServices).set({ status: "archived" }).where(eq(cmsServices.slug, "roof-repair")).returning();

    const after = await overview();
    expect(after.counts.blocks).toBe(before.counts.blocks + 1);
    expect(after.statuses.blocks.published).toBe(before.statuses.blocks.published + 1);
    expect(after.statuses.services).toEqual({
      ...before.statuses.services,
      published: before.statuses.services.published - 1,
      archived: before.statuses.services.archived + 1,
    });
    expect(after.statuses.total.archived).toBe(before.statuses.total.archived + 1);

    expect(after.recentChanges.map(({ what, who, when }) => ({ what, who, when }))).toEqual([
      { what: "Published content block “Hub test list”", who: "Hub Editor", when: "just now" },
      { what: "Created content block “Hub test list”", who: "Hub Editor", when: "just now" },
    ]);
    expect(service!.status).toBe("archived");
  });

  it("lists the latest content changes only, and names a person by email when there is no name", async () => {
    const noName = await createUser({ kind: "admin", overrides: { firstName: "", lastName: "" } });
    const entry = (i: number, fields: Partial<typeof auditLog.$inferInsert>) => ({
      actorUserId: noName.id,
      actorEmail: noName.email,
      // Distinct times a minute apart, the newest last, all after the changes of the test above.
      occurredAt: new Date(Date.now() + (i + 1) * 60_000),
      action: "cms.service.feature",
      targetType: "cms_service",
      targetId: `s${i}`,
      details: { title: `Service ${i}` },
      ...fields,
    });
    await db()
      .insert(auditLog)
      .values(Array.from({ length: RECENT_CHANGES_LIMIT + 2 }, (_, i) => entry(i, {})));
    // Not content changes, or not done: never listed, even when newer.
    await db()
      .insert(auditLog)
      .values([entry(150, { action: "review.update", targetType: "review" }), entry(151, { action: "cms.page.update", outcome: "failure" })]);

    const { recentChanges } = await overview();
    expect(recentChanges).toHaveLength(RECENT_CHANGES_LIMIT);
    expect(recentChanges[0]).toMatchObject({ what: `Featured service “Service ${RECENT_CHANGES_LIMIT + 1}”`, who: noName.email });
    expect(recentChanges.every((change) => change.what.startsWith("Featured service"))).toBe(true);

    // An account deleted since: the email kept in the audit entry.
    await db().delete(users).where(eq(users.id, noName.id));
    expect((await overview()).recentChanges[0]!.who).toBe(noName.email);
  });
});
