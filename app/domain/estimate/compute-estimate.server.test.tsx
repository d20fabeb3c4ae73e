import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, test } from "vitest";
import { EstimateSection } from "~/routes/admin/lead-sections/estimate";
import { loader } from "~/routes/admin/leads.$id";
import { db } from "~/db/client.server";
import { priceBookItems, priceBookSettings } from "~/db/schema";
import { createLead, createSession, createUser } from "../../../tests/support/factories";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { computeEstimate } from "./compute-estimate.server";
import { estimateForLead } from "./estimate-for-lead.server";
import { ESTIMATE_TEXT, parseEstimateQuery } from "./inputs";

/**
 * The instant estimate on the real database (the seeded price book): priced from the book as it is now (a
 * price change, a deactivated line and the settings row all show in the next estimate), recomputed from the
 * inputs alone for a lead, and shown on the lead page when a lead carries one.
 */

const QUERY = "zip=43017&footprint=1800&stories=1&steepness=medium&material=asphalt";
const NOW = new Date("2026-11-29T15:00:00Z");

beforeEach(async () => {
  await resetTestDatabase();
});

describe("computeEstimate on the seeded price book", () => {
  test("the seeded book's ranges; a price change, a deactivated line and the settings apply at once", async () => {
    const inputs = parseEstimateQuery(QUERY)!;
    const first = (await computeEstimate(inputs, NOW))!;
    expect(first.squares).toBe(22.97);
    expect(first.tiers.map((t) => t.product)).toEqual(["Royal Sovereign 3-tab shingles", "Timberline HDZ shingles", "Timberline UHDZ shingles"]);
    // The same figure as worked by hand from the seed (price-estimate.test.ts).
    expect(first.tiers[0]!.lowCents).toBe(1_013_600);

    // Royal Sovereign $115 -> $125 a square: 25.27 squares with waste on the simple roof = $252.70 more.
    await db().update(priceBookItems).set({ unitPriceCents: 12_500 }).where(eq(priceBookItems.name, "Royal Sovereign 3-tab shingles"));
    expect((await computeEstimate(inputs, NOW))!.tiers[0]!.lowCents).toBe(wholeDollars(1_013_611 + 25_270));

    // Without it, good is the next line.
    await db().update(priceBookItems).set({ isActive: false }).where(eq(priceBookItems.name, "Royal Sovereign 3-tab shingles"));
    const withoutEntryLine = (await computeEstimate(inputs, NOW))!;
    expect(withoutEntryLine.tiers.map((t) => [t.key, t.product])).toEqual([
      ["good", "Timberline HDZ shingles"],
      ["better", "Timberline UHDZ shingles"],
      ["best", "Timberline AS II impact-resistant shingles"],
    ]);

    // The settings row the office saves: 7.25 % sales tax on everything.
    await db()
      .insert(priceBookSettings)
      .values({ id: 1, salesTaxBp: 725 })
      .onConflictDoUpdate({ target: priceBookSettings.id, set: { salesTaxBp: 725 } });
    const taxed = (await computeEstimate(inputs, NOW))!;
    expect(taxed.tiers[0]!.lowCents).toBeGreaterThan(withoutEntryLine.tiers[0]!.lowCents * 1.07);

    await db().update(priceBookItems).set({ isActive: false }).where(eq(priceBookItems.category, "shingles"));
    expect(await computeEstimate(inputs, NOW)).toBeNull();
  });

  test("estimateForLead prices the query again on the server; an invalid query is null", async () => {
    const record = (await estimateForLead(QUERY))!;
    expect(record.inputs).toEqual({ zip: "43017", footprintSqFt: 1800, squares: null, stories: 1, steepness: "medium", material: "asphalt" });
    expect(record.tiers.map((t) => t.key)).toEqual(["good", "better", "best"]);
    expect(Date.parse(record.computedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Whatever else the query carries (a figure from a browser) is not read.
    expect((await estimateForLead(`${QUERY}&lowCents=1&total=1`))!.tiers).toEqual(record.tiers);
    expect(await estimateForLead("zip=43017&stories=1&steepness=medium&material=asphalt")).toBeNull();
    expect(await estimateForLead("")).toBeNull();
  });
});

describe("the lead page's estimate section", () => {
  test("shown with its ranges, inputs in words and the disclaimer when the lead carries an estimate; absent otherwise", async () => {
    const admin = await createUser({ kind: "admin" });
    const { cookie } = await createSession(admin);
    const estimate = (await estimateForLead(QUERY))!;
    const withEstimate = await createLead({ overrides: { estimate } });
    const without = await createLead();
    const load = async (id: string) =>
      (await loader({ request: new Request(`http://app.test/admin/leads/${id}`, { headers: { cookie } }), params: { id }, context: {} } as never)) as { estimate: typeof estimate | null };

    const page = await load(withEstimate.id);
    expect(page.estimate).toEqual(estimate);
    expect((await load(without.id)).estimate).toBeNull();

    const text = renderToStaticMarkup(<EstimateSection data={page.estimate!} />).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Instant estimate");
    for (const tier of estimate.tiers) expect(text).toContain(`${tier.label} $${(tier.lowCents / 100).toLocaleString("en-US")} to $${(tier.highCents / 100).toLocaleString("en-US")} ${tier.product}`);
    expect(text).toContain("A 1,800 sq ft footprint: about 22.97 squares of roof");
    expect(text).toContain(ESTIMATE_TEXT.disclaimer);

    // A stored value this code did not write is not shown.
    const odd = await createLead({ overrides: { estimate: { inputs: {}, squares: -1, tiers: [], computedAt: "x" } as never } });
    expect((await load(odd.id)).estimate).toBeNull();
  });
});

function wholeDollars(cents: number): number {
  return Math.round(cents / 100) * 100;
}
