import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import * as tar from "tar";
import { migrationJournal } from "~/db/migrate.server";
import { AGE_SUFFIX, encryptStream } from "./archive-encryption.server";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, FILES_DIR, MANIFEST_NAME, TABLES_DIR } from "./manifest";

/**
 * One backup archive (ADR 043): a gzipped tar holding every table of the app's schema (`public`) in
 * PostgreSQL's COPY text format, read in ONE repeatable-read snapshot (consistent while the app serves
 * requests), the uploaded files of the local storage, and `manifest.json` last (versions, the schema's
 * migration, row counts, a SHA-256 of every entry). The embedded PostgreSQL package has no `pg_dump`, and
 * Debian's (15) cannot dump a newer server: the rows go through COPY, the schema comes back from the app's
 * own migrations at restore. pg-boss's schema (queued jobs) is not in it: schedules are rewritten at start
 * and the outbox's sweep sends what was queued.
 *
 * Written under a temporary name next to the final one and renamed once complete (an archive either exists
 * whole or not at all). With recipients (BACKUP_AGE_RECIPIENT) the tar.gz is encrypted with age as it is
 * written (`.tar.gz.age`, ADR 047): no unencrypted archive is ever on disk or sent anywhere. The archive is
 * readable by the app's user only (0600) in a directory only it can enter (0700).
 */

export interface CreateBackupOptions {
  /** A connection string of the database to read. */
  databaseUrl: string;
  /** Where the archive goes (created if missing). */
  outputDir: string;
  /** The local storage's directory of uploaded files; undefined when they are in a bucket. */
  uploadsDir?: string;
  /** The bucket, when the files are in S3 (recorded in the manifest; not copied). */
  s3?: { bucket: string; prefix: string };
  appVersion: string;
  /** age public keys (`age1...`): when given, the archive is encrypted to them. */
  recipients?: string[];
  now?: Date;
}

export interface CreatedBackup {
  path: string;
  bytes: number;
  manifest: BackupManifest;
  ms: number;
}

export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const startedAt = performance.now();
  const now = options.now ?? new Date();
  await privateDirectory(options.outputDir);
  const name = `roofing-site-backup-${now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}`;
  const encrypted = (options.recipients?.length ?? 0) > 0;
  const fileName = `${name}.tar.gz${encrypted ? AGE_SUFFIX : ""}`;
  const staging = await fsp.mkdtemp(path.join(options.outputDir, `.${name}-`));
  const partial = path.join(options.outputDir, `.${fileName}.partial`);
  const final = path.join(options.outputDir, fileName);
  try {
    const database = await dumpDatabase(options.databaseUrl, staging);
    const files = options.uploadsDir ? await collectFiles(options.uploadsDir, path.join(staging, FILES_DIR)) : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: { name: "roofing-site", version: options.appVersion },
      ...database,
      storage: options.s3 ? { kind: "s3", ...options.s3 } : { kind: "local" },
      files,
    };
    await fsp.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [TABLES_DIR, ...(files.length > 0 ? [FILES_DIR] : []), MANIFEST_NAME];
    const packed = Readable.from(tar.c({ gzip: true, cwd: staging, portable: true }, entries));
    const written = encrypted ? await encryptStream(packed, options.recipients!) : packed;
    await pipeline(written, fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    const handle = await fsp.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, final);
    const { size } = await fsp.stat(final);
    return { path: final, bytes: size, manifest, ms: Math.round(performance.now() - startedAt) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(partial, { force: true });
  }
}

/**
 * Creates `dir` (and its parents) when missing; the directory itself is for the app's user only (0700),
 * made so when it was wider: archives hold every account and lead.
 */
async function privateDirectory(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await fsp.stat(dir);
  if ((mode & 0o077) !== 0) await fsp.chmod(dir, mode & 0o700);
}

type DatabasePart = Pick<BackupManifest, "postgres" | "schema" | "tables" | "sequences">;

async function dumpDatabase(databaseUrl: string, staging: string): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "roofing-site-backup" });
  await client.connect();
  try {
    // One snapshot for every table: the archive is what the database held at one instant.
    await client.query("begin isolation level repeatable read read only");
    const version = await client.query<{ num: string; text: string }>("select current_setting('server_version_num') as num, version() as text");
    const schema = await migrationState(client);
    const tables = await client.query<{ name: string; columns: string[] }>(`
      select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname
      order by c.relname`);
    await fsp.mkdir(path.join(staging, TABLES_DIR));
    const dumped: BackupManifest["tables"] = [];
    for (const table of tables.rows) {
      const entry = `${TABLES_DIR}/${table.name}.copy`;
      const columns = table.columns.map(quoteIdent).join(", ");
      const measure = new Measure();
      await pipeline(
        client.query(copyTo(`copy public.${quoteIdent(table.name)} (${columns}) to stdout`)),
        measure,
        fs.createWriteStream(path.join(staging, entry)),
      );
      // COPY's text format writes one line per row (newlines inside values are escaped).
      dumped.push({ name: table.name, columns: table.columns, rows: measure.newlines, path: entry, bytes: measure.bytes, sha256: measure.digest() });
    }
    const sequences = await client.query<{ name: string; last_value: string | null }>(
      "select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename",
    );
    await client.query("commit");
    return {
      postgres: { versionNum: Number(version.rows[0]!.num), version: version.rows[0]!.text },
      schema,
      tables: dumped,
      sequences: sequences.rows.map((s) => ({ name: s.name, lastValue: s.last_value })),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function migrationState(client: pg.Client): Promise<BackupManifest["schema"]> {
  const applied = await client.query<{ n: string; last: string | null }>(
    "select count(*)::text as n, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const last = Number(applied.rows[0]?.last ?? 0);
  const tag = (await migrationJournal()).find((entry) => entry.when === last)?.tag ?? "unknown";
  return { migrations: Number(applied.rows[0]?.n ?? 0), lastMigrationWhen: last, lastMigrationTag: tag };
}

/** Every regular file under `dir`, hard-linked (or copied) into `into`, with its size and SHA-256. */
async function collectFiles(dir: string, into: string): Promise<BackupManifest["files"]> {
  const files: BackupManifest["files"] = [];
  let names: string[];
  try {
    names = (await fsp.readdir(dir, { recursive: true })).map(String).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return files;
    throw error;
  }
  for (const relative of names) {
    const source = path.join(dir, relative);
    const stat = await fsp.lstat(source).catch(() => null);
    // Gone since the listing (deleted meanwhile), a directory or a link: nothing to keep.
    if (!stat?.isFile()) continue;
    const archived = relative.split(path.sep).join("/");
    const target = path.join(into, relative);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fsp.link(source, target);
    } catch {
      await fsp.copyFile(source, target);
    }
    files.push({ path: `${FILES_DIR}/${archived}`, ...(await fileSha256(target)) });
  }
  return files;
}

/** A pass-through stream that counts bytes and newlines and hashes what goes through. */
class Measure extends Transform {
  bytes = 0;
  newlines = 0;
  private readonly hash = crypto.createHash("sha256");
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines++;
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The SHA-256 of a file. */
export async function fileSha256(file: string): Promise<{ bytes: number; sha256: string }> {
  const measure = new Measure();
  await pipeline(fs.createReadStream(file), measure, new Transform({ transform: (_chunk, _enc, done) => done() }));
  return { bytes: measure.bytes, sha256: measure.digest() };
}
