import type { KeptValues } from "./schemas";
import type { SlotChoice } from "~/domain/scheduling/slot-choices";

/**
 * What a page that shows the inspection form needs to render it again after
 * a submission without JavaScript (client-safe: types and constants only).
 *
 * - Success: the action redirects (303) to the page with `?inspection-sent=<formId>#<formId>`.
 * - Failure: the action answers the page with `{ inspection: InspectionFormState }` as action data.
 */

/** Query parameter naming the form whose request was just stored. */
export const INSPECTION_SENT_PARAM = "inspection-sent";
/** With it: the ZIP of a request from outside the service area (the notice says so; issue 31 item 2). */
export const INSPECTION_AREA_PARAM = "inspection-outside";
/** With it: the inspection slot the request booked ("2026-12-01T09:00"; issue 31 item 3). */
export const INSPECTION_BOOKED_PARAM = "inspection-booked";

export interface InspectionFormState {
  ok: boolean;
  status: number;
  title: string;
  message: string;
  fieldErrors: Record<string, string>;
  formId: string | null;
  values: KeptValues;
  /** The next free slots, after a refused booking. */
  slots?: SlotChoice[];
}

export interface InspectionActionData {
  inspection: InspectionFormState;
}

export function isInspectionActionData(value: unknown): value is InspectionActionData {
  return Boolean(value && typeof value === "object" && "inspection" in value && (value as InspectionActionData).inspection);
}
