import { z } from "zod";
import { ADDRESS_TEXT } from "~/domain/leads/options";
import { parseHundredths } from "~/domain/proposals/money";

/**
 * The instant estimate's inputs (issue 31 item 4, ADR 054): what the homeowner tells /estimate, as the
 * GET form's query string ("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt").
 * Browser-safe: the page, the lead's request and the server share it. No satellite or map service: the
 * size comes from the homeowner (the home's footprint, or the roof's squares when they know them).
 */

export const STEEPNESS_KEYS = ["low", "medium", "steep"] as const;
export type Steepness = (typeof STEEPNESS_KEYS)[number];

/** The three pictures' words. */
export const STEEPNESS_OPTIONS: Record<Steepness, { label: string; hint: string }> = {
  low: { label: "Low", hint: "A gentle slope you could walk on" },
  medium: { label: "Medium", hint: "A typical slope, hard to walk on" },
  steep: { label: "Steep", hint: "Too steep to stand on" },
};

export const MATERIAL_KEYS = ["asphalt", "wood", "metal", "slate-tile", "unknown"] as const;
export type CurrentMaterial = (typeof MATERIAL_KEYS)[number];

export const MATERIAL_LABELS: Record<CurrentMaterial, string> = {
  asphalt: "Asphalt shingles",
  wood: "Wood shakes or shingles",
  metal: "Metal",
  "slate-tile": "Slate or tile",
  unknown: "Not sure",
};

export const STORY_CHOICES = [1, 2, 3] as const;

/** The size a homeowner may give: a footprint in square feet, or squares (100 sq ft of roof). */
export const ESTIMATE_LIMITS = { footprintMin: 300, footprintMax: 20_000, squaresMin: 3, squaresMax: 200 } as const;

export const ESTIMATE_TEXT = {
  zip: ADDRESS_TEXT.zip,
  sizeMissing: "Enter the home's footprint in square feet, or the roof's squares if you know them.",
  footprint: `Enter the footprint in square feet as a whole number from ${ESTIMATE_LIMITS.footprintMin} to ${ESTIMATE_LIMITS.footprintMax.toLocaleString("en-US")}, like 1800.`,
  squares: `Enter the squares as a number from ${ESTIMATE_LIMITS.squaresMin} to ${ESTIMATE_LIMITS.squaresMax}, like 28.5.`,
  stories: "Choose how many stories the home has.",
  steepness: "Choose how steep the roof is.",
  material: "Choose what the roof is covered with now.",
  disclaimer: "This is a range from our price book, not a quote: the free inspection sets the price.",
  outsideArea: (zip: string) => `${zip} is outside the area we usually serve. Book the inspection anyway and the office will tell you whether they can help.`,
  unavailable: "Our price book has no shingle lines yet, so we can't show a range right now. Call us or book a free inspection.",
  bookLink: "Book an inspection with this estimate",
} as const;

/** The query parameters the estimate reads (also: the page cache renders a request carrying one). */
export const ESTIMATE_QUERY_PARAMS = ["zip", "footprint", "squares", "stories", "steepness", "material"] as const;
export type EstimateField = (typeof ESTIMATE_QUERY_PARAMS)[number];
export type EstimateFormValues = Record<EstimateField, string>;

/** What the estimate is computed from. Exactly one of `footprintSqFt` and `squares` is set. */
export interface EstimateInputs {
  /** 5 digits. */
  zip: string;
  /** The home's footprint on the ground, in square feet (a whole number). */
  footprintSqFt: number | null;
  /** The roof's area in squares (at most two decimals), when the homeowner knows it. */
  squares: number | null;
  stories: 1 | 2 | 3;
  steepness: Steepness;
  material: CurrentMaterial;
}

const footprintField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    // "1800", "1,800", "1800 sq ft" are all a homeowner's way of writing it.
    const cleaned = value.replace(/\s*(sq\.?\s*ft\.?|square feet)$/i, "").replace(/,(?=\d{3}(?:\D|$))/g, "");
    const number = /^\d{1,6}$/.test(cleaned) ? Number(cleaned) : NaN;
    if (!(number >= ESTIMATE_LIMITS.footprintMin && number <= ESTIMATE_LIMITS.footprintMax)) {
      ctx.addIssue({ code: "custom", message: ESTIMATE_TEXT.footprint });
      return z.NEVER;
    }
    return number;
  });

const squaresField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const hundredths = parseHundredths(value);
    if (hundredths === null || hundredths < ESTIMATE_LIMITS.squaresMin * 100 || hundredths > ESTIMATE_LIMITS.squaresMax * 100) {
      ctx.addIssue({ code: "custom", message: ESTIMATE_TEXT.squares });
      return z.NEVER;
    }
    return hundredths / 100;
  });

/** The form's fields (strings, "" when left empty) to EstimateInputs. The squares win when both sizes are given. */
const estimateFormSchema = z
  .object({
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, ESTIMATE_TEXT.zip)
      .transform((value) => value.slice(0, 5)),
    footprint: footprintField,
    squares: squaresField,
    stories: z.enum(["1", "2", "3"], ESTIMATE_TEXT.stories).transform((value) => Number(value) as 1 | 2 | 3),
    steepness: z.enum(STEEPNESS_KEYS, ESTIMATE_TEXT.steepness),
    material: z.enum(MATERIAL_KEYS, ESTIMATE_TEXT.material),
  })
  // Told with the other fields' errors (zod skips an object's refinement when a field failed, unless `when` says).
  .refine((value) => value.footprint !== null || value.squares !== null, {
    path: ["footprint"],
    message: ESTIMATE_TEXT.sizeMissing,
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "footprint" && issue.path?.[0] !== "squares"),
  })
  .transform(
    (value): EstimateInputs => ({
      zip: value.zip,
      footprintSqFt: value.squares === null ? value.footprint : null,
      squares: value.squares,
      stories: value.stories,
      steepness: value.steepness,
      material: value.material,
    }),
  );

/** The six fields of a query (first value of each; "" when absent). */
export function estimateFormValues(params: URLSearchParams): EstimateFormValues {
  return Object.fromEntries(ESTIMATE_QUERY_PARAMS.map((name) => [name, (params.get(name) ?? "").slice(0, 40)])) as EstimateFormValues;
}

/** Whether a query asks for an estimate at all (any of its fields is there). */
export function isEstimateQuery(params: URLSearchParams): boolean {
  return ESTIMATE_QUERY_PARAMS.some((name) => params.has(name));
}

export type EstimateFormResult = { ok: true; inputs: EstimateInputs } | { ok: false; fieldErrors: Partial<Record<EstimateField, string>> };

/** The form's query checked: the inputs, or a message per field (the first for each). */
export function readEstimateForm(params: URLSearchParams): EstimateFormResult {
  const parsed = estimateFormSchema.safeParse(estimateFormValues(params));
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const fieldErrors: Partial<Record<EstimateField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as EstimateField | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** The inputs of a query string ("zip=43017&footprint=1800&..." with or without "?"), or null when it is not a valid estimate. */
export function parseEstimateQuery(query: string): EstimateInputs | null {
  if (typeof query !== "string" || query.length > 1000) return null;
  const result = readEstimateForm(new URLSearchParams(query.startsWith("?") ? query.slice(1) : query));
  return result.ok ? result.inputs : null;
}

/** The query string of some inputs, in the fields' order, without "?": what /book?estimate= carries (encoded). */
export function estimateQueryString(inputs: EstimateInputs): string {
  const params = new URLSearchParams({ zip: inputs.zip });
  if (inputs.squares !== null) params.set("squares", String(inputs.squares));
  else if (inputs.footprintSqFt !== null) params.set("footprint", String(inputs.footprintSqFt));
  params.set("stories", String(inputs.stories));
  params.set("steepness", inputs.steepness);
  params.set("material", inputs.material);
  return params.toString();
}

/** Where the result's call to action goes: the booking page, carrying the estimate's inputs. */
export function bookingHref(inputs: EstimateInputs): string {
  return `/book?estimate=${encodeURIComponent(estimateQueryString(inputs))}`;
}
