import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gafColors, gafRoofLayers, gafRoofProducts, gafShingles, gafWarranties } from "~/db/schema";

/**
 * Everything /admin/gaf-config edits, active and inactive, each list by
 * sort_order (spec 2 §7: fetched together on load).
 */
export async function listGafConfig() {
  const [colors, warranties, shingles, roofLayers, roofProducts] = await Promise.all([
    db().select().from(gafColors).orderBy(asc(gafColors.sortOrder), asc(gafColors.name)),
    db().select().from(gafWarranties).orderBy(asc(gafWarranties.sortOrder), asc(gafWarranties.name)),
    db().select().from(gafShingles).orderBy(asc(gafShingles.sortOrder), asc(gafShingles.model)),
    db().select().from(gafRoofLayers).orderBy(asc(gafRoofLayers.sortOrder), asc(gafRoofLayers.title)),
    db().select().from(gafRoofProducts).orderBy(asc(gafRoofProducts.sortOrder), asc(gafRoofProducts.name)),
  ]);
  const strip = <T extends { createdAt: Date; updatedAt: Date }>({ createdAt: _c, updatedAt, ...row }: T) => ({
    ...row,
    updatedAt: updatedAt.toISOString(),
  });
  return {
    colors: colors.map(strip),
    warranties: warranties.map(strip),
    shingles: shingles.map(strip),
    roofLayers: roofLayers.map(strip),
    roofProducts: roofProducts.map(strip),
  };
}

export type GafConfig = Awaited<ReturnType<typeof listGafConfig>>;
