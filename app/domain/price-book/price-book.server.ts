import { asc, eq, max, sql } from "drizzle-orm";
import { db, type DbTransaction } from "~/db/client.server";
import { gafRoofLayers, gafRoofProducts, gafShingles, priceBookItems, priceBookSettings, type PriceBookItem, type PriceBookSettings } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { PRICE_BOOK_TEXT, type SaveItemInput, type SaveSettingsInput } from "./schemas";

/**
 * The price book (issue 30 item 1): items with their prices and the builder's defaults. A proposal
 * copies the prices into its lines when it is built, so a later change here never alters a proposal.
 */

interface PriceBookGafChoice {
  value: string;
  label: string;
}

export interface PriceBook {
  items: Array<PriceBookItem & { gafName: string | null; gafLayer: string | null }>;
  settings: PriceBookSettings;
  /** The GAF catalogue's active shingle lines and roof-system products, for the item form's select. */
  gafChoices: PriceBookGafChoice[];
}

export async function loadPriceBookSettings(executor: Pick<DbTransaction, "select"> = db()): Promise<PriceBookSettings> {
  const [row] = await executor.select().from(priceBookSettings).where(eq(priceBookSettings.id, 1));
  // Migration 0016 writes the row; a database without it still prices with the defaults.
  return row ?? { id: 1, wasteSimpleBp: 1000, wasteModerateBp: 1500, wasteComplexBp: 2000, steepPitchFrom: 8, steepPitchFactorBp: 12500, extraStoryFactorBp: 1000, salesTaxBp: 0, depositBp: 3000, validDays: 30, updatedAt: new Date(0) };
}

export async function loadPriceBook(): Promise<PriceBook> {
  const [items, settings, shingles, products] = await Promise.all([
    db()
      .select({
        item: priceBookItems,
        shingleName: gafShingles.model,
        productName: gafRoofProducts.name,
        layerTitle: gafRoofLayers.title,
      })
      .from(priceBookItems)
      .leftJoin(gafShingles, eq(gafShingles.id, priceBookItems.gafShingleId))
      .leftJoin(gafRoofProducts, eq(gafRoofProducts.id, priceBookItems.gafRoofProductId))
      .leftJoin(gafRoofLayers, eq(gafRoofLayers.id, gafRoofProducts.layerId))
      .orderBy(asc(priceBookItems.sortOrder), asc(priceBookItems.name)),
    loadPriceBookSettings(),
    db().select({ id: gafShingles.id, model: gafShingles.model }).from(gafShingles).where(eq(gafShingles.isActive, true)).orderBy(asc(gafShingles.sortOrder)),
    db()
      .select({ id: gafRoofProducts.id, name: gafRoofProducts.name, layer: gafRoofLayers.title })
      .from(gafRoofProducts)
      .innerJoin(gafRoofLayers, eq(gafRoofLayers.id, gafRoofProducts.layerId))
      .where(sql`${gafRoofProducts.isActive} and ${gafRoofLayers.isActive}`)
      .orderBy(asc(gafRoofLayers.sortOrder), asc(gafRoofProducts.sortOrder)),
  ]);
  return {
    items: items.map(({ item, shingleName, productName, layerTitle }) => ({ ...item, gafName: shingleName ?? productName ?? null, gafLayer: productName ? layerTitle : null })),
    settings,
    gafChoices: [
      ...shingles.map((s) => ({ value: `shingle:${s.id}`, label: `Shingle line: ${s.model}` })),
      ...products.map((p) => ({ value: `product:${p.id}`, label: `${p.layer}: ${p.name}` })),
    ],
  };
}

export async function savePriceBookItem(tx: DbTransaction, input: SaveItemInput): Promise<AdminChange> {
  const { gafShingleId, gafRoofProductId } = input.gafProduct;
  if (gafShingleId) {
    const [found] = await tx.select({ id: gafShingles.id }).from(gafShingles).where(eq(gafShingles.id, gafShingleId));
    if (!found) return { ok: false, status: 422, fieldErrors: { gafProduct: PRICE_BOOK_TEXT.unknownGafItem } };
  }
  if (gafRoofProductId) {
    const [found] = await tx.select({ id: gafRoofProducts.id }).from(gafRoofProducts).where(eq(gafRoofProducts.id, gafRoofProductId));
    if (!found) return { ok: false, status: 422, fieldErrors: { gafProduct: PRICE_BOOK_TEXT.unknownGafItem } };
  }
  const values = {
    category: input.category,
    name: input.name,
    unit: input.unit,
    unitPriceCents: input.unitPrice,
    basis: input.basis,
    gafShingleId,
    gafRoofProductId,
    isLabour: input.isLabour,
  };
  if (input.id) {
    const [row] = await tx.update(priceBookItems).set({ ...values, updatedAt: sql`now()` }).where(eq(priceBookItems.id, input.id)).returning({ id: priceBookItems.id });
    if (!row) return { ok: false, status: 404 };
    return { ok: true, message: PRICE_BOOK_TEXT.itemUpdated, audit: { action: "price-book.item.update", targetType: "price_book_item", targetId: row.id, details: { unitPriceCents: input.unitPrice } } };
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price-book-add'))`);
  const [last] = await tx.select({ value: max(priceBookItems.sortOrder) }).from(priceBookItems);
  const [row] = await tx
    .insert(priceBookItems)
    .values({ ...values, sortOrder: (last?.value ?? 0) + 1 })
    .returning({ id: priceBookItems.id });
  return { ok: true, message: PRICE_BOOK_TEXT.itemCreated, audit: { action: "price-book.item.create", targetType: "price_book_item", targetId: row!.id } };
}

export async function setPriceBookItemActive(tx: DbTransaction, id: string, active: boolean): Promise<AdminChange> {
  const [row] = await tx.update(priceBookItems).set({ isActive: active, updatedAt: sql`now()` }).where(eq(priceBookItems.id, id)).returning({ id: priceBookItems.id });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: active ? PRICE_BOOK_TEXT.itemReactivated : PRICE_BOOK_TEXT.itemDeactivated,
    audit: { action: active ? "price-book.item.reactivate" : "price-book.item.deactivate", targetType: "price_book_item", targetId: row.id },
  };
}

export async function savePriceBookSettings(tx: DbTransaction, input: SaveSettingsInput): Promise<AdminChange> {
  const values = {
    wasteSimpleBp: input.wasteSimple,
    wasteModerateBp: input.wasteModerate,
    wasteComplexBp: input.wasteComplex,
    steepPitchFrom: input.steepPitchFrom,
    steepPitchFactorBp: input.steepPitchFactor,
    extraStoryFactorBp: input.extraStoryPercent,
    salesTaxBp: input.salesTax,
    depositBp: input.deposit,
    validDays: input.validDays,
  };
  await tx
    .insert(priceBookSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: priceBookSettings.id, set: { ...values, updatedAt: sql`now()` } });
  return { ok: true, message: PRICE_BOOK_TEXT.settingsSaved, audit: { action: "price-book.settings.update", targetType: "price_book_settings", targetId: "1", details: values } };
}
