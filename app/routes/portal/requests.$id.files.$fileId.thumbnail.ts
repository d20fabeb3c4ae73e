import { Readable } from "node:stream";
import { z } from "zod";
import type { Route } from "./+types/requests.$id.files.$fileId.thumbnail";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { openLeadAttachmentThumbnail } from "~/domain/leads/open-lead-attachment-thumbnail.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";

/**
 * GET /portal/requests/:id/files/:fileId/thumbnail: the 480 px WebP of an image of one of the
 * customer's own requests, shown inline in the portal. 404 for a request that is not theirs, a file
 * not of that request (the pair must match), and a thumbnail not made (yet, or a PDF).
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
  const thumbnail = await openLeadAttachmentThumbnail(owned, fileId.data);
  if (!thumbnail) throw notFound();
  return new Response(Readable.toWeb(thumbnail.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": thumbnail.contentType,
      "Content-Length": String(thumbnail.size),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, max-age=3600",
      "Cross-Origin-Resource-Policy": "same-origin",
      "X-Robots-Tag": "noindex",
    },
  });
}
