import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import * as tar from "tar";
import { applyMigrationsUpTo } from "~/db/migrate.server";
import { type BackupIdentity, decryptStream, isAgeFile } from "./archive-encryption.server";
import { fileSha256, quoteIdent } from "./create-backup.server";
import { type BackupManifest, backupManifestSchema, MANIFEST_NAME } from "./manifest";

/**
 * Restores an archive of createBackup (ADR 043) into an empty database (and an empty directory of uploaded
 * files): unpacks it to a temporary directory (decrypting an age archive with the keys given, within
 * limits of size and entries, ADR 047), checks the manifest and every entry's SHA-256 before touching
 * the target, recreates the schema with this app's migrations up to the archive's, loads every table in
 * one transaction (parents before children), sets the sequences, then puts the files in place. A
 * non-empty target is refused unless `force`, which empties it first; an empty one is left empty by a
 * restore that fails.
 */

export class BackupRestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRestoreError";
  }
}

export interface UnpackLimits {
  /** The most bytes the archive may unpack to (its entries' declared sizes, counted before each is written). */
  maxBytes: number;
  /** The most entries (files, directories, anything) it may hold. */
  maxEntries: number;
}

/** An archive holds one entry per table and per uploaded file: a million is far beyond any site's. */
export const DEFAULT_MAX_ENTRIES = 1_000_000;

export interface UnpackOptions {
  archive: string;
  /** An empty directory to unpack into (it should be on the disk that gets the data). */
  into: string;
  /** The private keys of an encrypted archive. */
  identities?: BackupIdentity[];
  /** Lower limits than the defaults (the free space of `into`'s disk less a reserve, DEFAULT_MAX_ENTRIES). */
  limits?: Partial<UnpackLimits>;
}

export interface RestoreBackupOptions {
  archive: string;
  databaseUrl: string;
  /** The local storage's directory of uploaded files (when the archive holds them). */
  uploadsDir?: string;
  force?: boolean;
  identities?: BackupIdentity[];
  /** Where the archive is unpacked meanwhile (default the system's temporary directory). */
  workDir?: string;
  limits?: Partial<UnpackLimits>;
}

export interface RestoredBackup {
  manifest: BackupManifest;
  rows: number;
  files: number;
  ms: number;
}

export async function restoreBackup(options: RestoreBackupOptions): Promise<RestoredBackup> {
  const startedAt = performance.now();
  const staging = await fsp.mkdtemp(path.join(options.workDir ?? os.tmpdir(), ".restore-"));
  try {
    const manifest = await unpackBackup({ archive: options.archive, into: staging, identities: options.identities, limits: options.limits });
    const restored = await restoreUnpacked({ manifest, staging, databaseUrl: options.databaseUrl, uploadsDir: options.uploadsDir, force: options.force });
    return { ...restored, ms: Math.round(performance.now() - startedAt) };
  } finally {
    await removeStaging(staging);
  }
}

/** Removes a staging directory; a failed unpack may still be finishing a write: retry, and never throw. */
export async function removeStaging(dir: string): Promise<void> {
  await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => {});
}

/**
 * Unpacks the archive into `into` and checks it whole: decrypted first when it is an age file (a key it
 * was not encrypted to is refused by its header), every entry counted against the limits before it is
 * written, then the manifest, and each entry's size and SHA-256, nothing more or less. Nothing outside
 * `into` is touched.
 */
export async function unpackBackup(options: UnpackOptions): Promise<BackupManifest> {
  const { archive, into } = options;
  if (!fs.existsSync(archive)) throw new BackupRestoreError(`No archive at ${archive}.`);
  const limits = await unpackLimits(into, options.limits);
  let source: Readable = fs.createReadStream(archive);
  if (await isAgeFile(archive)) {
    if (!options.identities?.length) {
      source.destroy();
      throw new BackupRestoreError(
        `${path.basename(archive)} is encrypted (age): give its private key with --identity FILE, BACKUP_AGE_IDENTITY_FILE or BACKUP_AGE_IDENTITY.`,
      );
    }
    try {
      source = await decryptStream(source, options.identities);
    } catch (error) {
      throw new BackupRestoreError((error as Error).message);
    }
  }
  const entries = await extract(source, into, limits);
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(await fsp.readFile(path.join(into, MANIFEST_NAME), "utf8")));
  } catch (error) {
    throw new BackupRestoreError(`The archive has no valid ${MANIFEST_NAME} (${(error as Error).message.slice(0, 300)}).`);
  }
  const expected = new Map<string, { bytes: number; sha256: string }>([...manifest.tables, ...manifest.files].map((e) => [e.path, e]));
  const unexpected = entries.filter((entry) => entry !== MANIFEST_NAME && !expected.has(entry));
  if (unexpected.length > 0) throw new BackupRestoreError(`The archive holds entries its manifest does not list: ${unexpected.slice(0, 5).join(", ")}.`);
  for (const [entry, want] of expected) {
    const file = path.join(into, ...entry.split("/"));
    const have = await fileSha256(file).catch(() => null);
    if (!have) throw new BackupRestoreError(`The archive lacks ${entry}, which its manifest lists.`);
    if (have.bytes !== want.bytes || have.sha256 !== want.sha256) {
      throw new BackupRestoreError(`${entry} does not match its checksum in the manifest: the archive is damaged.`);
    }
  }
  return manifest;
}

/** Space to leave free on the disk the archive unpacks to: 1 GiB, or 5% of a disk larger than 20 GiB. */
function reserveOf(totalBytes: number): number {
  return Math.max(1024 ** 3, Math.floor(totalBytes * 0.05));
}

async function unpackLimits(into: string, given: Partial<UnpackLimits> | undefined): Promise<UnpackLimits & { why: string }> {
  const disk = await fsp.statfs(into);
  const free = Math.max(0, disk.bavail * disk.bsize - reserveOf(disk.blocks * disk.bsize));
  const maxBytes = given?.maxBytes !== undefined && given.maxBytes < free ? given.maxBytes : free;
  return {
    maxBytes,
    maxEntries: given?.maxEntries ?? DEFAULT_MAX_ENTRIES,
    why: maxBytes === free ? `the free space of the disk of ${into}, less a reserve` : "the limit given (--max-size)",
  };
}

/**
 * Extracts a tar.gz stream into `into`: regular files and their directories only (no links, devices or
 * absolute paths out of `into`). Each entry's size is read from its header before it is written: the
 * archive is refused (the extraction aborted) as soon as the total or the count passes a limit, so a
 * gzip bomb never reaches the disk. Resolves with the files' paths.
 */
async function extract(source: Readable, into: string, limits: UnpackLimits & { why: string }): Promise<string[]> {
  const files: string[] = [];
  let bytes = 0;
  let count = 0;
  let refusal: BackupRestoreError | undefined;
  const unpack = new tar.Unpack({
    cwd: into,
    strict: true,
    filter: (entryPath, entry) => {
      if (refusal) return false;
      const size = "size" in entry ? entry.size : 0;
      count++;
      bytes += size;
      if (count > limits.maxEntries) {
        refusal = new BackupRestoreError(
          `The archive holds more than ${limits.maxEntries.toLocaleString("en-US")} entries (the limit: --max-entries): refused before unpacking it further.`,
        );
      } else if (bytes > limits.maxBytes) {
        refusal = new BackupRestoreError(
          `The archive unpacks to more than ${formatSize(limits.maxBytes)} (${limits.why}): refused before writing it out. ` +
            `A genuine archive this large needs more free space there (or a higher --max-size).`,
        );
      }
      if (refusal) {
        unpack.abort(refusal);
        return false;
      }
      const type = "type" in entry ? entry.type : "File";
      if (type === "File") files.push(entryPath.replace(/^\.\//, ""));
      return type === "File" || type === "Directory";
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      unpack.on("error", reject);
      unpack.on("close", () => resolve());
      source.on("error", reject);
      source.pipe(unpack);
    });
  } catch (error) {
    source.destroy();
    if (refusal) throw refusal;
    throw new BackupRestoreError(`The archive cannot be read (${(error as Error).message}). Is it a complete backup archive?`);
  }
  if (refusal) throw refusal;
  return files;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * Loads a checked, unpacked archive into the database (and its files into `uploadsDir`, moved out of
 * `staging`). A target that was empty is left empty when this fails (what it made is removed), so the
 * retry needs no --force.
 */
export async function restoreUnpacked(options: {
  manifest: BackupManifest;
  staging: string;
  databaseUrl: string;
  uploadsDir?: string;
  force?: boolean;
}): Promise<Omit<RestoredBackup, "ms">> {
  const { manifest, staging } = options;
  const force = options.force ?? false;
  const uploadsDir = manifest.storage.kind === "local" ? options.uploadsDir : undefined;
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "roofing-site-restore" });
  await client.connect();
  let rows = 0;
  let files = 0;
  let touchedDatabase = false;
  const uploadsExisted = uploadsDir ? fs.existsSync(uploadsDir) : false;
  let touchedUploads = false;
  try {
    const wasEmpty = await prepareDatabase(client, force);
    if (uploadsDir) await prepareUploads(uploadsDir, force);
    try {
      touchedDatabase = true;
      await applyMigrationsUpTo(client, manifest.schema.lastMigrationWhen);
      rows = await loadTables(client, manifest, staging);
      if (uploadsDir) {
        touchedUploads = true;
        files = await placeFiles(manifest, staging, uploadsDir);
      }
    } catch (error) {
      // Leave an empty target as it was found: what this restore made goes again.
      if (wasEmpty && touchedDatabase) await emptyDatabase(client).catch(() => {});
      if (uploadsDir && touchedUploads) {
        if (uploadsExisted) await emptyDirectory(uploadsDir).catch(() => {});
        else await fsp.rm(uploadsDir, { recursive: true, force: true }).catch(() => {});
      }
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
  return { manifest, rows, files };
}

/**
 * The archive's uploaded files, moved (or copied from another disk) into `uploadsDir` with the modes the
 * app gives its files: 0700 directories and 0600 files, whatever the archive recorded.
 */
async function placeFiles(manifest: BackupManifest, staging: string, uploadsDir: string): Promise<number> {
  await fsp.mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  await fsp.chmod(uploadsDir, 0o700);
  let files = 0;
  for (const file of manifest.files) {
    const relative = file.path.split("/").slice(1);
    const target = path.join(uploadsDir, ...relative);
    let dir = uploadsDir;
    for (const segment of relative.slice(0, -1)) {
      dir = path.join(dir, segment);
      await fsp.mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
    }
    const source = path.join(staging, ...file.path.split("/"));
    try {
      await fsp.rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await fsp.copyFile(source, target);
    }
    await fsp.chmod(target, 0o600);
    files++;
  }
  return files;
}

async function emptyDirectory(dir: string): Promise<void> {
  for (const name of await fsp.readdir(dir)) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
}

/**
 * Refuses a database that holds the app's tables (unless `force`, which drops them). True when it held
 * none (an empty target, which a failed restore must leave empty).
 */
async function prepareDatabase(client: pg.Client, force: boolean): Promise<boolean> {
  const existing = await client.query<{ n: string }>(
    "select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')",
  );
  if (Number(existing.rows[0]!.n) === 0) return true;
  if (!force) {
    throw new BackupRestoreError(
      `The target database is not empty (${existing.rows[0]!.n} tables). Restore into an empty database or data directory, or add --force to replace what is there.`,
    );
  }
  await emptyDatabase(client);
  return false;
}

/** Drops the app's schemas (pg-boss's, drizzle's journal, public) and leaves an empty `public`. */
async function emptyDatabase(client: pg.Client): Promise<void> {
  await client.query("drop schema if exists pgboss cascade");
  await client.query("drop schema if exists drizzle cascade");
  await client.query("drop schema if exists public cascade");
  await client.query("create schema public");
}

async function prepareUploads(dir: string, force: boolean): Promise<void> {
  const present = await fsp.readdir(dir).catch(() => [] as string[]);
  if (present.length === 0) return;
  if (!force) throw new BackupRestoreError(`The directory of uploaded files (${dir}) is not empty. Restore into an empty data directory, or add --force.`);
  await fsp.rm(dir, { recursive: true, force: true });
}

/** Loads every table in one transaction, each after the tables it references. */
async function loadTables(client: pg.Client, manifest: BackupManifest, staging: string): Promise<number> {
  const references = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`);
  const order = parentsFirst(
    manifest.tables.map((t) => t.name),
    references.rows,
  );
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  let rows = 0;
  await client.query("begin");
  try {
    for (const name of order) {
      const table = byName.get(name)!;
      const columns = table.columns.map(quoteIdent).join(", ");
      try {
        await pipeline(
          fs.createReadStream(path.join(staging, ...table.path.split("/"))),
          client.query(copyFrom(`copy public.${quoteIdent(name)} (${columns}) from stdin`)),
        );
      } catch (error) {
        throw new BackupRestoreError(`Loading table ${name} failed: ${(error as Error).message}`);
      }
      rows += table.rows;
    }
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query("select setval($1::regclass, $2::bigint)", [`public.${quoteIdent(sequence.name)}`, sequence.lastValue]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
  return rows;
}

/** The tables in an order where each comes after those it references (a cycle is broken where it closes). */
export function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string) => {
    if (state.get(table)) return;
    state.set(table, "visiting");
    for (const parent of [...parents.get(table)!].sort()) visit(parent);
    state.set(table, "done");
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return order;
}
