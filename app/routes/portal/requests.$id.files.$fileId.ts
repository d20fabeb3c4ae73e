import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import { z } from "zod";
import type { Route } from "./+types/requests.$id.files.$fileId";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { openLeadAttachment } from "~/domain/leads/open-lead-attachment.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";

/**
 * GET /portal/requests/:id/files/:fileId: a file of one of the customer's own requests (what they sent
 * with the form or added from the portal), always as a download like the staff route
 * (admin/leads.$id.attachments.$attachmentId.ts). 404 for a request that is not theirs, and for a file
 * that is not of that request (the pair must match: QUALITY S12), never saying which.
 */

const uuid = z.uuid();
const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const leadId = uuid.safeParse(params.id);
  const fileId = uuid.safeParse(params.fileId);
  if (!leadId.success || !fileId.success) throw notFound();
  const owned = await findCustomerLeadId(user, leadId.data);
  if (!owned) throw notFound();
  const file = await openLeadAttachment(owned, fileId.data);
  if (!file) throw notFound();
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.fileName),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
      "X-Robots-Tag": "noindex",
    },
  });
}
