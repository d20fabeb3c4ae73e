import { gafColors, gafRoofLayers, gafRoofProducts, gafShingles, gafWarranties } from "~/db/schema";
import type { GafKind } from "./admin-schemas";

/** The table behind each kind of /admin/gaf-config. Every one has id, is_active, sort_order and updated_at. */
export const GAF_TABLES = {
  color: gafColors,
  warranty: gafWarranties,
  shingle: gafShingles,
  "roof-layer": gafRoofLayers,
  "roof-product": gafRoofProducts,
} as const satisfies Record<GafKind, unknown>;

/**
 * The columns every kind shares, typed once: the kinds' tables differ in
 * their other columns, and code that works on any kind (status, order)
 * touches only these.
 */
export function commonTable(kind: GafKind) {
  return GAF_TABLES[kind] as typeof gafRoofLayers;
}
