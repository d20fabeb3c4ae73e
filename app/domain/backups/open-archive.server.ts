import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { config } from "~/config.server";
import { recordAuditSafely } from "~/domain/accounts/audit.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { ARCHIVE_NAME, archiveContentType } from "./run-backup.server";

/**
 * An archive of BACKUP_DIR for a super admin to download, found by its exact name (the names this app
 * writes, never a path), with an audit-log entry; null when there is none.
 */
export async function openBackupArchive(
  fileName: string,
  actor: SessionUser,
  request: Request,
): Promise<{ stream: Readable; size: number; fileName: string; contentType: string } | null> {
  if (!ARCHIVE_NAME.test(fileName)) return null;
  const file = path.join(config().backupDir, fileName);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  await recordAuditSafely({
    action: "backup.download",
    actor: { id: actor.id, email: actor.email },
    targetType: "backup",
    targetId: fileName,
    request,
    details: { bytes: stat.size },
  });
  // An encrypted archive (.tar.gz.age) is served as it is: only its private key opens it.
  return { stream: fs.createReadStream(file), size: stat.size, fileName, contentType: archiveContentType(fileName) };
}
