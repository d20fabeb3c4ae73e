import type { Route } from "./+types/requests.$id.files.$fileId.thumbnail";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentPicture } from "~/domain/leads/attachment-responses.server";
import { openCustomerFilePicture } from "~/domain/portal/open-customer-file-picture.server";

/**
 * GET /portal/requests/:id/files/:fileId/thumbnail: the 480 px WebP of an image of one of the
 * customer's own requests, shown inline in the portal. 404 for a request that is not theirs, a file
 * not of that request (the pair must match), and a thumbnail not made (yet, or a PDF).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const picture = await openCustomerFilePicture(user, params.id, params.fileId, "thumbnail");
  if (!picture) throw attachmentNotFound();
  return attachmentPicture(picture);
}
