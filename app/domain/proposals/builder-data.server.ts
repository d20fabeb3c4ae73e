import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsSiteSettings, gafColors, gafRoofLayers, gafRoofProducts, gafShingleColors, gafShingles, gafWarranties, priceBookItems } from "~/db/schema";
import { loadPriceBookSettings } from "~/domain/price-book/price-book.server";
import { PRIVATE_SETTING_KEYS } from "~/domain/site-settings/keys";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import type { BuilderItem, BuilderSettings } from "./build-option";
import { CERTIFICATION_LEVELS, type CertificationLevel, type Letterhead } from "./content";
import type { LadderShingle } from "./warranty-ladder";

/**
 * What the proposal builder reads (issue 30 item 3): the active price book with each item's GAF facts,
 * the shingle lines' warranty facts and swatches, the catalogue's warranty names, the builder's defaults,
 * and the proposal settings of Site Configuration. Read outside any transaction.
 */

interface BuilderShingle extends LadderShingle {
  id: string;
  highlights: string[];
  colors: Array<{ id: string; name: string; hex: string }>;
}

export interface BuilderData {
  items: Array<BuilderItem & { gafShingleId: string | null }>;
  shingles: Map<string, BuilderShingle>;
  warrantyNames: string[];
  settings: BuilderSettings & { salesTaxBp: number; depositBp: number; validDays: number };
  certification: CertificationLevel;
  terms: string;
  letterhead: Letterhead;
}

function shingleHighlights(s: { shingleType: string | null; lifetimeWarranty: boolean | null; layerLock: boolean | null; windProven: boolean | null; algaeProtectionClass: string | null; priceTier: string | null }): string[] {
  const out: string[] = [];
  if (s.shingleType) out.push(`${s.shingleType} shingle`);
  if (s.lifetimeWarranty === true) out.push("Lifetime limited warranty on the shingles");
  else if (s.lifetimeWarranty === false) out.push("Shorter limited warranty (not a Lifetime shingle)");
  if (s.layerLock === true) out.push("LayerLock technology for faster, straighter nailing");
  if (s.windProven === true) out.push("Eligible for the WindProven wind warranty");
  if (s.algaeProtectionClass) out.push(`Algae protection: ${s.algaeProtectionClass.replace(/\s*\(.*\)$/, "")}`);
  return out;
}

export async function loadBuilderData(): Promise<BuilderData> {
  const [items, shingles, colorLinks, warranties, settings, privateRows, site] = await Promise.all([
    db()
      .select({ item: priceBookItems, layer: gafRoofLayers.title })
      .from(priceBookItems)
      .leftJoin(gafRoofProducts, eq(gafRoofProducts.id, priceBookItems.gafRoofProductId))
      .leftJoin(gafRoofLayers, eq(gafRoofLayers.id, gafRoofProducts.layerId))
      .where(eq(priceBookItems.isActive, true))
      .orderBy(asc(priceBookItems.sortOrder), asc(priceBookItems.name)),
    db().select().from(gafShingles).where(eq(gafShingles.isActive, true)).orderBy(asc(gafShingles.sortOrder)),
    db()
      .select({ shingleId: gafShingleColors.shingleId, id: gafColors.id, name: gafColors.name, hex: gafColors.hexColor })
      .from(gafShingleColors)
      .innerJoin(gafColors, eq(gafColors.id, gafShingleColors.colorId))
      .where(eq(gafColors.isActive, true))
      .orderBy(asc(gafColors.sortOrder), asc(gafColors.name)),
    db().select({ name: gafWarranties.name }).from(gafWarranties).where(eq(gafWarranties.isActive, true)).orderBy(asc(gafWarranties.sortOrder)),
    loadPriceBookSettings(),
    db()
      .select({ key: cmsSiteSettings.settingKey, value: cmsSiteSettings.settingValue })
      .from(cmsSiteSettings)
      .where(
        and(
          inArray(cmsSiteSettings.settingKey, [PRIVATE_SETTING_KEYS.gafCertificationLevel, PRIVATE_SETTING_KEYS.contractorLicense, PRIVATE_SETTING_KEYS.proposalTerms]),
        ),
      ),
    getPublicSiteSettings(),
  ]);
  const priv = new Map(privateRows.map((row) => [row.key, row.value]));
  const level = (priv.get(PRIVATE_SETTING_KEYS.gafCertificationLevel) ?? "").trim();
  const certification = (CERTIFICATION_LEVELS as readonly string[]).includes(level) ? (level as CertificationLevel) : "none";
  const colorsByShingle = new Map<string, BuilderShingle["colors"]>();
  for (const link of colorLinks) {
    const list = colorsByShingle.get(link.shingleId) ?? [];
    list.push({ id: link.id, name: link.name, hex: link.hex });
    colorsByShingle.set(link.shingleId, list);
  }
  const address = site.address;
  return {
    items: items.map(({ item, layer }) => ({
      id: item.id,
      category: item.category,
      name: item.name,
      unit: item.unit,
      unitPriceCents: item.unitPriceCents,
      basis: item.basis,
      isLabour: item.isLabour,
      gafLayer: item.gafRoofProductId ? layer : null,
      gafShingleId: item.gafShingleId,
    })),
    shingles: new Map(
      shingles.map((s) => [
        s.id,
        { id: s.id, model: s.model, lifetimeWarranty: s.lifetimeWarranty, layerLock: s.layerLock, highlights: shingleHighlights(s), colors: colorsByShingle.get(s.id) ?? [] },
      ]),
    ),
    warrantyNames: warranties.map((w) => w.name),
    settings,
    certification,
    terms: priv.get(PRIVATE_SETTING_KEYS.proposalTerms) ?? "",
    letterhead: {
      businessName: site.businessName,
      phone: site.phone,
      email: site.email,
      addressLines: [address.street, `${address.locality}, ${address.region} ${address.postalCode}`].filter((line) => line.trim() !== ","),
      licence: (priv.get(PRIVATE_SETTING_KEYS.contractorLicense) ?? "").trim(),
      certification: site.certification.name,
    },
  };
}
