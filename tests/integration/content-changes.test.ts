import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, db } from "~/db/client.server";
import { cmsGalleryProjects, cmsServices, cmsSiteSettings, googleReviews } from "~/db/schema";
import { onContentChange, startContentChangeListener, stopContentChangeListener } from "~/lib/content-changes.server";

/** The migration's triggers + the listener: a committed content write reaches every instance. */
describe("content change notifications", () => {
  const seen: string[] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    unsubscribe = onContentChange((table) => seen.push(table));
    await startContentChangeListener(databaseUrl());
  });

  afterAll(async () => {
    unsubscribe();
    await stopContentChangeListener();
  });

  async function waitFor(table: string) {
    const deadline = Date.now() + 5_000;
    while (!seen.includes(table)) {
      if (Date.now() > deadline) throw new Error(`no notification for ${table}; saw ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("reports inserts, updates and deletes on content tables after commit", async () => {
    await db().update(cmsServices).set({ title: "Roof Repairs (updated)" }).where(eq(cmsServices.slug, "roof-repair"));
    await waitFor("cms_services");
    await db().update(cmsSiteSettings).set({ settingValue: "(614) 555-0199" }).where(eq(cmsSiteSettings.settingKey, "phone"));
    await waitFor("cms_site_settings");
    await db().delete(googleReviews).where(eq(googleReviews.googleReviewId, "demo_1"));
    await waitFor("google_reviews");
    // The gallery's projects (the Gallery manager, ADR 025): the public /gallery is cleared on every instance.
    await db().update(cmsGalleryProjects).set({ status: "draft" }).where(eq(cmsGalleryProjects.slug, "grove-city-retail-plaza"));
    await waitFor("cms_gallery_projects");
  });

  it("says nothing about a transaction that rolled back", async () => {
    seen.length = 0;
    await db()
      .transaction(async (tx) => {
        await tx.update(cmsServices).set({ title: "never" }).where(eq(cmsServices.slug, "roof-repair"));
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  });
});
