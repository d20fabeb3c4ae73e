import { describe, expect, test } from "vitest";
import { basisQuantity, buildLines, labourFactorBp, wasteBp, type BuilderItem, type BuilderSettings } from "./build-option";
import type { MeasurementsSnapshot, ProposalLine } from "./content";
import { applyBasisPoints, divideRoundHalfUp, formatCents, lineAmountCents, parseDollars, parseHundredths } from "./money";
import { ACCESSORY_LAYERS, evaluateWarranty } from "./warranty-ladder";

const SETTINGS: BuilderSettings = { wasteSimpleBp: 1000, wasteModerateBp: 1500, wasteComplexBp: 2000, steepPitchFrom: 8, steepPitchFactorBp: 12500, extraStoryFactorBp: 1000 };
const ROOF: MeasurementsSnapshot = { areaHundredths: 2850, pitch: 6, stories: 1, layers: 2, complexity: "moderate", ridgeFt: 42, hipFt: 18, valleyFt: 24, eaveFt: 96, rakeFt: 64, penetrations: 4 };

const NAMES = [
  "GAF Shingle & Accessory Limited Warranty (Standard)",
  "GAF Roofing System Limited Warranty",
  "System Plus Limited Warranty",
  "Silver Pledge Limited Warranty",
  "Golden Pledge Limited Warranty",
  "WindProven Limited Wind Warranty",
];
const HDZ = { model: "Timberline HDZ", lifetimeWarranty: true, layerLock: true };

function line(category: ProposalLine["category"], gafLayer: string | null = null): ProposalLine {
  return { key: category, priceBookItemId: null, category, description: category, unit: "each", quantityHundredths: 100, unitPriceCents: 100, gafLayer };
}
const accessories = (n: number) => ACCESSORY_LAYERS.slice(0, n).map((a) => line("underlayment", a.layer));

describe("money", () => {
  test("rounds half up once, in cents", () => {
    expect(lineAmountCents(150, 333)).toBe(500); // 4.995 -> 5.00
    expect(lineAmountCents(1, 49)).toBe(0); // 0.49 cents
    expect(lineAmountCents(1, 50)).toBe(1); // 0.5 cents -> 1
    expect(applyBasisPoints(10_001, 725)).toBe(725); // 725.07
    expect(divideRoundHalfUp(5n, 2n)).toBe(3);
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(parseDollars("1,550.5")).toBe(155_050);
    expect(parseDollars("1e3")).toBeNull();
    expect(parseHundredths("28.5")).toBe(2850);
    expect(parseHundredths("-1")).toBeNull();
  });
});

describe("the builder's quantities", () => {
  test("each basis measures the roof; waste by complexity; labour factors by pitch and stories", () => {
    expect(wasteBp(SETTINGS, "complex")).toBe(2000);
    expect(basisQuantity("area-with-waste", ROOF, SETTINGS)).toBe(3278); // 28.5 * 1.15 = 32.775 -> 32.78
    expect(basisQuantity("tear-off", ROOF, SETTINGS)).toBe(5700);
    expect(basisQuantity("eaves-valleys", ROOF, SETTINGS)).toBe(12_000);
    expect(basisQuantity("ridge-hip", ROOF, SETTINGS)).toBe(6000);
    expect(labourFactorBp(ROOF, SETTINGS)).toEqual({ factorBp: 10_000, reasons: [] });
    expect(labourFactorBp({ ...ROOF, pitch: 10, stories: 3 }, SETTINGS)).toEqual({ factorBp: 15_000, reasons: ["steep pitch 10/12", "3 stories"] });
  });

  test("lines come in a roofer's order, labour carries its factor, add-on items and empty measures are left out", () => {
    const item = (id: string, category: BuilderItem["category"], basis: BuilderItem["basis"], isLabour = false): BuilderItem => ({ id, category, name: id, unit: "square", unitPriceCents: 10_000, basis, isLabour, gafLayer: null });
    const lines = buildLines(
      [item("labour", "labour", "area", true), item("shingles", "shingles", "area-with-waste"), item("tear", "tear-off", "tear-off", true), item("deck", "decking", "none"), item("vent", "ventilation", "ridge")],
      { ...ROOF, pitch: 9, ridgeFt: 0 },
      SETTINGS,
      "x-",
    );
    expect(lines.map((l) => l.priceBookItemId)).toEqual(["tear", "shingles", "labour"]);
    expect(lines[2]).toMatchObject({ unitPriceCents: 12_500, description: "labour (steep pitch 9/12)" });
  });
});

describe("the warranty ladder", () => {
  test("a higher tier only when its requirements are met, and what the next one lacks", () => {
    const base = { shingle: HDZ, layers: 1, catalogueNames: NAMES };
    expect(evaluateWarranty({ ...base, lines: [], certification: "none" })).toMatchObject({ name: NAMES[0], next: { name: NAMES[1] } });
    const system = evaluateWarranty({ ...base, lines: accessories(3), certification: "none" });
    expect(system.name).toBe(NAMES[1]);
    expect(system.next?.missing.join(" ")).toMatch(/GAF Certified contractor \(this company is not GAF certified\)/);
    expect(evaluateWarranty({ ...base, lines: accessories(3), certification: "certified" }).name).toBe(NAMES[2]);
    const silverLacks = evaluateWarranty({ ...base, lines: [...accessories(4), line("tear-off")], certification: "certified-plus" });
    expect(silverLacks.name).toBe(NAMES[2]);
    expect(silverLacks.next?.missing).toEqual(["new drip edge", "new metal flashing"]);
    const full = [...accessories(5), line("tear-off"), line("drip-edge"), line("flashing")];
    expect(evaluateWarranty({ ...base, lines: full, certification: "certified-plus" }).name).toBe(NAMES[3]);
    const golden = evaluateWarranty({ ...base, lines: full, certification: "master-elite" });
    expect(golden).toMatchObject({ name: NAMES[4], next: null, windProven: true });
    // No tear-off (an overlay) never reaches Silver Pledge; a 3-tab line is not Lifetime.
    expect(evaluateWarranty({ ...base, layers: 0, lines: full, certification: "master-elite" }).name).toBe(NAMES[2]);
    expect(evaluateWarranty({ ...base, shingle: { model: "Royal Sovereign", lifetimeWarranty: false, layerLock: false }, lines: full, certification: "master-elite" }).name).toBe(NAMES[0]);
    // Not a GAF line at all: no manufacturer warranty; a tier removed from the catalogue is skipped.
    expect(evaluateWarranty({ ...base, shingle: null, lines: full, certification: "master-elite" })).toMatchObject({ name: null });
    expect(evaluateWarranty({ ...base, catalogueNames: NAMES.filter((n) => !n.startsWith("System Plus")), lines: accessories(3), certification: "certified" }).name).toBe(NAMES[1]);
  });
});
