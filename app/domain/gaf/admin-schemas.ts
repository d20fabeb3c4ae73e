import { z } from "zod";
import { GAF_PRICE_TIERS, GAF_SHINGLE_TYPES } from "~/domain/gaf/constants";
import {
  checkboxFlag,
  hexColor,
  optionalChoice,
  optionalHttpUrl,
  optionalRecordId,
  optionalText,
  recordId,
  requiredText,
  triState,
  wholeNumberOrBlank,
} from "~/lib/text-fields";

/**
 * What /admin/gaf-config sends (spec 2 §2-§5, §8): one schema per intent,
 * shared by the browser (field errors before posting) and the action.
 * Intents per kind: save-<kind> (add or update), deactivate-<kind> (the
 * spec's soft delete), reactivate-<kind> (ADR 015) and reorder-<kind>.
 */

export const GAF_KINDS = ["color", "warranty", "shingle", "roof-layer", "roof-product"] as const;
export type GafKind = (typeof GAF_KINDS)[number];

/** Names of each kind in the catalogue's texts. */
export const GAF_KIND_NAMES: Record<GafKind, { label: string; lower: string; plural: string; title: string }> = {
  color: { label: "Color", lower: "color", plural: "colors", title: "Color" },
  warranty: { label: "Warranty", lower: "warranty", plural: "warranties", title: "Warranty" },
  shingle: { label: "Shingle", lower: "shingle", plural: "shingles", title: "Shingle" },
  "roof-layer": { label: "Roof layer", lower: "roof layer", plural: "roof layers", title: "Roof Layer" },
  "roof-product": { label: "Roof product", lower: "roof product", plural: "roof products", title: "Roof Product" },
};

/** The catalogue's texts (spec 2 §8), word for word; reactivation and reordering are ours (ADR 015). */
export const GAF_TEXT = {
  title: "GAF Portal Configuration",
  loading: "Loading GAF configuration...",
  loadFailed: "Failed to load GAF data",
  created: (kind: GafKind) => `${GAF_KIND_NAMES[kind].label} created successfully`,
  updated: (kind: GafKind) => `${GAF_KIND_NAMES[kind].label} updated successfully`,
  deactivated: (kind: GafKind) => `${GAF_KIND_NAMES[kind].label} deactivated successfully`,
  reactivated: (kind: GafKind) => `${GAF_KIND_NAMES[kind].label} reactivated successfully`,
  reordered: (kind: GafKind) => `${capitalise(GAF_KIND_NAMES[kind].plural)} reordered successfully`,
  saveFailed: (kind: GafKind) => `Failed to save ${GAF_KIND_NAMES[kind].lower}`,
  deactivateFailed: (kind: GafKind) => `Failed to deactivate ${GAF_KIND_NAMES[kind].lower}`,
  reactivateFailed: (kind: GafKind) => `Failed to reactivate ${GAF_KIND_NAMES[kind].lower}`,
  reorderFailed: (kind: GafKind) => `Failed to reorder ${GAF_KIND_NAMES[kind].plural}`,
  listChanged: "The list changed while you were reordering it. Reload the page and try again.",
  chooseLayer: "Choose a roof layer.",
} as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const url = optionalHttpUrl();
const line = (max: number) => optionalText({ max });

const colorFields = {
  name: requiredText({ max: 200, requiredMessage: "Color name is required." }),
  hexColor,
  availabilityUrl: url,
};

const warrantyFields = {
  name: requiredText({ max: 300, requiredMessage: "Warranty name is required." }),
  coverageType: line(200),
  upfrontCoveragePeriod: line(200),
  manufacturingDefectCoverage: line(500),
  workmanshipCoverage: line(500),
  systemCoverage: checkboxFlag,
  // Blank is 0 (no wind coverage), as the spec reads a value that is not a number (spec 2 §5); a typo is refused.
  windTermYears: wholeNumberOrBlank({ blankAs: 0, min: 0, max: 100 }),
  transferable: checkboxFlag,
  algaeProtection: line(200),
  pdfUrl: url,
};

const shingleFields = {
  model: requiredText({ max: 200, requiredMessage: "Shingle model is required." }),
  priceTier: optionalChoice(GAF_PRICE_TIERS),
  shingleType: optionalChoice(GAF_SHINGLE_TYPES),
  layerLock: triState,
  windProven: triState,
  lifetimeWarranty: triState,
  algaeProtectionClass: line(200),
  title24Compliant: triState,
  officialUrl: url,
};

const roofLayerFields = {
  title: requiredText({ max: 200, requiredMessage: "Roof layer title is required." }),
  description: optionalText({ max: 2000, multiline: true }),
};

const roofProductFields = {
  layerId: z.uuid(GAF_TEXT.chooseLayer),
  name: requiredText({ max: 200, requiredMessage: "Roof product name is required." }),
  tagline: line(300),
  longDescription: optionalText({ max: 5000, multiline: true }),
  imgUrl: url,
  productUrl: url,
};

const saveSchema = <K extends GafKind, F extends z.ZodRawShape>(kind: K, fields: F) =>
  z.strictObject({ intent: z.literal(`save-${kind}` as const), id: optionalRecordId, ...fields });

export const gafSaveSchemas = {
  color: saveSchema("color", colorFields),
  warranty: saveSchema("warranty", warrantyFields),
  shingle: saveSchema("shingle", shingleFields),
  "roof-layer": saveSchema("roof-layer", roofLayerFields),
  "roof-product": saveSchema("roof-product", roofProductFields),
} as const;

export type GafSaveInput<K extends GafKind> = z.output<(typeof gafSaveSchemas)[K]>;

/** Every id of the list, in the new order, comma-separated. */
const orderedIds = requiredText({ max: 37 * 1000 })
  .transform((value) => value.split(","))
  .pipe(z.array(recordId).min(1).max(1000))
  .refine((ids) => new Set(ids).size === ids.length, "An item appears twice in the new order.");

const statusSchemas = GAF_KINDS.flatMap((kind) => [
  z.strictObject({ intent: z.literal(`deactivate-${kind}` as const), id: recordId }),
  z.strictObject({ intent: z.literal(`reactivate-${kind}` as const), id: recordId }),
  z.strictObject({ intent: z.literal(`reorder-${kind}` as const), ids: orderedIds }),
]);

export type GafAction =
  | { [K in GafKind]: GafSaveInput<K> }[GafKind]
  | { intent: `deactivate-${GafKind}` | `reactivate-${GafKind}`; id: string }
  | { intent: `reorder-${GafKind}`; ids: string[] };

export const gafActionSchema = z.discriminatedUnion("intent", [
  ...Object.values(gafSaveSchemas),
  ...statusSchemas,
] as unknown as [z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<GafAction>;
