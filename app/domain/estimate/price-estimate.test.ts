import { describe, expect, test } from "vitest";
import { PRICE_BOOK_SEEDS } from "~/db/seed/price-book";
import { seededRandom } from "../../../tests/support/prng";
import { MATERIAL_KEYS, STEEPNESS_KEYS, type EstimateInputs } from "./inputs";
import { priceEstimate, wholeDollarCents, type EstimatePriceBook } from "./price-estimate";
import { estimateInputsInWords, formatWholeDollars, readLeadEstimate } from "./record";
import { estimateRoof, pitchMultiplier } from "./roof-model";

/**
 * The estimate priced from the seeded price book (app/db/seed/price-book.ts) and the price book's default
 * settings (loadPriceBookSettings): one case worked by hand, the factors the builder applies, and a
 * property test of the ranges over generated inputs.
 */

const SEED_BOOK: EstimatePriceBook = {
  items: PRICE_BOOK_SEEDS.map((seed) => ({
    id: seed.name,
    category: seed.category,
    name: seed.name,
    unit: seed.unit,
    unitPriceCents: seed.unitPriceCents,
    basis: seed.basis,
    isLabour: seed.isLabour ?? false,
    gafLayer: null,
    gafShingleId: null,
  })),
  settings: { wasteSimpleBp: 1000, wasteModerateBp: 1500, wasteComplexBp: 2000, steepPitchFrom: 8, steepPitchFactorBp: 12500, extraStoryFactorBp: 1000, salesTaxBp: 0 },
};

const NOW = new Date("2026-11-29T15:00:00Z");
const inputs = (over: Partial<EstimateInputs> = {}): EstimateInputs => ({ zip: "43017", footprintSqFt: 1800, squares: null, stories: 1, steepness: "medium", material: "asphalt", ...over });

describe("the modelled roof", () => {
  test("a footprint becomes squares through the overhang and the pitch multiplier; lengths from the plan", () => {
    expect(pitchMultiplier(7)).toBeCloseTo(1.1577, 4);
    // 1800 sq ft = 30 x 60 ft; with 1 ft of overhang 32 x 62 = 1984 sq ft of plan; x 1.1577 = 2296.9 sq ft.
    const roof = estimateRoof(inputs());
    expect(roof.areaHundredths).toBe(2297);
    expect(roof.simple).toEqual({ areaHundredths: 2297, pitch: 7, stories: 1, layers: 1, complexity: "simple", eaveFt: 124, rakeFt: 74, ridgeFt: 62, hipFt: 0, valleyFt: 0, penetrations: 3 });
    expect(roof.complex).toMatchObject({ layers: 2, complexity: "complex", eaveFt: 188, rakeFt: 19, ridgeFt: 46, hipFt: 98, valleyFt: 24, penetrations: 6 });
    // Squares are the roof's own area: used as given.
    expect(estimateRoof(inputs({ footprintSqFt: null, squares: 28.5 })).areaHundredths).toBe(2850);
    // Wood, metal, slate or tile: one layer at most.
    expect(estimateRoof(inputs({ material: "metal" })).complex.layers).toBe(1);
  });
});

describe("the ranges from the seeded price book", () => {
  test("good, better, best are the book's first three shingle lines; the simple roof's total worked by hand", () => {
    const record = priceEstimate(inputs(), SEED_BOOK, NOW)!;
    expect(record.squares).toBe(22.97);
    expect(record.tiers.map((t) => [t.key, t.label, t.product])).toEqual([
      ["good", "Good", "Royal Sovereign 3-tab shingles"],
      ["better", "Better", "Timberline HDZ shingles"],
      ["best", "Best", "Timberline UHDZ shingles"],
    ]);
    // The simple roof (22.97 sq, 10 % waste = 25.27 sq, eaves 124 + rakes 74 = 198 ft, ridge 62 ft, 3 penetrations):
    // tear-off 22.97 x $65 = $1,493.05; felt 25.27 x $18 = $454.86; starter 198 x $2.25 = $445.50;
    // ridge cap 62 x $6.50 = $403.00; ridge vent 62 x $9 = $558.00; flashing 3 x $75 = $225.00;
    // drip edge 198 x $3.25 = $643.50; labour 22.97 x $95 = $2,182.15; disposal $650; permit $175;
    // Royal Sovereign 25.27 x $115 = $2,906.05. Total $10,136.11, shown as $10,136.
    expect(record.tiers[0]!.lowCents).toBe(1_013_600);
    for (const tier of record.tiers) {
      expect(tier.lowCents).toBeLessThan(tier.highCents);
      expect(tier.lowCents % 100).toBe(0);
      expect(tier.highCents % 100).toBe(0);
    }
    expect(record.tiers[0]!.highCents).toBeLessThan(record.tiers[1]!.highCents);
    expect(record.tiers[1]!.highCents).toBeLessThan(record.tiers[2]!.highCents);
    expect(record.computedAt).toBe("2026-11-29T15:00:00.000Z");
    expect(readLeadEstimate(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });

  test("steepness and stories raise labour as the builder does; sales tax is added; no shingle line, no estimate", () => {
    const medium = priceEstimate(inputs({ footprintSqFt: null, squares: 25 }), SEED_BOOK, NOW)!;
    const steep = priceEstimate(inputs({ footprintSqFt: null, squares: 25, steepness: "steep" }), SEED_BOOK, NOW)!;
    const twoStories = priceEstimate(inputs({ footprintSqFt: null, squares: 25, stories: 2 }), SEED_BOOK, NOW)!;
    // Same area: labour and the lengths change. Steep 10/12 is x1.25 on labour: installation 25 x $95 x 0.25 =
    // $593.75 and one layer's tear-off 25 x $65 x 0.25 = $406.25 more; a steeper roof of the same area has a
    // smaller plan, so its edges are a little shorter ($73 here).
    expect(steep.tiers[0]!.lowCents - medium.tiers[0]!.lowCents).toBe(92_700);
    // A second story is +10 % on labour: 25 x ($95 + $65) x 0.10 = $400 on the simple roof.
    expect(twoStories.tiers[0]!.lowCents - medium.tiers[0]!.lowCents).toBe(40_000);
    const taxed = priceEstimate(inputs(), { ...SEED_BOOK, settings: { ...SEED_BOOK.settings, salesTaxBp: 725 } }, NOW)!;
    expect(taxed.tiers[0]!.lowCents).toBe(wholeDollarCents(1_013_611 + Math.round(1_013_611 * 0.0725)));
    expect(priceEstimate(inputs(), { ...SEED_BOOK, items: SEED_BOOK.items.filter((i) => i.category !== "shingles") }, NOW)).toBeNull();
    // With one shingle line there is one tier.
    expect(priceEstimate(inputs(), { ...SEED_BOOK, items: SEED_BOOK.items.filter((i) => i.category !== "shingles" || i.name.startsWith("Timberline HDZ")) }, NOW)!.tiers.map((t) => t.key)).toEqual(["good"]);
  });

  test("in words", () => {
    const record = priceEstimate(inputs({ stories: 2 }), SEED_BOOK, NOW)!;
    expect(estimateInputsInWords(record)).toEqual(["A 1,800 sq ft footprint: about 22.97 squares of roof", "2 stories", "Medium slope", "Currently asphalt shingles", "ZIP 43017"]);
    expect(formatWholeDollars(1_013_600)).toBe("$10,136");
    expect(readLeadEstimate({ ...record, tiers: [] })).toBeNull();
    expect(readLeadEstimate(null)).toBeNull();
  });
});

describe("property: the ranges over 2,000 generated estimates", () => {
  test("low <= high, whole dollars, and never less for a larger roof (every tier, both ends)", () => {
    const rng = seededRandom(31_4);
    for (let n = 0; n < 2000; n++) {
      const base = inputs({
        stories: (1 + rng.int(3)) as 1 | 2 | 3,
        steepness: rng.pick(STEEPNESS_KEYS),
        material: rng.pick(MATERIAL_KEYS),
      });
      const bySquares = rng.int(2) === 0;
      const small = 300 + rng.int(19_000);
      const large = small + 1 + rng.int(500);
      const size = (value: number): Partial<EstimateInputs> => (bySquares ? { footprintSqFt: null, squares: value / 100 } : { footprintSqFt: value, squares: null });
      const a = priceEstimate({ ...base, ...size(small) }, SEED_BOOK, NOW)!;
      const b = priceEstimate({ ...base, ...size(large) }, SEED_BOOK, NOW)!;
      const label = JSON.stringify({ base, bySquares, small, large });
      expect(b.squares, label).toBeGreaterThanOrEqual(a.squares);
      for (const [index, tier] of a.tiers.entries()) {
        expect(tier.lowCents, label).toBeLessThanOrEqual(tier.highCents);
        expect(tier.lowCents % 100, label).toBe(0);
        expect(b.tiers[index]!.lowCents, label).toBeGreaterThanOrEqual(tier.lowCents);
        expect(b.tiers[index]!.highCents, label).toBeGreaterThanOrEqual(tier.highCents);
      }
    }
  });
});
