import { Readable } from "node:stream";
import { z } from "zod";
import type { Route } from "./+types/leads.$id.attachments.$attachmentId.thumbnail";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { openLeadAttachmentThumbnail } from "~/domain/leads/open-lead-attachment-thumbnail.server";

/**
 * GET /admin/leads/:id/attachments/:attachmentId/thumbnail: the 480 px WebP of an image a homeowner
 * sent, for staff only, found only by the pair (lead, attachment) (QUALITY S12); 404 while it is not
 * made (or for a PDF). Shown inline on the lead page; cached by the browser only (`private`).
 */

const uuid = z.uuid();
const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const leadId = uuid.safeParse(params.id);
  const attachmentId = uuid.safeParse(params.attachmentId);
  if (!leadId.success || !attachmentId.success) throw notFound();
  const thumbnail = await openLeadAttachmentThumbnail(leadId.data, attachmentId.data);
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
