import type { ProposalContent, ProposalLine, ProposalOption } from "~/domain/proposals/content";

/**
 * A realistic three-option proposal (Good / Better / Best) for tests and benchmarks: a 28.5-square,
 * 7/12, two-story roof in central Ohio priced from the seed price book (app/db/seed/price-book.ts), with
 * two add-ons, a discount, Ohio sales tax and a one-third deposit. Deterministic: the same content every
 * call (fixed ids, no clock, no randomness); `overrides` replaces top-level fields.
 */
export function makeProposalContent(overrides: Partial<ProposalContent> = {}): ProposalContent {
  return {
    version: 1,
    customer: { name: "Zoë O'Brien-Łukasiewicz", email: "zoe.obrien@example.com", phone: "(614) 555-0142" },
    letterhead: {
      businessName: "Buckeye Valor Roofing",
      phone: "(614) 555-0100",
      email: "office@buckeyevalorroofing.example",
      addressLines: ["1200 Veterans Way, Suite 4", "Columbus, OH 43215"],
      licence: "Ohio contractor registration OH-RC-204871",
      certification: "GAF Certified Plus contractor",
    },
    measurements: {
      areaHundredths: 2850,
      pitch: 7,
      stories: 2,
      layers: 1,
      complexity: "moderate",
      ridgeFt: 48,
      hipFt: 36,
      valleyFt: 22,
      eaveFt: 124,
      rakeFt: 88,
      penetrations: 4,
    },
    options: [good(), better(), best()],
    addOns: [
      line("addon-gutter-guards", "other", "Seamless gutter guards", "linear-foot", 12400, 1400, null),
      line("addon-skylight", "other", "Skylight replacement (Velux curb-mounted, 2 ft x 4 ft)", "each", 100, 120000, null),
    ],
    discountCents: 50000,
    taxBp: 725,
    depositBp: 3333,
    terms: TERMS,
    ...overrides,
  };
}

/** A fixed UUID from a number ("00000000-0000-4000-8000-0000000000NN"). */
function fixedUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

function line(
  key: string,
  category: ProposalLine["category"],
  description: string,
  unit: ProposalLine["unit"],
  quantityHundredths: number,
  unitPriceCents: number,
  gafLayer: string | null,
): ProposalLine {
  return { key, priceBookItemId: priceBookItemId(description), category, description, unit, quantityHundredths, unitPriceCents, gafLayer };
}

/** The same price book item id for the same description (a stable string hash, never random). */
function priceBookItemId(description: string): string {
  let hash = 0;
  for (const char of description) hash = (hash * 31 + char.codePointAt(0)!) % 1_000_000_007;
  return fixedUuid(hash);
}

/** The lines every option shares: tear-off, underlayment, flashing, labour, disposal, permit. */
function commonLines(prefix: string): ProposalLine[] {
  return [
    line(`${prefix}-tear-off`, "tear-off", "Tear-off to the deck, per layer", "square", 2850, 6500, null),
    line(`${prefix}-decking`, "decking", "Replace damaged decking (7/16 in OSB sheet), allowance", "each", 400, 8500, null),
    line(`${prefix}-leak-barrier`, "underlayment", "WeatherWatch leak barrier at eaves and valleys", "linear-foot", 14600, 450, "Leak Barrier"),
    line(`${prefix}-starter`, "starter", "Pro-Start starter strip shingles", "linear-foot", 21200, 225, "Starter Strip Shingles"),
  ];
}

function closingLines(prefix: string): ProposalLine[] {
  return [
    line(`${prefix}-flashing`, "flashing", "New pipe boots and step flashing", "each", 400, 7500, null),
    line(`${prefix}-drip-edge`, "drip-edge", "Aluminium drip edge", "linear-foot", 21200, 325, null),
    line(`${prefix}-labour`, "labour", "Installation labour (steep pitch x1.25, two stories x1.10)", "square", 2850, 13063, null),
    line(`${prefix}-disposal`, "disposal", "Dumpster, haul-away and magnetic nail sweep", "lump-sum", 100, 65000, null),
    line(`${prefix}-permit`, "permit", "Building permit and inspection", "lump-sum", 100, 17500, null),
  ];
}

const HDZ_COLORS = ["Charcoal", "Pewter Gray", "Weathered Wood", "Barkwood", "Hickory", "Shakewood", "Slate", "Mission Brown"];

function colors(names: readonly string[], from: number): ProposalOption["colors"] {
  const hex = ["#3b3b3b", "#7d7f7c", "#6f6558", "#5a4636", "#7a5a3a", "#8c7458", "#5c6670", "#4a3626"];
  return names.map((name, i) => ({ id: fixedUuid(from + i), name, hex: hex[i % hex.length]! }));
}

function good(): ProposalOption {
  return {
    key: "good",
    title: "Good",
    shingleId: fixedUuid(1),
    shingleName: "GAF Royal Sovereign 3-tab shingles",
    highlights: ["Classic flat 3-tab look", "25-year limited warranty on the shingles", "Wind resistance up to 60 mph"],
    lines: [
      ...commonLines("good"),
      line("good-felt", "underlayment", "FeltBuster synthetic roofing felt", "square", 3250, 1800, null),
      line("good-shingles", "shingles", "Royal Sovereign 3-tab shingles", "square", 3250, 11500, null),
      line("good-ridge", "ridge-cap", "Seal-A-Ridge hip and ridge cap shingles", "linear-foot", 8400, 650, "Hip & Ridge Cap Shingles"),
      ...closingLines("good"),
    ],
    warranty: {
      name: "GAF Shingle & Accessory Limited Warranty",
      windProven: false,
      next: { name: "GAF Roofing System Limited Warranty", missing: ["a GAF Lifetime shingle line"] },
    },
    colors: [],
  };
}

function better(): ProposalOption {
  return {
    key: "better",
    title: "Better",
    shingleId: fixedUuid(2),
    shingleName: "GAF Timberline HDZ architectural shingles",
    highlights: [
      "Dimensional architectural look, America's best-selling shingle",
      "Lifetime limited warranty on the shingles",
      "LayerLock technology, 130 mph wind warranty with GAF accessories",
      "StainGuard Plus algae protection",
    ],
    lines: [
      ...commonLines("better"),
      line("better-deck-armor", "underlayment", "Deck-Armor roof deck protection", "square", 3250, 3200, "Roof Deck Protection"),
      line("better-shingles", "shingles", "Timberline HDZ shingles", "square", 3250, 15500, null),
      line("better-ridge", "ridge-cap", "Seal-A-Ridge hip and ridge cap shingles", "linear-foot", 8400, 650, "Hip & Ridge Cap Shingles"),
      line("better-vent", "ventilation", "Cobra ridge vent", "linear-foot", 4800, 900, "Attic Ventilation"),
      ...closingLines("better"),
    ],
    warranty: {
      name: "System Plus Limited Warranty",
      windProven: true,
      next: { name: "Silver Pledge Limited Warranty", missing: ["a GAF Certified Plus contractor (this company is GAF Certified)"] },
    },
    colors: colors(HDZ_COLORS, 10),
  };
}

function best(): ProposalOption {
  return {
    key: "best",
    title: "Best",
    shingleId: fixedUuid(3),
    shingleName: "GAF Timberline UHDZ architectural shingles",
    highlights: [
      "GAF's thickest Timberline shingle, with a dual shadow line",
      "Lifetime limited warranty on the shingles",
      "WindProven limited wind warranty with no maximum wind speed",
      "TimberTex premium ridge caps",
      "Golden Pledge workmanship coverage when registered",
    ],
    lines: [
      ...commonLines("best"),
      line("best-deck-armor", "underlayment", "Deck-Armor roof deck protection", "square", 3250, 3200, "Roof Deck Protection"),
      line("best-shingles", "shingles", "Timberline UHDZ shingles", "square", 3250, 19500, null),
      line("best-ridge", "ridge-cap", "TimberTex premium hip and ridge cap shingles", "linear-foot", 8400, 850, "Hip & Ridge Cap Shingles"),
      line("best-vent", "ventilation", "Cobra ridge vent", "linear-foot", 4800, 900, "Attic Ventilation"),
      ...closingLines("best"),
    ],
    warranty: { name: "Silver Pledge Limited Warranty", windProven: true, next: null },
    colors: colors(["Barkwood", "Charcoal", "Pewter Gray", "Shakewood", "Slate", "Weathered Wood"], 30),
  };
}

const TERMS = [
  "1. Scope. Buckeye Valor Roofing (\"the Contractor\") will furnish the labour, materials, equipment and supervision to complete the work of the option the Owner accepts, as described in this proposal, in a good and workmanlike manner and according to the manufacturer's installation instructions and the building code in force where the property is.",
  "2. Price and payment. The price is the total of the accepted option, including the add-ons chosen, the discount and sales tax shown. The deposit shown is due when the proposal is accepted and is applied to the price; the balance is due on completion of the work. Balances unpaid 30 days after completion bear interest at 1.5% a month (18% a year) or the highest rate the law allows, whichever is lower.",
  "3. Decking and hidden conditions. The price includes the allowance of decking sheets shown. Additional rotten or damaged decking found once the old roof is removed is replaced at the unit price shown, after the Owner is told; conditions hidden from view when this proposal was written (structural damage, mould, asbestos) are not included.",
  "4. Schedule and weather. Work is scheduled in the order proposals are accepted and as materials arrive. The Contractor may postpone work for rain, snow, high wind or temperatures below the manufacturer's minimum; the roof is kept watertight every night the work is under way.",
  "5. Warranty. The Contractor warrants its workmanship for ten (10) years from completion. Manufacturer warranties are those of GAF and are registered by the Contractor when the installation qualifies; the warranty named for each option is the one the option qualifies for, and the manufacturer's terms decide.",
  "6. Permits and access. The Contractor obtains the building permit. The Owner gives access to the property, to an electrical outlet and to the driveway for the dumpster, and moves vehicles and fragile items away from the house on the days of work.",
  "7. Changes. Any change to the work must be agreed in writing (an email or the customer portal is enough) with its price before it is done.",
  "8. Right to cancel. The Owner may cancel this contract without penalty or obligation within three (3) business days of accepting it, as the Ohio Home Solicitation Sales Act provides, by written notice to the Contractor at the address above.",
  "9. Acceptance. This proposal is accepted by signing it in the customer portal before the date it expires. The signed document, its signature record and the hash of the proposal as sent are kept by the Contractor and sent to the Owner.",
].join("\n\n");
