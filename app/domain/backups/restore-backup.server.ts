import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import * as tar from "tar";
import { applyMigrationsUpTo } from "~/db/migrate.server";
import { fileSha256, quoteIdent } from "./create-backup.server";
import { type BackupManifest, backupManifestSchema, MANIFEST_NAME } from "./manifest";

/**
 * Restores an archive of createBackup (ADR 043) into an empty database (and an empty directory of uploaded
 * files): unpacks it to a temporary directory, checks the manifest and every entry's SHA-256 before
 * touching the target, recreates the schema with this app's migrations up to the archive's, loads every
 * table in one transaction (parents before children), sets the sequences, then puts the files in place.
 * A non-empty target is refused unless `force`, which empties it first.
 */

export class BackupRestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRestoreError";
  }
}

export interface RestoreBackupOptions {
  archive: string;
  databaseUrl: string;
  /** The local storage's directory of uploaded files (when the archive holds them). */
  uploadsDir?: string;
  force?: boolean;
}

export interface RestoredBackup {
  manifest: BackupManifest;
  rows: number;
  files: number;
  ms: number;
}

export async function restoreBackup(options: RestoreBackupOptions): Promise<RestoredBackup> {
  const startedAt = performance.now();
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "restore-"));
  try {
    const manifest = await unpackAndVerify(options.archive, staging);
    const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "roofing-site-restore" });
    await client.connect();
    let rows = 0;
    try {
      await prepareDatabase(client, options.force ?? false);
      if (manifest.storage.kind === "local" && options.uploadsDir) await prepareUploads(options.uploadsDir, options.force ?? false);
      await applyMigrationsUpTo(client, manifest.schema.lastMigrationWhen);
      rows = await loadTables(client, manifest, staging);
    } finally {
      await client.end().catch(() => {});
    }
    let files = 0;
    if (manifest.storage.kind === "local" && options.uploadsDir) {
      for (const file of manifest.files) {
        const target = path.join(options.uploadsDir, ...file.path.split("/").slice(1));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.copyFile(path.join(staging, ...file.path.split("/")), target);
        files++;
      }
    }
    return { manifest, rows, files, ms: Math.round(performance.now() - startedAt) };
  } finally {
    // A failed unpack may still be finishing a write: retry, and never hide the error that got us here.
    await fsp.rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => {});
  }
}

/** Unpacks the archive and checks it whole: the manifest, and each entry's size and SHA-256, nothing more or less. */
async function unpackAndVerify(archive: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new BackupRestoreError(`No archive at ${archive}.`);
  const entries: string[] = [];
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      // Regular files and their directories only: no links, devices or absolute paths out of `into`.
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : "File";
        if (type === "File") entries.push(entryPath.replace(/^\.\//, ""));
        return type === "File" || type === "Directory";
      },
    });
  } catch (error) {
    throw new BackupRestoreError(`The archive cannot be read (${(error as Error).message}). Is it a complete backup archive?`);
  }
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

/** Refuses a database that holds the app's tables (unless `force`, which drops them). */
async function prepareDatabase(client: pg.Client, force: boolean): Promise<void> {
  const existing = await client.query<{ n: string }>(
    "select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')",
  );
  if (Number(existing.rows[0]!.n) === 0) return;
  if (!force) {
    throw new BackupRestoreError(
      `The target database is not empty (${existing.rows[0]!.n} tables). Restore into an empty database or data directory, or add --force to replace what is there.`,
    );
  }
  await client.query("drop schema if exists pgboss cascade");
  await client.query("drop schema if exists drizzle cascade");
  await client.query("drop schema public cascade");
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
