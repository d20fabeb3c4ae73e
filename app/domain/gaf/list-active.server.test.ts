import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { gafColors, gafRoofLayers, gafRoofProducts, gafShingles, gafWarranties } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { listActiveColors } from "./list-active-colors.server";
import { listActiveRoofLayers } from "./list-active-roof-layers.server";
import { listActiveShingles } from "./list-active-shingles.server";
import { listActiveWarranties } from "./list-active-warranties.server";

/** The GAF read models against the seeded test database (6 warranties, 10 shingles, 6 layers, 23 colours). */

afterEach(async () => {
  vi.restoreAllMocks();
  await resetTestDatabase();
});

describe("GAF portal read models", () => {
  it("list every seeded, active row in sort order", async () => {
    const [warranties, shingles, layers, colors] = await Promise.all([
      listActiveWarranties(),
      listActiveShingles(),
      listActiveRoofLayers(),
      listActiveColors(),
    ]);
    expect(warranties.ok && warranties.items.length).toBe(6);
    expect(shingles.ok && shingles.items.length).toBe(10);
    expect(layers.ok && layers.items.length).toBe(6);
    expect(colors.ok && colors.items.length).toBe(23);
    expect(warranties.items[0]?.name).toBe("GAF Shingle & Accessory Limited Warranty (Standard)");
    expect(shingles.items[0]?.model).toBe("Timberline HDZ");
    expect(layers.items.map((layer) => layer.title)[0]).toBe("Leak Barrier");
    expect(layers.items.every((layer) => layer.products.length > 0)).toBe(true);
    expect(colors.items[0]).toMatchObject({ name: "Charcoal", hexColor: "#3a3b3d", availabilityUrl: null });
    // Unknown booleans stay null (shown as a dash).
    expect(shingles.items.find((s) => s.model === "Timberline NS")?.layerLock).toBeNull();
  });

  it("leave out inactive rows and follow sort_order, then name", async () => {
    await db().update(gafWarranties).set({ isActive: false }).where(eq(gafWarranties.name, "Silver Pledge Limited Warranty"));
    await db().update(gafShingles).set({ sortOrder: 0 }).where(eq(gafShingles.model, "Royal Sovereign"));
    await db().update(gafColors).set({ sortOrder: 1 }).where(eq(gafColors.name, "Barkwood")); // ties with Charcoal
    const [layer] = await db().select().from(gafRoofLayers).where(eq(gafRoofLayers.title, "Shingles"));
    await db().update(gafRoofProducts).set({ isActive: false }).where(eq(gafRoofProducts.name, "Timberline UHDZ Shingles"));
    await db().update(gafRoofLayers).set({ isActive: false }).where(eq(gafRoofLayers.title, "Attic Ventilation"));

    const warranties = await listActiveWarranties();
    expect(warranties.items.map((w) => w.name)).not.toContain("Silver Pledge Limited Warranty");
    expect(warranties.items).toHaveLength(5);

    const shingles = await listActiveShingles();
    expect(shingles.items[0]?.model).toBe("Royal Sovereign");

    const colors = await listActiveColors();
    expect(colors.items.slice(0, 2).map((c) => c.name)).toEqual(["Barkwood", "Charcoal"]);

    const layers = await listActiveRoofLayers();
    expect(layers.items.map((l) => l.title)).not.toContain("Attic Ventilation");
    expect(layers.items.find((l) => l.id === layer?.id)?.products.map((p) => p.name)).toEqual(["Timberline HDZ Shingles"]);
  });

  it("never pass an unsafe URL on to the page", async () => {
    await db().update(gafWarranties).set({ pdfUrl: "javascript:alert(1)" });
    await db().update(gafShingles).set({ officialUrl: "https://www.gaf.com/en-us/x" });
    const warranties = await listActiveWarranties();
    expect(warranties.items.every((w) => w.pdfUrl === null)).toBe(true);
    const shingles = await listActiveShingles();
    expect(shingles.items[0]?.officialUrl).toBe("https://www.gaf.com/en-us/x");
  });

  it("report an empty list as loaded and empty", async () => {
    await db().update(gafColors).set({ isActive: false });
    expect(await listActiveColors()).toEqual({ ok: true, items: [] });
  });

  it("log a failure and report it instead of throwing", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await db().execute(sql`alter table gaf_colors rename to gaf_colors_gone`);
    expect(await listActiveColors()).toEqual({ ok: false, items: [] });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ list: "colors" }), "GAF portal: failed to load a list");
  });
});
