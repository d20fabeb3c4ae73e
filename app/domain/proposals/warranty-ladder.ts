import type { CertificationLevel, ProposalLine, WarrantyResult } from "./content";

/**
 * Which GAF warranty an option qualifies for (issue 30 item 3, ADR 050): the ladder of the catalogue's
 * warranties (gaf_warranties), each tier only when its requirements are met, and what is missing for the
 * next. The requirements summarise GAF's published terms as the seed data records them
 * (data/gaf-seed.json notes): an installation registered by the contractor decides in the end, so the
 * page words it as "qualifies for", never as a promise. Pure.
 */

/** The five accessory categories GAF counts (the roof-system layers of the catalogue, by title). */
export const ACCESSORY_LAYERS = [
  { layer: "Roof Deck Protection", words: "a GAF roof deck protection" },
  { layer: "Leak Barrier", words: "a GAF leak barrier" },
  { layer: "Starter Strip Shingles", words: "GAF starter strip shingles" },
  { layer: "Attic Ventilation", words: "GAF attic ventilation" },
  { layer: "Hip & Ridge Cap Shingles", words: "GAF hip and ridge cap shingles" },
] as const;

const CERTIFICATION_RANK: Record<CertificationLevel, number> = { none: 0, certified: 1, "certified-plus": 2, "master-elite": 3 };
const CERTIFICATION_NAMES: Record<CertificationLevel, string> = {
  none: "not GAF certified",
  certified: "GAF Certified",
  "certified-plus": "GAF Certified Plus",
  "master-elite": "GAF Master Elite",
};

export interface LadderShingle {
  model: string;
  /** null = unknown (treated as not proven). */
  lifetimeWarranty: boolean | null;
  layerLock: boolean | null;
}

export interface LadderInput {
  /** null when the option's shingle is not a GAF catalogue line. */
  shingle: LadderShingle | null;
  lines: readonly Pick<ProposalLine, "category" | "gafLayer" | "quantityHundredths">[];
  certification: CertificationLevel;
  /** Layers torn off to the deck (the measurements). */
  layers: number;
  /** The catalogue's active warranty names, to name tiers as staff keep them (a tier missing there is skipped). */
  catalogueNames: readonly string[];
}

interface Tier {
  /** Matches the catalogue row's name (case-insensitive, contains). */
  match: string;
  fallbackName: string;
  requirements: (facts: Facts) => string[];
}

interface Facts {
  gafShingle: boolean;
  lifetime: boolean;
  accessories: Set<string>;
  certificationRank: number;
  certification: CertificationLevel;
  tearOff: boolean;
  dripEdge: boolean;
  flashing: boolean;
}

function accessoriesMissing(facts: Facts, atLeast: number): string[] {
  if (facts.accessories.size >= atLeast) return [];
  const lacking = ACCESSORY_LAYERS.filter((a) => !facts.accessories.has(a.layer)).map((a) => a.words);
  const needed = atLeast - facts.accessories.size;
  return [`${needed} more of: ${lacking.join(", ")}`];
}

function certificationMissing(facts: Facts, level: CertificationLevel): string[] {
  if (facts.certificationRank >= CERTIFICATION_RANK[level]) return [];
  return [`a ${CERTIFICATION_NAMES[level]} contractor (this company is ${CERTIFICATION_NAMES[facts.certification]})`];
}

const TIERS: readonly Tier[] = [
  {
    match: "standard",
    fallbackName: "GAF Shingle & Accessory Limited Warranty",
    requirements: (f) => (f.gafShingle ? [] : ["a GAF shingle line"]),
  },
  {
    match: "roofing system",
    fallbackName: "GAF Roofing System Limited Warranty",
    requirements: (f) => [...(f.lifetime ? [] : ["a GAF Lifetime shingle line"]), ...accessoriesMissing(f, 3)],
  },
  {
    match: "system plus",
    fallbackName: "System Plus Limited Warranty",
    requirements: (f) => [...(f.lifetime ? [] : ["a GAF Lifetime shingle line"]), ...accessoriesMissing(f, 3), ...certificationMissing(f, "certified")],
  },
  {
    match: "silver pledge",
    fallbackName: "Silver Pledge Limited Warranty",
    requirements: (f) => [
      ...(f.lifetime ? [] : ["a GAF Lifetime shingle line"]),
      ...accessoriesMissing(f, 4),
      ...(f.tearOff ? [] : ["a full tear-off to the deck"]),
      ...(f.dripEdge ? [] : ["new drip edge"]),
      ...(f.flashing ? [] : ["new metal flashing"]),
      ...certificationMissing(f, "certified-plus"),
    ],
  },
  {
    match: "golden pledge",
    fallbackName: "Golden Pledge Limited Warranty",
    requirements: (f) => [
      ...(f.lifetime ? [] : ["a GAF Lifetime shingle line"]),
      ...accessoriesMissing(f, 5),
      ...(f.tearOff ? [] : ["a full tear-off to the deck"]),
      ...(f.dripEdge ? [] : ["new drip edge"]),
      ...(f.flashing ? [] : ["new metal flashing"]),
      ...certificationMissing(f, "master-elite"),
    ],
  },
];

function has(lines: LadderInput["lines"], category: ProposalLine["category"]): boolean {
  return lines.some((line) => line.category === category && line.quantityHundredths > 0);
}

export function evaluateWarranty(input: LadderInput): WarrantyResult {
  const facts: Facts = {
    gafShingle: input.shingle !== null,
    lifetime: input.shingle?.lifetimeWarranty === true,
    accessories: new Set(input.lines.filter((l) => l.gafLayer && l.quantityHundredths > 0).map((l) => l.gafLayer!)),
    certificationRank: CERTIFICATION_RANK[input.certification],
    certification: input.certification,
    tearOff: input.layers > 0 && has(input.lines, "tear-off"),
    dripEdge: has(input.lines, "drip-edge"),
    flashing: has(input.lines, "flashing"),
  };
  const names = input.catalogueNames.map((name) => name.toLowerCase());
  // A tier staff removed from the catalogue is not offered; "system plus" must not match "roofing system".
  const tiers = TIERS.filter((tier) => names.some((name) => name.includes(tier.match))).map((tier) => ({
    ...tier,
    name: input.catalogueNames[names.findIndex((name) => name.includes(tier.match))] ?? tier.fallbackName,
  }));

  let reached: (typeof tiers)[number] | null = null;
  let next: { name: string; missing: string[] } | null = null;
  for (const tier of tiers) {
    const missing = tier.requirements(facts);
    if (missing.length === 0) {
      reached = tier;
      continue;
    }
    next = { name: tier.name, missing };
    break;
  }
  const windProven =
    reached !== null &&
    reached.match !== "standard" &&
    input.shingle?.layerLock === true &&
    ["Hip & Ridge Cap Shingles", "Starter Strip Shingles", "Roof Deck Protection"].every((layer) => facts.accessories.has(layer)) &&
    (facts.accessories.has("Leak Barrier") || facts.accessories.has("Attic Ventilation")) &&
    names.some((name) => name.includes("windproven"));
  return { name: reached?.name ?? null, windProven, next };
}
