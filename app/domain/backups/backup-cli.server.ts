import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "~/db/client.server";
import type { EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { runningPostmaster, startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { cliConfig, type CliIo, openCliDatabase, parseCliArgs, processIo } from "~/lib/cli.server";
import { type BackupIdentity, checkedIdentity, readIdentityFile } from "./archive-encryption.server";
import { DEFAULT_MAX_ENTRIES, removeStaging, restoreUnpacked, type UnpackLimits, unpackBackup } from "./restore-backup.server";
import { runBackup } from "./run-backup.server";

const BACKUP_USAGE = `Usage: npm run backup

Writes one archive of the database and the uploaded files to BACKUP_DIR (default DATA_DIR/backups), with a
manifest of checksums, and prints its path as the last line. Works while the app runs. Keeps the newest
BACKUP_KEEP archives there; copies the archive to BACKUP_URL's bucket when it is set.`;

const RESTORE_USAGE = `Usage: npm run restore -- ARCHIVE [--force] [--identity FILE] [--max-size SIZE] [--max-entries N]

Restores an archive of npm run backup into an empty data directory (DATA_DIR; the embedded database) or an
empty database (DATABASE_URL), after checking every checksum. --force replaces what is there. Stop the app
first: a restore never touches a data directory whose database is running. A restore that fails leaves
the target as it found it. The next start migrates the data to this version of the app.

  --identity FILE     the private key of an encrypted archive (.tar.gz.age), as age-keygen wrote it
                      (else BACKUP_AGE_IDENTITY_FILE, or the key itself in BACKUP_AGE_IDENTITY)
  --max-size SIZE     refuse an archive that unpacks to more than SIZE (e.g. 20GiB; default: the free
                      space of DATA_DIR's disk less a reserve)
  --max-entries N     refuse an archive of more than N entries (default ${DEFAULT_MAX_ENTRIES})`;

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

/** `npm run restore -- ARCHIVE [--force] [--identity FILE] [--max-size SIZE] [--max-entries N]`. */
export async function runRestoreCli(argv: string[], io: CliIo = processIo): Promise<number> {
  let archive: string;
  let force = false;
  let identityFile: string | undefined;
  const limits: Partial<UnpackLimits> = {};
  try {
    const parsed = parseArgs({
      args: argv,
      options: {
        force: { type: "boolean" },
        identity: { type: "string" },
        "max-size": { type: "string" },
        "max-entries": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.out(`${RESTORE_USAGE}\n`);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error("Name one archive.");
    archive = path.resolve(parsed.positionals[0]!);
    force = parsed.values.force ?? false;
    identityFile = parsed.values.identity;
    if (parsed.values["max-size"] !== undefined) limits.maxBytes = parseSize(parsed.values["max-size"]);
    if (parsed.values["max-entries"] !== undefined) {
      const n = Number(parsed.values["max-entries"]);
      if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--max-entries takes a whole number (got ${JSON.stringify(parsed.values["max-entries"])}).`);
      limits.maxEntries = n;
    }
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
  let identities: BackupIdentity[] | undefined;
  try {
    if (identityFile) identities = await readIdentityFile(path.resolve(identityFile));
    else if (cfg.BACKUP_AGE_IDENTITY_FILE) identities = await readIdentityFile(path.resolve(cfg.BACKUP_AGE_IDENTITY_FILE));
    else if (cfg.BACKUP_AGE_IDENTITY) identities = [checkedIdentity(cfg.BACKUP_AGE_IDENTITY, "BACKUP_AGE_IDENTITY")];
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 2;
  }

  const uploadsDir = cfg.STORAGE_URL ? undefined : path.join(cfg.dataDir, "uploads");
  // Refusals first, from what is on disk: nothing has been touched yet.
  if (!cfg.DATABASE_URL) {
    const running = runningPostmaster(cfg.dataDir);
    if (running) {
      io.err(
        `The app (or another command) is running on ${cfg.dataDir}: its PostgreSQL (pid ${running.pid}, port ${running.port}) holds the data directory. ` +
          `Stop it first, then restore. Nothing was changed.\n`,
      );
      return 1;
    }
    if (fs.existsSync(path.join(cfg.dataDir, "postgres")) && !force) {
      io.err(`${cfg.dataDir} already holds a database. Restore into an empty data directory (set DATA_DIR), or add --force to replace it.\n`);
      return 1;
    }
  }
  if (uploadsDir && !force && fs.existsSync(uploadsDir) && fs.readdirSync(uploadsDir).length > 0) {
    io.err(`The directory of uploaded files (${uploadsDir}) is not empty. Restore into an empty data directory, or add --force.\n`);
    return 1;
  }

  const dataDirExisted = fs.existsSync(cfg.dataDir);
  let staging: string | undefined;
  let embedded: EmbeddedPostgres | undefined;
  try {
    fs.mkdirSync(cfg.dataDir, { recursive: true, mode: 0o700 });
    // Everything is built beside the target, on its disk, and moved into place only once it all worked.
    staging = fs.mkdtempSync(path.join(cfg.dataDir, ".restore-"));
    const unpacked = path.join(staging, "archive");
    fs.mkdirSync(unpacked, { mode: 0o700 });
    io.out(`Checking ${archive}${identities ? " (decrypting it)" : ""} ...\n`);
    const startedAt = performance.now();
    const manifest = await unpackBackup({ archive, into: unpacked, identities, limits });

    let restored: { rows: number; files: number };
    if (cfg.DATABASE_URL) {
      io.out(`Restoring into ${redactUrl(cfg.DATABASE_URL)} ...\n`);
      restored = await restoreUnpacked({ manifest, staging: unpacked, databaseUrl: cfg.DATABASE_URL, uploadsDir, force });
    } else {
      // A new cluster in the staging directory: the target stays as it was until the swap at the end.
      const built = path.join(staging, "data");
      if (process.getuid?.() === 0) {
        // The server runs as the postgres user, who must be able to reach its directory.
        fs.chmodSync(staging, 0o711);
        fs.chmodSync(cfg.dataDir, fs.statSync(cfg.dataDir).mode & 0o777 | 0o001);
      }
      io.out(`Starting a new embedded database ...\n`);
      embedded = await startEmbeddedPostgres({ dataDir: built, port: cfg.EMBEDDED_PG_PORT, runningServer: "refuse" });
      restored = await restoreUnpacked({ manifest, staging: unpacked, databaseUrl: embedded.connectionString, uploadsDir: uploadsDir && path.join(built, "uploads") });
      await embedded.stop();
      embedded = undefined;
      swapIntoPlace(built, cfg.dataDir, path.join(staging, "replaced"), ["postgres", "postgres-password", ...(uploadsDir ? ["uploads"] : [])]);
    }
    io.out(
      `Restored the backup of ${manifest.createdAt} (app ${manifest.app.version}, schema ${manifest.schema.lastMigrationTag}): ` +
        `${manifest.tables.length} tables, ${restored.rows} rows, ${restored.files} files in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.\n` +
        (manifest.storage.kind === "s3" ? `The uploaded files are in the bucket ${manifest.storage.bucket} (not in the archive): point STORAGE_URL at it.\n` : "") +
        `Start the app (npm start, or npm run serve): it brings the data up to this version.\n`,
    );
    return 0;
  } catch (error) {
    io.err(`restore failed: ${(error as Error).message}\n${cfg.DATABASE_URL && force ? "" : "The target was left as it was.\n"}`);
    return 1;
  } finally {
    await embedded?.stop().catch(() => {});
    if (staging) await removeStaging(staging);
    if (!dataDirExisted) await fsp.rm(cfg.dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Moves each of `names` from `from` into `into`, first moving what `into` held under that name aside to
 * `aside`; when a move fails, the ones done are undone. Renames within one disk: nothing is copied.
 */
function swapIntoPlace(from: string, into: string, aside: string, names: string[]): void {
  fs.mkdirSync(aside, { recursive: true });
  const done: { name: string; hadOld: boolean }[] = [];
  try {
    for (const name of names) {
      const hadOld = fs.existsSync(path.join(into, name));
      if (hadOld) fs.renameSync(path.join(into, name), path.join(aside, name));
      done.push({ name, hadOld });
      fs.renameSync(path.join(from, name), path.join(into, name));
    }
  } catch (error) {
    for (const { name, hadOld } of done.reverse()) {
      try {
        if (fs.existsSync(path.join(into, name)) && !fs.existsSync(path.join(from, name))) fs.renameSync(path.join(into, name), path.join(from, name));
        if (hadOld) fs.renameSync(path.join(aside, name), path.join(into, name));
      } catch {
        // Best effort: the error below says the restore failed; what is left is in the staging directory's "replaced".
      }
    }
    throw error;
  }
}

/** "20GiB", "500M", "1048576": bytes. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!match) throw new Error(`--max-size takes a size such as 500MiB or 20GiB (got ${JSON.stringify(text)}).`);
  const power = " kmgt".indexOf(match[2]!.toLowerCase() || " ");
  const bytes = Math.floor(Number(match[1]) * 1024 ** power);
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new Error(`--max-size is out of range (got ${JSON.stringify(text)}).`);
  return bytes;
}

function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
