import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gafRoofLayers, gafRoofProducts } from "~/db/schema";
import { safeLinkHref } from "~/lib/url-safety";
import { loadGafList } from "./load-list.server";
import type { GafList, PublicGafRoofLayer, PublicGafRoofProduct } from "./types";

/**
 * Active roof layers for /gaf/roof-system, by sort_order then title, each
 * with its active products by sort_order then name.
 */
export async function listActiveRoofLayers(): Promise<GafList<PublicGafRoofLayer>> {
  return loadGafList("roof-layers", readActiveRoofLayers);
}

/** The query of `listActiveRoofLayers` (throws on failure); the public page caches it (app/domain/public-read-models.server.ts). */
export async function readActiveRoofLayers(): Promise<PublicGafRoofLayer[]> {
  const layers = await db()
    .select({ id: gafRoofLayers.id, title: gafRoofLayers.title, description: gafRoofLayers.description })
    .from(gafRoofLayers)
    .where(eq(gafRoofLayers.isActive, true))
    .orderBy(asc(gafRoofLayers.sortOrder), asc(gafRoofLayers.title));
  if (layers.length === 0) return [];

  const products = await db()
    .select({
      id: gafRoofProducts.id,
      layerId: gafRoofProducts.layerId,
      name: gafRoofProducts.name,
      tagline: gafRoofProducts.tagline,
      longDescription: gafRoofProducts.longDescription,
      imgUrl: gafRoofProducts.imgUrl,
      productUrl: gafRoofProducts.productUrl,
    })
    .from(gafRoofProducts)
    .where(
      and(
        eq(gafRoofProducts.isActive, true),
        inArray(
          gafRoofProducts.layerId,
          layers.map((layer) => layer.id),
        ),
      ),
    )
    .orderBy(asc(gafRoofProducts.sortOrder), asc(gafRoofProducts.name));

  const byLayer = new Map<string, PublicGafRoofProduct[]>();
  for (const { layerId, ...product } of products) {
    const list = byLayer.get(layerId) ?? [];
    list.push({ ...product, imgUrl: safeLinkHref(product.imgUrl), productUrl: safeLinkHref(product.productUrl) });
    byLayer.set(layerId, list);
  }
  return layers.map((layer) => ({ ...layer, products: byLayer.get(layer.id) ?? [] }));
}
