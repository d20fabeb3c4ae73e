import type { Route } from "./+types/leads.$id.attachments.$attachmentId.thumbnail";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentPicture } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachmentPictureByRouteIds } from "~/domain/leads/open-lead-attachment-picture.server";

/**
 * GET /admin/leads/:id/attachments/:attachmentId/thumbnail: the 480 px WebP of an image a homeowner
 * sent, for staff only, found only by the pair (lead, attachment) (QUALITY S12); 404 while it is not
 * made (or for a PDF). Shown inline on the lead page; cached by the browser only (`private`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const picture = await openLeadAttachmentPictureByRouteIds(params.id, params.attachmentId, "thumbnail");
  if (!picture) throw attachmentNotFound();
  return attachmentPicture(picture);
}
