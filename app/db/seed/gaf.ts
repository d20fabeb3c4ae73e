import {
  GAF_PRICE_TIERS,
  GAF_SHINGLE_TYPES,
  HEX_COLOR_PATTERN,
  type GafPriceTier,
  type GafShingleType,
  type NewGafColor,
  type NewGafRoofLayer,
  type NewGafRoofProduct,
  type NewGafShingle,
  type NewGafWarranty,
} from "~/db/schema";
import gafSeedJson from "./data/gaf-seed.json";

/**
 * GAF portal content from data/gaf-seed.json (a copy of
 * /work/shared/data/gaf-seed.json; see gaf-sources.md there).
 *
 * Import rules: keys starting with "_" are reviewer annotations and are
 * dropped; "unknown" becomes NULL (booleans and text alike); a product's
 * "layer" key only names its parent and is dropped; every row is active.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Drops "_" keys and turns "unknown" into null, recursively. */
function cleanSeedRecord(record: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith("_")) continue;
    out[key] = cleanValue(value);
  }
  return out;
}

function cleanValue(value: Json): Json {
  if (typeof value === "string" && value.trim().toLowerCase() === "unknown") return null;
  if (Array.isArray(value)) return value.map(cleanValue);
  if (value !== null && typeof value === "object") return cleanSeedRecord(value);
  return value;
}

function fail(where: string, key: string, value: unknown): never {
  throw new Error(`gaf-seed.json: ${where}: bad value for "${key}": ${JSON.stringify(value)}`);
}

function text(r: JsonObject, key: string, where: string): string | null {
  const v = r[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") fail(where, key, v);
  return v.trim() === "" ? null : v;
}

function requiredText(r: JsonObject, key: string, where: string): string {
  return text(r, key, where) ?? fail(where, key, r[key]);
}

function bool(r: JsonObject, key: string, where: string): boolean | null {
  const v = r[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "boolean") fail(where, key, v);
  return v;
}

function requiredBool(r: JsonObject, key: string, where: string): boolean {
  return bool(r, key, where) ?? fail(where, key, r[key]);
}

function int(r: JsonObject, key: string, where: string): number {
  const v = r[key];
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) fail(where, key, v);
  return v;
}

function oneOf<T extends string>(r: JsonObject, key: string, where: string, allowed: readonly T[]): T | null {
  const v = text(r, key, where);
  if (v === null) return null;
  if (!(allowed as readonly string[]).includes(v)) fail(where, key, v);
  return v as T;
}

function list(root: JsonObject, key: string): JsonObject[] {
  const v = root[key];
  if (!Array.isArray(v)) throw new Error(`gaf-seed.json: "${key}" is not a list`);
  return v.map((item) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      throw new Error(`gaf-seed.json: "${key}" holds a non-object`);
    }
    return cleanSeedRecord(item);
  });
}

export interface GafSeed {
  warranties: NewGafWarranty[];
  shingles: NewGafShingle[];
  colors: NewGafColor[];
  roofLayers: { layer: NewGafRoofLayer; products: Omit<NewGafRoofProduct, "layerId">[] }[];
}

export function loadGafSeed(source: unknown = gafSeedJson): GafSeed {
  const root = source as JsonObject;

  const warranties = list(root, "warranties").map((r, i): NewGafWarranty => {
    const where = `warranties[${i}]`;
    return {
      name: requiredText(r, "name", where),
      coverageType: text(r, "coverage_type", where),
      upfrontCoveragePeriod: text(r, "upfront_coverage_period", where),
      manufacturingDefectCoverage: text(r, "manufacturing_defect_coverage", where),
      workmanshipCoverage: text(r, "workmanship_coverage", where),
      systemCoverage: requiredBool(r, "system_coverage", where),
      windTermYears: int(r, "wind_term_years", where),
      transferable: requiredBool(r, "transferable", where),
      algaeProtection: text(r, "algae_protection", where),
      pdfUrl: text(r, "pdf_url", where),
      isActive: true,
      sortOrder: int(r, "sort_order", where),
    };
  });

  const shingles = list(root, "shingles").map((r, i): NewGafShingle => {
    const where = `shingles[${i}]`;
    return {
      model: requiredText(r, "model", where),
      priceTier: oneOf<GafPriceTier>(r, "price_tier", where, GAF_PRICE_TIERS),
      shingleType: oneOf<GafShingleType>(r, "shingle_type", where, GAF_SHINGLE_TYPES),
      layerLock: bool(r, "layer_lock", where),
      windProven: bool(r, "wind_proven", where),
      lifetimeWarranty: bool(r, "lifetime_warranty", where),
      algaeProtectionClass: text(r, "algae_protection_class", where),
      title24Compliant: bool(r, "title_24_compliant", where),
      officialUrl: text(r, "official_url", where),
      isActive: true,
      sortOrder: int(r, "sort_order", where),
    };
  });

  const colors = list(root, "colors").map((r, i): NewGafColor => {
    const where = `colors[${i}]`;
    const hexColor = requiredText(r, "hex_color", where);
    if (!HEX_COLOR_PATTERN.test(hexColor)) fail(where, "hex_color", hexColor);
    return {
      name: requiredText(r, "name", where),
      hexColor,
      availabilityUrl: text(r, "availability_url", where),
      isActive: true,
      sortOrder: int(r, "sort_order", where),
    };
  });

  const roofLayers = list(root, "roof_layers").map((r, i) => {
    const where = `roof_layers[${i}]`;
    const products = Array.isArray(r.products) ? r.products : [];
    return {
      layer: {
        title: requiredText(r, "title", where),
        description: text(r, "description", where),
        isActive: true,
        sortOrder: int(r, "sort_order", where),
      } satisfies NewGafRoofLayer,
      products: products.map((p, j): Omit<NewGafRoofProduct, "layerId"> => {
        const pw = `${where}.products[${j}]`;
        if (p === null || typeof p !== "object" || Array.isArray(p)) throw new Error(`gaf-seed.json: ${pw} is not an object`);
        return {
          name: requiredText(p, "name", pw),
          tagline: text(p, "tagline", pw),
          longDescription: text(p, "long_description", pw),
          imgUrl: text(p, "img_url", pw),
          productUrl: text(p, "product_url", pw),
          isActive: true,
          sortOrder: int(p, "sort_order", pw),
        };
      }),
    };
  });

  return { warranties, shingles, colors, roofLayers };
}
