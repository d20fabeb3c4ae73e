import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appMeta, cmsContentBlocks, cmsPages, cmsServices } from "~/db/schema";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { SEED_MARKER_KEY, SEED_VERSION, seedDatabase } from "./index.server";
import { BLOCK_SEEDS, PAGE_SEEDS } from "./pages";

const count = async (table: typeof cmsPages | typeof cmsContentBlocks) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Version 2 of the seed (the public pages' texts) reaches databases seeded before it existed. */
describe("seed steps", () => {
  beforeEach(async () => {
    await resetTestDatabase();
  });

  it("a database at version 1 gets the page texts once, without re-running version 1 or touching staff edits", async () => {
    // A database seeded before the page texts existed, where staff have since deleted a service.
    await db().delete(cmsContentBlocks);
    await db().delete(cmsPages);
    await db().delete(cmsServices).where(eq(cmsServices.slug, "siding-gutters"));
    await db().update(appMeta).set({ value: "1" }).where(eq(appMeta.key, SEED_MARKER_KEY));

    expect(await seedDatabase(db())).toEqual({ applied: true });
    expect(await count(cmsPages)).toBe(PAGE_SEEDS.length);
    expect(await count(cmsContentBlocks)).toBe(BLOCK_SEEDS.length);
    expect(await db().select().from(cmsServices).where(eq(cmsServices.slug, "siding-gutters"))).toEqual([]);
    const [marker] = await db().select().from(appMeta).where(eq(appMeta.key, SEED_MARKER_KEY));
    expect(marker?.value).toBe(String(SEED_VERSION));

    // Applied once: staff changes stay, nothing comes back.
    await db().update(cmsContentBlocks).set({ content: { paragraphs: ["Edited."] } }).where(eq(cmsContentBlocks.blockKey, "team-cta"));
    await db().delete(cmsContentBlocks).where(eq(cmsContentBlocks.blockKey, "gallery-cta"));
    expect(await seedDatabase(db())).toEqual({ applied: false });
    expect(await count(cmsContentBlocks)).toBe(BLOCK_SEEDS.length - 1);
  });

  it("the page texts never overwrite rows that already exist (conflict on the key)", async () => {
    await db().update(cmsContentBlocks).set({ title: "Kept by staff" }).where(eq(cmsContentBlocks.blockKey, "home-hero"));
    await db().update(cmsPages).set({ title: "Kept too" }).where(eq(cmsPages.pageKey, "home"));
    await db().update(appMeta).set({ value: "1" }).where(eq(appMeta.key, SEED_MARKER_KEY));
    expect(await seedDatabase(db())).toEqual({ applied: true });
    expect((await db().select().from(cmsContentBlocks).where(eq(cmsContentBlocks.blockKey, "home-hero")))[0]?.title).toBe("Kept by staff");
    expect((await db().select().from(cmsPages).where(eq(cmsPages.pageKey, "home")))[0]?.title).toBe("Kept too");
    expect(await count(cmsContentBlocks)).toBe(BLOCK_SEEDS.length);
  });
});
