import { data, redirect } from "react-router";
import { pageUrlOf, safeRedirectTarget } from "~/lib/url-safety";
import { INSPECTION_AREA_PARAM, INSPECTION_BOOKED_PARAM, INSPECTION_SENT_PARAM, type InspectionActionData } from "./form-state";
import { handleInspectionRequest, outcomeHeaders } from "./handle-inspection-request.server";

/**
 * The action of a page that shows the inspection form, for posts made
 * WITHOUT JavaScript (with it, app/enhance/inspection-form.js posts to
 * /inspection-request and gets JSON). A page opts in with:
 *
 *   export const action = inspectionPageAction;
 *
 * Success: 303 to the same page with `?inspection-sent=<formId>#<formId>`
 * (a reload does not post again). Failure: the page again, with the status
 * (400, 413, 415, 429, 500, 503), the message and what was typed.
 */
export async function inspectionPageAction({ request }: { request: Request }) {
  const outcome = await handleInspectionRequest(request);
  const url = pageUrlOf(request);
  if (outcome.ok) {
    const formId = outcome.formId ?? "inspection-form";
    const params = new URLSearchParams(url.search);
    params.delete(INSPECTION_SENT_PARAM);
    params.set(INSPECTION_SENT_PARAM, formId);
    params.delete(INSPECTION_AREA_PARAM);
    if (outcome.outsideZip) params.set(INSPECTION_AREA_PARAM, outcome.outsideZip);
    params.delete(INSPECTION_BOOKED_PARAM);
    if (outcome.bookedSlot) params.set(INSPECTION_BOOKED_PARAM, outcome.bookedSlot);
    else if (outcome.slotNotBooked) params.set(INSPECTION_BOOKED_PARAM, "no");
    // The request's own path, judged like any redirect target: "//" (which the router matches as "/") would make "//?...", another host.
    const target = safeRedirectTarget(`${url.pathname}?${params.toString()}#${formId}`, `/?${params.toString()}#${formId}`);
    return redirect(target, { status: 303, headers: outcomeHeaders(outcome) });
  }
  const body: InspectionActionData = {
    inspection: {
      ok: false,
      status: outcome.status,
      title: outcome.title,
      message: outcome.message,
      fieldErrors: outcome.fieldErrors,
      formId: outcome.formId,
      values: outcome.values,
      ...(outcome.slots ? { slots: outcome.slots } : {}),
    },
  };
  return data(body, { status: outcome.status, headers: outcomeHeaders(outcome) });
}
