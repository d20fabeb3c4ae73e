import { z } from "zod";
import { PRICE_BOOK_CATEGORIES, type PriceBookCategory } from "~/db/schema/proposals";
import { dollarAmount, percentage } from "~/domain/price-book/schemas";
import { optionalText, recordId } from "~/lib/text-fields";
import { OPTION_KEYS } from "./content";
import type { DraftChange } from "./edit-draft.server";
import { parseDollars, parseHundredths } from "./money";

/**
 * The builder's forms (`/admin/proposals/:id`, issue 30 item 3) as use-case changes. Line edits arrive as
 * `qty:<line>`, `price:<line>` and `remove:<line>` fields, one set per line of the option. No server code.
 */

export type ParsedBuilderForm = { ok: true; change: DraftChange | { intent: "send" } | { intent: "revise" } | { intent: "delete-draft" } } | { ok: false; fieldErrors: Record<string, string>; message?: string };

const optionKey = z.enum(OPTION_KEYS);

function issuesToErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}

const termsSchema = z.object({
  discount: z.string().transform((v) => (v.trim() === "" ? "0" : v)).pipe(dollarAmount),
  taxRate: percentage(0, 20),
  deposit: percentage(0, 100),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date, like 2026-12-31."),
  terms: optionalText({ max: 20_000, multiline: true }),
});

export function parseBuilderForm(form: Record<string, string>): ParsedBuilderForm {
  const intent = form.intent ?? "";
  switch (intent) {
    case "send":
    case "revise":
    case "delete-draft":
      return { ok: true, change: { intent } };
    case "build-option":
    case "add-option": {
      const shingle = recordId.safeParse(form.shingleItemId ?? "");
      if (!shingle.success) return { ok: false, fieldErrors: { shingleItemId: "Choose a shingle line from the price book." } };
      const components: Partial<Record<PriceBookCategory, string>> = {};
      for (const category of PRICE_BOOK_CATEGORIES) {
        const value = form[`component-${category}`];
        if (value) {
          if (!recordId.safeParse(value).success) return { ok: false, fieldErrors: { [`component-${category}`]: "Choose an item from the list." } };
          components[category] = value;
        }
      }
      if (intent === "add-option") return { ok: true, change: { intent, shingleItemId: shingle.data } };
      const key = optionKey.safeParse(form.optionKey);
      if (!key.success) return { ok: false, fieldErrors: {}, message: "This option does not exist." };
      return { ok: true, change: { intent, optionKey: key.data, shingleItemId: shingle.data, components } };
    }
    case "remove-option": {
      const key = optionKey.safeParse(form.optionKey);
      if (!key.success) return { ok: false, fieldErrors: {}, message: "This option does not exist." };
      return { ok: true, change: { intent, optionKey: key.data } };
    }
    case "save-lines": {
      const key = optionKey.safeParse(form.optionKey);
      if (!key.success) return { ok: false, fieldErrors: {}, message: "This option does not exist." };
      const lines: Extract<DraftChange, { intent: "save-lines" }>["lines"] = [];
      const fieldErrors: Record<string, string> = {};
      for (const name of Object.keys(form)) {
        if (!name.startsWith("qty:")) continue;
        const lineKey = name.slice(4);
        const quantity = parseHundredths(form[name] ?? "");
        const price = parseDollars(form[`price:${lineKey}`] ?? "");
        if (quantity === null) fieldErrors[name] = "Enter a quantity of 0 or more, with at most two decimals.";
        if (price === null || price > 100_000_000) fieldErrors[`price:${lineKey}`] = "Enter a price in dollars, like 155 or 155.50.";
        if (quantity !== null && price !== null) lines.push({ key: lineKey, quantityHundredths: quantity, unitPriceCents: price, remove: form[`remove:${lineKey}`] === "on" });
      }
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
      return { ok: true, change: { intent, optionKey: key.data, lines } };
    }
    case "add-add-on": {
      const item = recordId.safeParse(form.priceBookItemId ?? "");
      const quantity = parseHundredths(form.quantity ?? "");
      const fieldErrors: Record<string, string> = {};
      if (!item.success) fieldErrors.priceBookItemId = "Choose an item from the price book.";
      if (quantity === null || quantity <= 0) fieldErrors.quantity = "Enter a quantity above 0, with at most two decimals.";
      if (!item.success || quantity === null || quantity <= 0) return { ok: false, fieldErrors };
      return { ok: true, change: { intent, priceBookItemId: item.data, quantityHundredths: quantity } };
    }
    case "remove-add-on": {
      const key = z.string().min(1).max(40).safeParse(form.key);
      if (!key.success) return { ok: false, fieldErrors: {}, message: "This add-on does not exist." };
      return { ok: true, change: { intent, key: key.data } };
    }
    case "save-terms": {
      const parsed = termsSchema.safeParse(form);
      if (!parsed.success) return { ok: false, fieldErrors: issuesToErrors(parsed.error) };
      const t = parsed.data;
      return { ok: true, change: { intent, discountCents: t.discount, taxBp: t.taxRate, depositBp: t.deposit, expiresOn: t.expiresOn, terms: t.terms ?? "" } };
    }
    default:
      return { ok: false, fieldErrors: {}, message: "This change is not available. Reload the page and try again." };
  }
}
