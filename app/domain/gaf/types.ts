/**
 * Read models of the public GAF manufacturer portal (spec 1 §2-§3). Safe to
 * import from components: no server code here.
 */

/**
 * A list the portal loaded, or the fact that it could not (spec 1 §8: the
 * failure is logged and the page still renders and says so).
 */
export type GafList<T> = { ok: true; items: T[] } | { ok: false; items: [] };

export interface PublicGafWarranty {
  id: string;
  name: string;
  coverageType: string | null;
  /** Column `upfront_coverage_period`, shown as "Coverage period". */
  upfrontCoveragePeriod: string | null;
  manufacturingDefectCoverage: string | null;
  workmanshipCoverage: string | null;
  systemCoverage: boolean;
  windTermYears: number;
  transferable: boolean;
  algaeProtection: string | null;
  /** http(s) or site-relative only; anything else becomes null. */
  pdfUrl: string | null;
}

export interface PublicGafShingle {
  id: string;
  model: string;
  priceTier: string | null;
  shingleType: string | null;
  /** null = unknown */
  layerLock: boolean | null;
  /** null = unknown */
  windProven: boolean | null;
  /** null = unknown */
  lifetimeWarranty: boolean | null;
  algaeProtectionClass: string | null;
  /** null = unknown */
  title24Compliant: boolean | null;
  officialUrl: string | null;
}

export interface PublicGafRoofProduct {
  id: string;
  name: string;
  tagline: string | null;
  longDescription: string | null;
  imgUrl: string | null;
  productUrl: string | null;
}

export interface PublicGafRoofLayer {
  id: string;
  title: string;
  description: string | null;
  /** Active products of the layer, by sort_order. */
  products: PublicGafRoofProduct[];
}

export interface PublicGafColor {
  id: string;
  name: string;
  /** "#rrggbb" */
  hexColor: string;
  availabilityUrl: string | null;
}
