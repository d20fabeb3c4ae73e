import { z } from "zod";
import type { LeadEstimateRecord } from "~/db/schema/leads";
import { formatHundredths } from "~/domain/proposals/money";
import { MATERIAL_KEYS, MATERIAL_LABELS, STEEPNESS_KEYS, STEEPNESS_OPTIONS } from "./inputs";

/**
 * A stored estimate (`leads.estimate`, issue 31 item 4) read back, and put in words. Browser-safe: the
 * public page and the lead page show it with the same component (app/components/estimate/).
 */

const cents = z.number().int().min(0).max(1_000_000_000);

const leadEstimateRecordSchema = z.object({
  inputs: z.object({
    zip: z.string().regex(/^\d{5}$/),
    footprintSqFt: z.number().int().positive().nullable(),
    squares: z.number().positive().nullable(),
    stories: z.number().int().min(1).max(3),
    steepness: z.enum(STEEPNESS_KEYS),
    material: z.enum(MATERIAL_KEYS),
  }),
  squares: z.number().positive().max(100_000),
  tiers: z
    .array(z.object({ key: z.string().max(20), label: z.string().max(100), product: z.string().max(300), lowCents: cents, highCents: cents }))
    .min(1)
    .max(3),
  computedAt: z.iso.datetime({ offset: true }),
});

/** A lead's stored estimate, or null when there is none or it is not one this code wrote. */
export function readLeadEstimate(value: unknown): LeadEstimateRecord | null {
  if (value === null || value === undefined) return null;
  const parsed = leadEstimateRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** "$12,480" (whole dollars: an estimate's amounts are rounded to them). */
export function formatWholeDollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")}`;
}

/** The inputs in words, one phrase each: size, stories, steepness, material, ZIP. */
export function estimateInputsInWords(record: LeadEstimateRecord): string[] {
  const { inputs } = record;
  const squares = formatHundredths(Math.round(record.squares * 100));
  const size =
    inputs.footprintSqFt !== null
      ? `A ${inputs.footprintSqFt.toLocaleString("en-US")} sq ft footprint: about ${squares} squares of roof`
      : `${squares} squares of roof (as given)`;
  const steepness = STEEPNESS_OPTIONS[inputs.steepness as keyof typeof STEEPNESS_OPTIONS]?.label ?? inputs.steepness;
  const material = MATERIAL_LABELS[inputs.material as keyof typeof MATERIAL_LABELS] ?? inputs.material;
  const now = inputs.material === "unknown" ? "Current roof material not known" : `Currently ${material.charAt(0).toLowerCase()}${material.slice(1)}`;
  return [size, `${inputs.stories} ${inputs.stories === 1 ? "story" : "stories"}`, `${steepness} slope`, now, `ZIP ${inputs.zip}`];
}
