import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gafColors, HEX_COLOR_PATTERN } from "~/db/schema";
import { safeLinkHref } from "~/lib/url-safety";
import { loadGafList } from "./load-list.server";
import type { GafList, PublicGafColor } from "./types";

/** Active Timberline HDZ colours for /gaf/timberline-hdz-colors, by sort_order then name. */
export async function listActiveColors(): Promise<GafList<PublicGafColor>> {
  return loadGafList("colors", readActiveColors);
}

/** The query of `listActiveColors` (throws on failure); the public page caches it (app/domain/public-read-models.server.ts). */
export async function readActiveColors(): Promise<PublicGafColor[]> {
  const rows = await db()
    .select({
      id: gafColors.id,
      name: gafColors.name,
      hexColor: gafColors.hexColor,
      availabilityUrl: gafColors.availabilityUrl,
    })
    .from(gafColors)
    .where(eq(gafColors.isActive, true))
    .orderBy(asc(gafColors.sortOrder), asc(gafColors.name));
  return rows.map((row) => ({
    ...row,
    // The column has a CHECK constraint; this guards the inline style anyway.
    hexColor: HEX_COLOR_PATTERN.test(row.hexColor) ? row.hexColor.toLowerCase() : "#000000",
    availabilityUrl: safeLinkHref(row.availabilityUrl),
  }));
}
