import { z } from "zod";
import type { Route } from "./+types/requests.$id.files.$fileId";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentDownload } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachment } from "~/domain/leads/open-lead-attachment.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";

/**
 * GET /portal/requests/:id/files/:fileId: a file of one of the customer's own requests (what they sent
 * with the form or added from the portal), always as a download like the staff route
 * (admin/leads.$id.attachments.$attachmentId.ts). 404 for a request that is not theirs, and for a file
 * that is not of that request (the pair must match: QUALITY S12), never saying which.
 */

const uuid = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const leadId = uuid.safeParse(params.id);
  const fileId = uuid.safeParse(params.fileId);
  if (!leadId.success || !fileId.success) throw attachmentNotFound();
  const owned = await findCustomerLeadId(user, leadId.data);
  if (!owned) throw attachmentNotFound();
  const file = await openLeadAttachment(owned, fileId.data);
  if (!file) throw attachmentNotFound();
  return attachmentDownload(file);
}
