import { logger, markResponseUncacheable } from "~/lib/logger.server";
import type { GafList } from "./types";

/**
 * Runs one portal list query. A failure is logged and reported as
 * `{ ok: false }` so the page renders anyway and tells the visitor
 * (spec 1 §8 "Portal data load failure"); that page is not kept by the page
 * cache.
 */
export async function loadGafList<T>(list: string, query: () => Promise<T[]>): Promise<GafList<T>> {
  try {
    return { ok: true, items: await query() };
  } catch (error) {
    logger.error({ err: error, list }, "GAF portal: failed to load a list");
    markResponseUncacheable();
    return { ok: false, items: [] };
  }
}
