import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import type { Route } from "./+types/backups.$file";
import { requireSuperAdmin } from "~/domain/accounts/guards.server";
import { openBackupArchive } from "~/domain/backups/open-archive.server";

/**
 * GET /admin/backups/:file: a backup archive of BACKUP_DIR, for super admins only, as a download, with an
 * audit-log entry (issue 20). The archive holds every account and lead: nobody else reaches it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireSuperAdmin(request);
  const archive = await openBackupArchive(params.file, actor, request);
  if (!archive) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });
  return new Response(Readable.toWeb(archive.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": archive.contentType,
      "Content-Length": String(archive.size),
      "Content-Disposition": contentDisposition(archive.fileName),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
