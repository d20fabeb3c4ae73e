import { readLeadEstimate } from "~/domain/estimate/record";
import type { LeadLoadContext } from "./section.server";

/**
 * The instant estimate the request came with (issue 31 item 4): read from the lead's row and checked, so
 * the section shows only a record the estimate's code wrote (null: no section).
 */
export function load({ detail }: LeadLoadContext) {
  return readLeadEstimate(detail.lead.estimate);
}
export type EstimateData = ReturnType<typeof load>;
