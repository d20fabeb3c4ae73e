import type { LeadEstimateRecord } from "~/db/schema/leads";
import { computeEstimate } from "./compute-estimate.server";
import { parseEstimateQuery } from "./inputs";

/**
 * The estimate a request carries (issue 31 item 4): the /estimate inputs' query string as the booking page
 * got it ("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt"), priced again on the
 * server from the price book. Null when the query is not a valid estimate (or nothing can be priced): the
 * request is then taken without one.
 */
export async function estimateForLead(query: string): Promise<LeadEstimateRecord | null> {
  const inputs = parseEstimateQuery(query);
  if (!inputs) return null;
  return computeEstimate(inputs);
}
