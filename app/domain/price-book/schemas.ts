import { z } from "zod";
import { PRICE_BOOK_BASES, PRICE_BOOK_CATEGORIES, PRICE_BOOK_UNITS, type PriceBookBasis, type PriceBookCategory, type PriceBookUnit } from "~/db/schema/proposals";
import { parseDollars, parseHundredths } from "~/domain/proposals/money";
import { checkboxFlag, optionalRecordId, recordId, requiredText, TEXT_ERRORS, wholeNumber } from "~/lib/text-fields";

/**
 * /admin/price-book (issue 30 item 1): the forms' schemas, shared by the browser and the action, and the
 * screen's texts (the catalogue's pattern: "Failed to ..." / "... saved successfully"). No server code.
 */

export const PRICE_BOOK_TEXT = {
  title: "Price Book",
  loading: "Loading price book...",
  loadFailed: "Failed to load price book. Please try again.",
  saveItemFailed: "Failed to save price book item",
  deactivateFailed: "Failed to deactivate price book item",
  reactivateFailed: "Failed to reactivate price book item",
  saveSettingsFailed: "Failed to save price book settings",
  itemCreated: "Price book item created successfully",
  itemUpdated: "Price book item updated successfully",
  itemDeactivated: "Price book item deactivated successfully",
  itemReactivated: "Price book item reactivated successfully",
  settingsSaved: "Price book settings saved successfully",
  price: "Enter a price in dollars, like 155 or 155.50.",
  percent: "Enter a percentage with at most two decimals, like 7.25.",
  percentRange: (min: number, max: number) => `Enter a percentage from ${min} to ${max}.`,
  factorRange: "Enter a factor from 1 to 3, like 1.25.",
  oneGafLink: "Link the item to a shingle line or to a roof-system product, not both.",
  unknownGafItem: "This GAF product is not in the catalogue. Choose one from the list.",
} as const;

export const CATEGORY_LABELS: Record<PriceBookCategory, string> = {
  "tear-off": "Tear-off",
  decking: "Decking",
  underlayment: "Underlayment and leak barrier",
  starter: "Starter",
  shingles: "Shingles",
  "ridge-cap": "Ridge cap",
  ventilation: "Ventilation",
  flashing: "Flashing",
  "drip-edge": "Drip edge",
  labour: "Labour",
  disposal: "Disposal",
  permit: "Permit",
  other: "Other",
};

export const UNIT_NAMES: Record<PriceBookUnit, string> = {
  square: "Square (100 sq ft)",
  "linear-foot": "Linear foot",
  each: "Each",
  "lump-sum": "Lump sum",
};

export const BASIS_LABELS: Record<PriceBookBasis, string> = {
  area: "Roof area (squares)",
  "area-with-waste": "Roof area plus waste (materials)",
  "tear-off": "Roof area times layers torn off",
  eaves: "Eaves (feet)",
  "eaves-rakes": "Eaves and rakes (feet)",
  "eaves-valleys": "Eaves and valleys (feet)",
  ridge: "Ridge (feet)",
  "ridge-hip": "Ridge and hips (feet)",
  penetrations: "Penetrations (each)",
  one: "Once per job",
  none: "Added by hand (add-ons)",
};

const options = <K extends string>(labels: Record<K, string>) => Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));
export const CATEGORY_OPTIONS = options(CATEGORY_LABELS);
export const UNIT_OPTIONS = options(UNIT_NAMES);
export const BASIS_OPTIONS = options(BASIS_LABELS);

/** Dollars typed by staff ("155.50") as cents. */
export const dollarAmount = requiredText({ max: 20, requiredMessage: PRICE_BOOK_TEXT.price }).transform((value, ctx) => {
  const cents = parseDollars(value);
  if (cents === null || cents > 100_000_000) {
    ctx.addIssue({ code: "custom", message: PRICE_BOOK_TEXT.price });
    return z.NEVER;
  }
  return cents;
});

/** A percentage typed by staff ("7.25") as basis points, within [min, max] percent. */
export function percentage(min: number, max: number) {
  return requiredText({ max: 12, requiredMessage: PRICE_BOOK_TEXT.percent }).transform((value, ctx) => {
    const bp = parseHundredths(value.replace(/%$/, "").trim());
    if (bp === null) {
      ctx.addIssue({ code: "custom", message: PRICE_BOOK_TEXT.percent });
      return z.NEVER;
    }
    if (bp < min * 100 || bp > max * 100) {
      ctx.addIssue({ code: "custom", message: PRICE_BOOK_TEXT.percentRange(min, max) });
      return z.NEVER;
    }
    return bp;
  });
}

/** A factor typed by staff ("1.25") as basis points (12500), from 1 to 3. */
const factor = requiredText({ max: 12, requiredMessage: PRICE_BOOK_TEXT.factorRange }).transform((value, ctx) => {
  const hundredths = parseHundredths(value);
  if (hundredths === null || hundredths < 100 || hundredths > 300) {
    ctx.addIssue({ code: "custom", message: PRICE_BOOK_TEXT.factorRange });
    return z.NEVER;
  }
  return hundredths * 100;
});

/** The GAF product select: "" none, "shingle:<id>" or "product:<id>". */
const gafLink = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return { gafShingleId: null, gafRoofProductId: null };
    const match = /^(shingle|product):(.+)$/.exec(value);
    const id = match ? recordId.safeParse(match[2]) : null;
    if (!match || !id?.success) {
      ctx.addIssue({ code: "custom", message: PRICE_BOOK_TEXT.unknownGafItem });
      return z.NEVER;
    }
    return match[1] === "shingle" ? { gafShingleId: id.data, gafRoofProductId: null } : { gafShingleId: null, gafRoofProductId: id.data };
  });

export const saveItemSchema = z.strictObject({
  intent: z.literal("save-item"),
  id: optionalRecordId,
  category: z.enum(PRICE_BOOK_CATEGORIES, TEXT_ERRORS.choice),
  name: requiredText({ max: 200 }),
  unit: z.enum(PRICE_BOOK_UNITS, TEXT_ERRORS.choice),
  unitPrice: dollarAmount,
  basis: z.enum(PRICE_BOOK_BASES, TEXT_ERRORS.choice),
  gafProduct: gafLink,
  isLabour: checkboxFlag,
});
export type SaveItemInput = z.infer<typeof saveItemSchema>;

const deactivateItemSchema = z.strictObject({ intent: z.literal("deactivate-item"), id: recordId });
const reactivateItemSchema = z.strictObject({ intent: z.literal("reactivate-item"), id: recordId });

export const saveSettingsSchema = z.strictObject({
  intent: z.literal("save-settings"),
  wasteSimple: percentage(0, 50),
  wasteModerate: percentage(0, 50),
  wasteComplex: percentage(0, 50),
  steepPitchFrom: wholeNumber({ min: 1, max: 24 }),
  steepPitchFactor: factor,
  extraStoryPercent: percentage(0, 100),
  salesTax: percentage(0, 20),
  deposit: percentage(0, 100),
  validDays: wholeNumber({ min: 1, max: 365 }),
});
export type SaveSettingsInput = z.infer<typeof saveSettingsSchema>;

export const priceBookActionSchema = z.discriminatedUnion("intent", [saveItemSchema, deactivateItemSchema, reactivateItemSchema, saveSettingsSchema]);
