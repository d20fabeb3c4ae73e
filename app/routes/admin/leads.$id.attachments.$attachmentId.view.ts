import type { Route } from "./+types/leads.$id.attachments.$attachmentId.view";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentPicture } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachmentPictureByRouteIds } from "~/domain/leads/open-lead-attachment-picture.server";

/**
 * GET /admin/leads/:id/attachments/:attachmentId/view: an image a homeowner sent as a 1600 px WebP, to
 * look at in the browser (which cannot show every original: a phone's HEIC), for staff only, found only by
 * the pair (lead, attachment) (QUALITY S12); 404 while it is not made (or for a PDF).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const picture = await openLeadAttachmentPictureByRouteIds(params.id, params.attachmentId, "view");
  if (!picture) throw attachmentNotFound();
  return attachmentPicture(picture);
}
