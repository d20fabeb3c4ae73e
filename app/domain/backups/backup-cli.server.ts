import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase, databaseUrl } from "~/db/client.server";
import type { EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { canConnect, cliConfig, type CliIo, openCliDatabase, parseCliArgs, processIo } from "~/lib/cli.server";
import { restoreBackup } from "./restore-backup.server";
import { runBackup } from "./run-backup.server";

const BACKUP_USAGE = `Usage: npm run backup

Writes one archive of the database and the uploaded files to BACKUP_DIR (default DATA_DIR/backups), with a
manifest of checksums, and prints its path as the last line. Works while the app runs. Keeps the newest
BACKUP_KEEP archives there; copies the archive to BACKUP_URL's bucket when it is set.`;

const RESTORE_USAGE = `Usage: npm run restore -- ARCHIVE [--force]

Restores an archive of npm run backup into an empty data directory (DATA_DIR; the embedded database) or an
empty database (DATABASE_URL), after checking every checksum. --force replaces what is there. Stop the app
first. The next start migrates the data to this version of the app.`;

/** `npm run backup`: exit code 0 with the archive's path as the last line of the output. */
export async function runBackupCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const values = parseCliArgs(argv, {}, BACKUP_USAGE, io);
  if (typeof values === "number") return values;
  const cfg = cliConfig(io);
  if (typeof cfg === "number") return cfg;
  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await openCliDatabase(cfg, io);
    io.out(`Backing up to ${cfg.backupDir} ...\n`);
    const { run, path: archive } = await runBackup({ trigger: "command" });
    io.out(`Backup made: ${formatBytes(run.bytes ?? 0)}${run.offsiteCopy ? `, copied to ${run.offsiteCopy}` : ""}.\n${archive}\n`);
    return 0;
  } catch (error) {
    io.err(`backup failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}

/** `npm run restore -- ARCHIVE [--force]`. */
export async function runRestoreCli(argv: string[], io: CliIo = processIo): Promise<number> {
  let archive: string | undefined;
  let force = false;
  try {
    const parsed = parseArgs({ args: argv, options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      io.out(`${RESTORE_USAGE}\n`);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error("Name one archive.");
    archive = path.resolve(parsed.positionals[0]!);
    force = parsed.values.force ?? false;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${RESTORE_USAGE}\n`);
    return 2;
  }
  const cfg = cliConfig(io);
  if (typeof cfg === "number") return cfg;
  if (!fs.existsSync(archive)) {
    io.err(`No archive at ${archive}.\n`);
    return 2;
  }
  let embedded: EmbeddedPostgres | undefined;
  try {
    if (!cfg.DATABASE_URL) {
      if (await canConnect(databaseUrl())) {
        io.err(`The app (or another command) is running on ${cfg.dataDir}: stop it first, then restore.\n`);
        return 1;
      }
      if (fs.existsSync(path.join(cfg.dataDir, "postgres")) && !force) {
        io.err(`${cfg.dataDir} already holds a database. Restore into an empty data directory (set DATA_DIR), or add --force to replace it.\n`);
        return 1;
      }
      io.out(`Starting the embedded database in ${cfg.dataDir} ...\n`);
      embedded = await startEmbeddedPostgres({ dataDir: cfg.dataDir, port: cfg.EMBEDDED_PG_PORT });
    }
    io.out(`Checking and restoring ${archive} ...\n`);
    const restored = await restoreBackup({
      archive,
      databaseUrl: databaseUrl(),
      uploadsDir: cfg.STORAGE_URL ? undefined : path.join(cfg.dataDir, "uploads"),
      force,
    });
    const { manifest } = restored;
    io.out(
      `Restored the backup of ${manifest.createdAt} (app ${manifest.app.version}, schema ${manifest.schema.lastMigrationTag}): ` +
        `${manifest.tables.length} tables, ${restored.rows} rows, ${restored.files} files in ${(restored.ms / 1000).toFixed(1)} s.\n` +
        (manifest.storage.kind === "s3" ? `The uploaded files are in the bucket ${manifest.storage.bucket} (not in the archive): point STORAGE_URL at it.\n` : "") +
        `Start the app (npm start, or npm run serve): it brings the data up to this version.\n`,
    );
    return 0;
  } catch (error) {
    io.err(`restore failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
