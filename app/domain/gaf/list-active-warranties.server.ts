import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gafWarranties } from "~/db/schema";
import { safeLinkHref } from "~/lib/url-safety";
import { loadGafList } from "./load-list.server";
import type { GafList, PublicGafWarranty } from "./types";

/** Active warranties for /gaf/warranties, by sort_order then name. */
export async function listActiveWarranties(): Promise<GafList<PublicGafWarranty>> {
  return loadGafList("warranties", readActiveWarranties);
}

/** The query of `listActiveWarranties` (throws on failure); the public page caches it (app/domain/public-read-models.server.ts). */
export async function readActiveWarranties(): Promise<PublicGafWarranty[]> {
  const rows = await db()
    .select({
      id: gafWarranties.id,
      name: gafWarranties.name,
      coverageType: gafWarranties.coverageType,
      upfrontCoveragePeriod: gafWarranties.upfrontCoveragePeriod,
      manufacturingDefectCoverage: gafWarranties.manufacturingDefectCoverage,
      workmanshipCoverage: gafWarranties.workmanshipCoverage,
      systemCoverage: gafWarranties.systemCoverage,
      windTermYears: gafWarranties.windTermYears,
      transferable: gafWarranties.transferable,
      algaeProtection: gafWarranties.algaeProtection,
      pdfUrl: gafWarranties.pdfUrl,
    })
    .from(gafWarranties)
    .where(eq(gafWarranties.isActive, true))
    .orderBy(asc(gafWarranties.sortOrder), asc(gafWarranties.name));
  return rows.map((row) => ({ ...row, pdfUrl: safeLinkHref(row.pdfUrl) }));
}
