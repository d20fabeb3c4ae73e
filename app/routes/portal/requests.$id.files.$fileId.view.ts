import type { Route } from "./+types/requests.$id.files.$fileId.view";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentPicture } from "~/domain/leads/attachment-responses.server";
import { openCustomerFilePicture } from "~/domain/portal/open-customer-file-picture.server";

/**
 * GET /portal/requests/:id/files/:fileId/view: an image of one of the customer's own requests as a
 * 1600 px WebP, to look at in the browser (which cannot show every original: a phone's HEIC). 404 as
 * the thumbnail route: not theirs, not that request's file, or not made (yet, or a PDF).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const picture = await openCustomerFilePicture(user, params.id, params.fileId, "view");
  if (!picture) throw attachmentNotFound();
  return attachmentPicture(picture);
}
