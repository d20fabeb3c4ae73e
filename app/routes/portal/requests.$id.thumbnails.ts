import { z } from "zod";
import type { Route } from "./+types/requests.$id.thumbnails";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { listThumbnailStatuses } from "~/domain/leads/list-thumbnail-statuses.server";
import type { ThumbnailStatuses } from "~/domain/leads/thumbnail-status";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";

/**
 * GET /portal/requests/:id/thumbnails: where each file of one of the customer's own requests stands with
 * its thumbnail, as JSON (issue 31 item 5). The request page asks it every few seconds while a photo's
 * thumbnail is being made, so the picture appears without a reload. 404 for a request that is not theirs.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const id = z.uuid().safeParse(params.id);
  const leadId = id.success ? await findCustomerLeadId(user, id.data) : null;
  const headers = { "Cache-Control": "private, no-store" };
  if (!leadId) return Response.json({ message: "Request not found" }, { status: 404, headers });
  const body: ThumbnailStatuses = { files: await listThumbnailStatuses(leadId) };
  return Response.json(body, { headers });
}
