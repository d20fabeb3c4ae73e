import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { and, desc, eq, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { databaseUrl, db } from "~/db/client.server";
import { type BackupRun, type BackupTrigger, backupRuns, userRoles, users } from "~/db/schema";
import { withEmails } from "~/domain/email/queue-email.server";
import { s3ClientFor } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { createBackup } from "./create-backup.server";

/**
 * A backup as the app runs it (the schedule, "Back up now", `npm run backup`): the archive from the
 * configuration (BACKUP_DIR, the uploads of the local storage or the bucket's name), its row in
 * `backup_runs`, the copy to BACKUP_URL's bucket, and the oldest archives beyond BACKUP_KEEP removed.
 */

/** Archive names this app writes (and the only files pruning or downloading ever touch). */
export const ARCHIVE_NAME = /^roofing-site-backup-\d{8}T\d{6}Z\.tar\.gz(\.age)?$/;

export interface BackupOutcome {
  run: BackupRun;
  path: string;
}

export async function runBackup(input: { trigger: BackupTrigger; requestedBy?: string | null }): Promise<BackupOutcome> {
  const cfg = config();
  const [run] = await db().insert(backupRuns).values({ trigger: input.trigger, requestedBy: input.requestedBy ?? null }).returning();
  try {
    const created = await createBackup({
      databaseUrl: databaseUrl(),
      outputDir: cfg.backupDir,
      uploadsDir: cfg.STORAGE_URL ? undefined : path.join(cfg.dataDir, "uploads"),
      s3: cfg.STORAGE_URL ? { bucket: cfg.STORAGE_URL.bucket, prefix: cfg.STORAGE_URL.prefix } : undefined,
      appVersion: await appVersion(),
      recipients: cfg.BACKUP_AGE_RECIPIENT,
    });
    let offsiteCopy: string | null = null;
    if (cfg.BACKUP_URL) {
      const key = [cfg.BACKUP_URL.prefix, path.basename(created.path)].filter(Boolean).join("/");
      const client = s3ClientFor(cfg.BACKUP_URL);
      try {
        await client.send(
          new PutObjectCommand({ Bucket: cfg.BACKUP_URL.bucket, Key: key, Body: fs.createReadStream(created.path), ContentLength: created.bytes, ContentType: archiveContentType(created.path) }),
        );
      } finally {
        client.destroy();
      }
      offsiteCopy = `s3://${cfg.BACKUP_URL.bucket}/${key}`;
    }
    const removed = await pruneArchives(cfg.backupDir, cfg.BACKUP_KEEP);
    const [done] = await db()
      .update(backupRuns)
      .set({ status: "succeeded", finishedAt: sql`now()`, fileName: path.basename(created.path), bytes: created.bytes, offsiteCopy })
      .where(eq(backupRuns.id, run!.id))
      .returning();
    logger.info({ file: created.path, bytes: created.bytes, ms: created.ms, offsiteCopy, removed }, "backup made");
    return { run: done!, path: created.path };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db()
      .update(backupRuns)
      .set({ status: "failed", finishedAt: sql`now()`, error: message.slice(0, 2000) })
      .where(eq(backupRuns.id, run!.id))
      .catch((e: unknown) => logger.error({ err: e }, "could not record the failed backup"));
    throw error;
  }
}

/** The media type of an archive file: gzip, or an age file (`.age`) when encrypted. */
export function archiveContentType(file: string): string {
  return file.endsWith(".age") ? "application/octet-stream" : "application/gzip";
}

/** Removes the oldest archives of `dir` beyond the newest `keep` (names sort by time). */
async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const archives = (await fsp.readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await fsp.rm(path.join(dir, name), { force: true });
  return removed;
}

/** Tells the super admins that a backup failed (after its retry), through the outbox. */
export async function emailBackupFailure(error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await withEmails(async (tx, queue) => {
    const superAdmins = await tx
      .selectDistinct({ email: users.email, firstName: users.firstName })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.role, "super_admin"), eq(users.status, "approved")));
    const dashboard = `${siteOrigin()}/admin`;
    for (const admin of superAdmins) {
      await queue({
        to: admin.email,
        subject: "The scheduled backup failed",
        text:
          `Hello ${admin.firstName},\n\nThe scheduled backup of the website's data failed twice, so there is no new archive.\n\n` +
          `What went wrong: ${message}\n\nThe dashboard shows the last backup that worked and has a "Back up now" button: ${dashboard}\n` +
          `The server's log has the details.\n`,
        kind: "backup.failed",
      });
    }
  });
}

/** The last backup (any outcome) and the last that worked, for the dashboard. */
export async function lastBackups(): Promise<{ last: BackupRun | null; lastSucceeded: BackupRun | null }> {
  const [last] = await db().select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [lastSucceeded] = await db().select().from(backupRuns).where(eq(backupRuns.status, "succeeded")).orderBy(desc(backupRuns.startedAt)).limit(1);
  return { last: last ?? null, lastSucceeded: lastSucceeded ?? null };
}

async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await fsp.readFile(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}
