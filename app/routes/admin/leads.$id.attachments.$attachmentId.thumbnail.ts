import { z } from "zod";
import type { Route } from "./+types/leads.$id.attachments.$attachmentId.thumbnail";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentThumbnail } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachmentThumbnail } from "~/domain/leads/open-lead-attachment-thumbnail.server";

/**
 * GET /admin/leads/:id/attachments/:attachmentId/thumbnail: the 480 px WebP of an image a homeowner
 * sent, for staff only, found only by the pair (lead, attachment) (QUALITY S12); 404 while it is not
 * made (or for a PDF). Shown inline on the lead page; cached by the browser only (`private`).
 */

const uuid = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const leadId = uuid.safeParse(params.id);
  const attachmentId = uuid.safeParse(params.attachmentId);
  if (!leadId.success || !attachmentId.success) throw attachmentNotFound();
  const thumbnail = await openLeadAttachmentThumbnail(leadId.data, attachmentId.data);
  if (!thumbnail) throw attachmentNotFound();
  return attachmentThumbnail(thumbnail);
}
