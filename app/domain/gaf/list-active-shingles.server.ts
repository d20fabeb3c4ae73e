import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gafShingles } from "~/db/schema";
import { safeLinkHref } from "~/lib/url-safety";
import { loadGafList } from "./load-list.server";
import type { GafList, PublicGafShingle } from "./types";

/** Active shingle models for /gaf/shingles, by sort_order then model. */
export async function listActiveShingles(): Promise<GafList<PublicGafShingle>> {
  return loadGafList("shingles", readActiveShingles);
}

/** The query of `listActiveShingles` (throws on failure); the public page caches it (app/domain/public-read-models.server.ts). */
export async function readActiveShingles(): Promise<PublicGafShingle[]> {
  const rows = await db()
    .select({
      id: gafShingles.id,
      model: gafShingles.model,
      priceTier: gafShingles.priceTier,
      shingleType: gafShingles.shingleType,
      layerLock: gafShingles.layerLock,
      windProven: gafShingles.windProven,
      lifetimeWarranty: gafShingles.lifetimeWarranty,
      algaeProtectionClass: gafShingles.algaeProtectionClass,
      title24Compliant: gafShingles.title24Compliant,
      officialUrl: gafShingles.officialUrl,
    })
    .from(gafShingles)
    .where(eq(gafShingles.isActive, true))
    .orderBy(asc(gafShingles.sortOrder), asc(gafShingles.model));
  return rows.map((row) => ({ ...row, officialUrl: safeLinkHref(row.officialUrl) }));
}
