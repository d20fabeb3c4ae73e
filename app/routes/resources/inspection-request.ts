import type { Route } from "./+types/inspection-request";
import { handleInspectionRequest, outcomeHeaders, outcomeJson } from "~/domain/leads/handle-inspection-request.server";

/**
 * POST /inspection-request: the inspection form sent by its enhancement
 * script (app/enhance/inspection-form.js), answered in JSON:
 * `{ ok, title, message, fieldErrors }` with 200, 400, 413, 415, 429
 * (Retry-After), 500 or 503. Posts made without JavaScript go to the page's
 * own action instead (app/domain/leads/inspection-page-action.server.ts).
 */

export async function action({ request }: Route.ActionArgs) {
  const outcome = await handleInspectionRequest(request);
  return Response.json(outcomeJson(outcome), { status: outcome.status, headers: outcomeHeaders(outcome) });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}
