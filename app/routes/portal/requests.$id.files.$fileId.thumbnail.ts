import { z } from "zod";
import type { Route } from "./+types/requests.$id.files.$fileId.thumbnail";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentThumbnail } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachmentThumbnail } from "~/domain/leads/open-lead-attachment-thumbnail.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";

/**
 * GET /portal/requests/:id/files/:fileId/thumbnail: the 480 px WebP of an image of one of the
 * customer's own requests, shown inline in the portal. 404 for a request that is not theirs, a file
 * not of that request (the pair must match), and a thumbnail not made (yet, or a PDF).
 */

const uuid = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const leadId = uuid.safeParse(params.id);
  const fileId = uuid.safeParse(params.fileId);
  if (!leadId.success || !fileId.success) throw attachmentNotFound();
  const owned = await findCustomerLeadId(user, leadId.data);
  if (!owned) throw attachmentNotFound();
  const thumbnail = await openLeadAttachmentThumbnail(owned, fileId.data);
  if (!thumbnail) throw attachmentNotFound();
  return attachmentThumbnail(thumbnail);
}
