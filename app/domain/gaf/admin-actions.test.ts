import { and, eq, like, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, gafColors, gafRoofLayers, gafRoofProducts, gafWarranties, googleReviews } from "~/db/schema";
import { action } from "~/routes/admin/gaf-config";
import { createSession, createUser } from "../../../tests/support/factories";
import { resetTestDatabase } from "../../../tests/support/test-database";
import * as saveModule from "./save-gaf-item.server";

/**
 * The GAF intents through the kit's adminAction, as the route runs them:
 * guard, parse, use case and audit entry in one transaction, the catalogue's
 * texts, and nothing written when anything fails.
 */

let cookie = "";
// resetTestDatabase() re-clones the seeded database, so every test signs in anew.
beforeEach(async () => {
  const admin = await createUser({ kind: "admin" });
  cookie = (await createSession(admin)).cookie;
});
afterEach(async () => {
  vi.restoreAllMocks();
});

async function post(fields: Record<string, string>) {
  const request = new Request("http://app.test/admin/gaf-config", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.9" },
    body: new URLSearchParams(fields),
  });
  const result = (await action({ request, params: {}, context: {} } as never)) as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data as { ok: boolean; toast: { title: string; text: string; reference?: string }; fieldErrors?: Record<string, string> } };
}

const gafAudit = () => db().select().from(auditLog).where(like(auditLog.action, "gaf.%"));

describe("GAF configuration actions", () => {
  it("add a colour at the end of the list, active, with its audit entry", async () => {
    const { status, body } = await post({ intent: "save-color", id: "", name: "  Harbor Fog ", hexColor: "#8A9BA8", availabilityUrl: "" });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Color created successfully" });
    const [row] = await db().select().from(gafColors).where(eq(gafColors.name, "Harbor Fog"));
    expect(row).toMatchObject({ hexColor: "#8a9ba8", availabilityUrl: null, isActive: true });
    const [{ max }] = (await db().execute<{ max: number }>(sql`select max(sort_order)::int as max from gaf_colors`)).rows as [{ max: number }];
    expect(row!.sortOrder).toBe(max);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "gaf.color.create"), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ outcome: "success", targetType: "gaf_color", ipAddress: "203.0.113.9" });
    expect(entry!.actorEmail).toMatch(/@example\.test$/);
    await resetTestDatabase();
  });

  it("refuse invalid input with the catalogue's text and a message per field; write nothing", async () => {
    const before = await gafAudit();
    const { status, body } = await post({ intent: "save-warranty", name: "", windTermYears: "12abc", pdfUrl: "javascript:alert(1)" });
    expect(status).toBe(400);
    expect(body.toast.text).toBe("Failed to save warranty");
    expect(body.fieldErrors).toEqual({
      name: "Warranty name is required.",
      windTermYears: "Enter a whole number.",
      pdfUrl: "Enter a full web address starting with http:// or https://.",
    });
    expect(await gafAudit()).toHaveLength(before.length);
  });

  it("save a warranty with the wind term left blank as 0 years (spec 2 §5); a typo is still refused", async () => {
    const blank = await post({ intent: "save-warranty", name: "Blank wind term warranty", windTermYears: "  " });
    expect(blank.status).toBe(200);
    const absent = await post({ intent: "save-warranty", name: "Absent wind term warranty" });
    expect(absent.status).toBe(200);
    const rows = await db().select().from(gafWarranties).where(like(gafWarranties.name, "% wind term warranty"));
    expect(rows.map((row) => [row.name, row.windTermYears]).sort()).toEqual([
      ["Absent wind term warranty", 0],
      ["Blank wind term warranty", 0],
    ]);
    const typo = await post({ intent: "save-warranty", name: "Typo wind term warranty", windTermYears: "1O" });
    expect(typo.status).toBe(400);
    expect(typo.body.fieldErrors).toEqual({ windTermYears: "Enter a whole number." });
    await resetTestDatabase();
  });

  it("refuse unknown intents, repeated fields and unknown fields", async () => {
    expect((await post({ intent: "drop-table" })).status).toBe(400);
    expect((await post({ intent: "__proto__" })).status).toBe(400);
    expect((await post({ intent: "save-color", name: "X", hexColor: "#000000", extra: "1" })).status).toBe(400);
    const repeated = new URLSearchParams([["intent", "save-color"], ["name", "A"], ["name", "B"], ["hexColor", "#000000"]]);
    const request = new Request("http://app.test/admin/gaf-config", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: repeated,
    });
    const result = (await action({ request, params: {}, context: {} } as never)) as { init: { status: number } };
    expect(result.init.status).toBe(400);
  });

  it("refuse a form over 1 MiB with 413, without reading it all", async () => {
    const { status, body } = await post({ intent: "save-color", name: "x".repeat(1_100_000), hexColor: "#000000" });
    expect(status).toBe(413);
    expect(body.toast.text).toBe("This form is too large to save. Shorten the longest texts and try again.");
  });

  it("an id of another kind or table is not found (404) and changes nothing", async () => {
    const [review] = await db().select({ id: googleReviews.id }).from(googleReviews).limit(1);
    const [layer] = await db().select({ id: gafRoofLayers.id }).from(gafRoofLayers).limit(1);
    const deactivate = await post({ intent: "deactivate-color", id: review!.id });
    expect(deactivate.status).toBe(404);
    expect(deactivate.body.toast.text).toBe("Failed to deactivate color");
    expect((await post({ intent: "save-shingle", id: layer!.id, model: "Renamed" })).status).toBe(404);
    const [color] = await db().select({ id: gafColors.id }).from(gafColors).limit(1);
    const product = await post({ intent: "save-roof-product", layerId: color!.id, name: "Orphan" });
    expect(product.status).toBe(422);
    expect(product.body.fieldErrors).toEqual({ layerId: "Choose a roof layer." });
    expect(await db().select().from(gafRoofProducts).where(eq(gafRoofProducts.name, "Orphan"))).toEqual([]);
  });

  it("deactivate and reactivate with the catalogue's texts", async () => {
    const [layer] = await db().select().from(gafRoofLayers).limit(1);
    expect((await post({ intent: "deactivate-roof-layer", id: layer!.id })).body.toast.text).toBe("Roof layer deactivated successfully");
    expect((await db().select().from(gafRoofLayers).where(eq(gafRoofLayers.id, layer!.id)))[0]!.isActive).toBe(false);
    expect((await post({ intent: "reactivate-roof-layer", id: layer!.id })).body.toast.text).toBe("Roof layer reactivated successfully");
    expect((await db().select().from(gafRoofLayers).where(eq(gafRoofLayers.id, layer!.id)))[0]!.isActive).toBe(true);
  });

  it("reorder: the whole list, or a conflict when it is not the list", async () => {
    const rows = await db().select({ id: gafColors.id }).from(gafColors).orderBy(gafColors.sortOrder);
    const reversed = rows.map((r) => r.id).reverse();
    expect((await post({ intent: "reorder-color", ids: reversed.join(",") })).body.toast.text).toBe("Colors reordered successfully");
    const after = await db().select({ id: gafColors.id, sortOrder: gafColors.sortOrder }).from(gafColors).orderBy(gafColors.sortOrder);
    expect(after.map((r) => r.id)).toEqual(reversed);
    expect(after.map((r) => r.sortOrder)).toEqual(reversed.map((_, i) => i + 1));

    const missing = await post({ intent: "reorder-color", ids: reversed.slice(1).join(",") });
    expect(missing.status).toBe(409);
    expect(missing.body.toast.text).toBe("The list changed while you were reordering it. Reload the page and try again.");
    const [layer] = await db().select({ id: gafRoofLayers.id }).from(gafRoofLayers).limit(1);
    expect((await post({ intent: "reorder-color", ids: [...reversed.slice(1), layer!.id].join(",") })).status).toBe(409);
    expect((await post({ intent: "reorder-color", ids: [reversed[0], reversed[0]].join(",") })).status).toBe(400);
    const unchanged = await db().select({ id: gafColors.id }).from(gafColors).orderBy(gafColors.sortOrder);
    expect(unchanged.map((r) => r.id)).toEqual(reversed);
    await resetTestDatabase();
  });

  it("an unexpected failure is logged, answered 500 with the catalogue's text and a reference, and rolled back", async () => {
    const before = await gafAudit();
    vi.spyOn(saveModule, "saveGafItem").mockRejectedValueOnce(new Error("boom"));
    const { status, body } = await post({ intent: "save-color", name: "Never", hexColor: "#000000" });
    expect(status).toBe(500);
    expect(body.toast.text).toBe("Failed to save color");
    expect(await gafAudit()).toHaveLength(before.length);
    expect(await db().select().from(gafColors).where(eq(gafColors.name, "Never"))).toEqual([]);
  });
});
