import { z } from "zod";
import type { AttachmentPicture } from "~/domain/leads/make-attachment-thumbnail.server";
import { type openLeadAttachmentPicture, openLeadAttachmentPictureByRouteIds } from "~/domain/leads/open-lead-attachment-picture.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { findCustomerLeadId } from "./customer-leads.server";

const uuid = z.uuid();

/**
 * A picture (thumbnail or large copy) of a file of one of the customer's own requests, from the route's
 * raw ids; null for a malformed id, a request that is not theirs, a file not of that request (the pair
 * must match) and a picture not made (yet, or a PDF).
 */
export async function openCustomerFilePicture(
  customer: Pick<SessionUser, "id" | "email" | "emailVerified">,
  requestId: string | undefined,
  fileId: string | undefined,
  picture: AttachmentPicture,
): ReturnType<typeof openLeadAttachmentPicture> {
  const leadId = uuid.safeParse(requestId);
  if (!leadId.success) return null;
  const owned = await findCustomerLeadId(customer, leadId.data);
  return owned ? openLeadAttachmentPictureByRouteIds(owned, fileId, picture) : null;
}
