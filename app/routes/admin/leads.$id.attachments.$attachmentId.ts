import { z } from "zod";
import type { Route } from "./+types/leads.$id.attachments.$attachmentId";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { attachmentNotFound, attachmentDownload } from "~/domain/leads/attachment-responses.server";
import { openLeadAttachment } from "~/domain/leads/open-lead-attachment.server";

/**
 * GET /admin/leads/:id/attachments/:attachmentId: a file a homeowner sent,
 * for staff only (QUALITY S20), always as a download (`attachment`, a
 * sandboxing CSP; `nosniff` is on every response: server/security-headers.ts),
 * found only by the pair (lead, attachment) (QUALITY S12). The name is sent
 * as the content-disposition package writes it (RFC 6266: quoted or token
 * `filename`, plus an RFC 8187 `filename*` for any non-ASCII character).
 */

const uuid = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const leadId = uuid.safeParse(params.id);
  const attachmentId = uuid.safeParse(params.attachmentId);
  if (!leadId.success || !attachmentId.success) throw attachmentNotFound();
  const file = await openLeadAttachment(leadId.data, attachmentId.data);
  if (!file) throw attachmentNotFound();
  return attachmentDownload(file);
}
