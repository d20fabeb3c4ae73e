import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { LeadEstimateRecord } from "~/db/schema/leads";
import { priceBookItems } from "~/db/schema";
import { loadPriceBookSettings } from "~/domain/price-book/price-book.server";
import type { EstimateInputs } from "./inputs";
import { priceEstimate, type EstimatePriceBook } from "./price-estimate";

/**
 * The instant estimate of some inputs (issue 31 item 4, ADR 054), from the price book as it is now: its
 * active items in its order and the builder's settings (waste, steep pitch, extra stories, sales tax).
 * The server always computes it from the inputs; a figure a browser sends is never read. Null when the
 * price book has no shingle line to price.
 */

async function loadEstimatePriceBook(): Promise<EstimatePriceBook> {
  const [items, settings] = await Promise.all([
    db()
      .select({
        id: priceBookItems.id,
        category: priceBookItems.category,
        name: priceBookItems.name,
        unit: priceBookItems.unit,
        unitPriceCents: priceBookItems.unitPriceCents,
        basis: priceBookItems.basis,
        isLabour: priceBookItems.isLabour,
        gafShingleId: priceBookItems.gafShingleId,
      })
      .from(priceBookItems)
      .where(eq(priceBookItems.isActive, true))
      .orderBy(asc(priceBookItems.sortOrder), asc(priceBookItems.name)),
    loadPriceBookSettings(),
  ]);
  // The warranty's layer names are not needed to price an option.
  return { items: items.map((item) => ({ ...item, gafLayer: null })), settings };
}

export async function computeEstimate(inputs: EstimateInputs, now: Date = new Date()): Promise<LeadEstimateRecord | null> {
  return priceEstimate(inputs, await loadEstimatePriceBook(), now);
}
