import { z } from "zod";
import { ROOF_COMPLEXITIES } from "~/db/schema/proposals";
import { optionalText, TEXT_ERRORS, wholeNumber } from "~/lib/text-fields";
import { formatHundredths, parseHundredths } from "./money";

/**
 * The lead page's Measurements form (issue 30 item 2), shared by the browser and the action: every value
 * a roofer takes on the roof, each refusal a message under its field. No server code.
 */

export const MEASUREMENT_TEXT = {
  saved: "Measurements saved.",
  failed: "Failed to save the measurements. Please try again.",
  area: "Enter the roof area in squares, like 28.5 (a square is 100 sq ft).",
  areaOrFacets: "Enter the roof area in squares, or each facet's area.",
  facets: "Enter each facet's area in squares, separated by commas, like 12.5, 8, 8.",
  facetsMismatch: (sum: string, total: string) => `The facets add up to ${sum} squares, not ${total}. Correct one, or leave the total blank to use the facets' sum.`,
  pitch: "Enter the pitch as inches of rise per foot, a whole number from 0 to 24 (6 for 6/12).",
} as const;

export const COMPLEXITY_LABELS: Record<(typeof ROOF_COMPLEXITIES)[number], string> = {
  simple: "Simple (few facets, no valleys)",
  moderate: "Moderate",
  complex: "Complex (many facets, valleys, dormers)",
};

const length = wholeNumber({ min: 0, max: 100_000 });

function squares(message: string) {
  return z.string().transform((value, ctx) => {
    const parsed = parseHundredths(value);
    if (parsed === null || parsed <= 0 || parsed > 1_000_000) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });
}

export const saveMeasurementsSchema = z
  .strictObject({
    intent: z.literal("save-measurements"),
    area: optionalText({ max: 20 }),
    facets: optionalText({ max: 1000 }),
    pitch: z.string().transform((value, ctx) => {
      const match = /^\s*(\d{1,2})\s*(?:\/\s*12)?\s*$/.exec(value);
      const pitch = match ? Number(match[1]) : NaN;
      if (!(pitch >= 0 && pitch <= 24)) {
        ctx.addIssue({ code: "custom", message: MEASUREMENT_TEXT.pitch });
        return z.NEVER;
      }
      return pitch;
    }),
    stories: wholeNumber({ min: 1, max: 6 }),
    layers: wholeNumber({ min: 0, max: 4 }),
    complexity: z.enum(ROOF_COMPLEXITIES, TEXT_ERRORS.choice),
    ridgeFt: length,
    hipFt: length,
    valleyFt: length,
    eaveFt: length,
    rakeFt: length,
    penetrations: wholeNumber({ min: 0, max: 1000 }),
  })
  .transform((input, ctx) => {
    const facetList = input.facets
      ? input.facets
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map((part) => squares(MEASUREMENT_TEXT.facets).safeParse(part))
      : [];
    if (facetList.some((f) => !f.success) || facetList.length > 100) {
      ctx.addIssue({ code: "custom", path: ["facets"], message: MEASUREMENT_TEXT.facets });
      return z.NEVER;
    }
    const facetsHundredths = facetList.map((f) => f.data!);
    const facetSum = facetsHundredths.reduce((sum, f) => sum + f, 0);
    let areaHundredths: number;
    if (input.area) {
      const area = squares(MEASUREMENT_TEXT.area).safeParse(input.area);
      if (!area.success) {
        ctx.addIssue({ code: "custom", path: ["area"], message: MEASUREMENT_TEXT.area });
        return z.NEVER;
      }
      areaHundredths = area.data;
      if (facetsHundredths.length > 0 && facetSum !== areaHundredths) {
        ctx.addIssue({ code: "custom", path: ["facets"], message: MEASUREMENT_TEXT.facetsMismatch(formatHundredths(facetSum), formatHundredths(areaHundredths)) });
        return z.NEVER;
      }
    } else if (facetsHundredths.length > 0) {
      areaHundredths = facetSum;
      if (areaHundredths > 1_000_000) {
        ctx.addIssue({ code: "custom", path: ["facets"], message: MEASUREMENT_TEXT.facets });
        return z.NEVER;
      }
    } else {
      ctx.addIssue({ code: "custom", path: ["area"], message: MEASUREMENT_TEXT.areaOrFacets });
      return z.NEVER;
    }
    const { intent: _intent, area: _area, facets: _facets, ...rest } = input;
    return { ...rest, areaHundredths, facetsHundredths };
  });
export type SaveMeasurementsInput = z.output<typeof saveMeasurementsSchema>;

/** The form's values for stored measurements ("" for none yet). */
export function measurementFormValues(m: null | { areaHundredths: number; facetsHundredths: number[]; pitch: number; stories: number; layers: number; complexity: string; ridgeFt: number; hipFt: number; valleyFt: number; eaveFt: number; rakeFt: number; penetrations: number }): Record<string, string> {
  if (!m) return { area: "", facets: "", pitch: "", stories: "1", layers: "1", complexity: "moderate", ridgeFt: "0", hipFt: "0", valleyFt: "0", eaveFt: "0", rakeFt: "0", penetrations: "0" };
  return {
    area: formatHundredths(m.areaHundredths),
    facets: m.facetsHundredths.map(formatHundredths).join(", "),
    pitch: String(m.pitch),
    stories: String(m.stories),
    layers: String(m.layers),
    complexity: m.complexity,
    ridgeFt: String(m.ridgeFt),
    hipFt: String(m.hipFt),
    valleyFt: String(m.valleyFt),
    eaveFt: String(m.eaveFt),
    rakeFt: String(m.rakeFt),
    penetrations: String(m.penetrations),
  };
}
