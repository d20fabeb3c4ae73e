import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { db } from "~/db/client.server";
import { cmsSiteSettings, leadAttachments, leads } from "~/db/schema";
import { handleInspectionRequest } from "~/domain/leads/handle-inspection-request.server";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { createDatabase, dropDatabase } from "../../../tests/support/db";
import { createUser } from "../../../tests/support/factories";
import { createBackup } from "./create-backup.server";
import { AGE_HEADER } from "./archive-encryption.server";
import { parseSize } from "./backup-cli.server";
import { BackupRestoreError, parentsFirst, restoreBackup } from "./restore-backup.server";

/**
 * Issue 20: data made through the app (a lead with a photo, a content edit, a user) is backed up,
 * wiped, restored into an empty database and an empty uploads directory, and reads back the same rows
 * and the same file bytes. On the run's PostgreSQL (embedded or DATABASE_URL's).
 */

const info = inject("testDatabase");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const uploads = path.join(work, "uploads");
const restoredUploads = path.join(work, "restored-uploads");
const targetName = `${info.prefix}_restore_${process.pid}`;
let targetUrl = "";
const PHOTO = crypto.randomBytes(700_000);
// A JPEG's signature, then noise: the upload pipeline checks the type from the bytes.
PHOTO.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01], 0);

beforeAll(async () => {
  setUploadStorageForTests(new LocalDiskStorage(uploads));
  await dropDatabase(info.adminUrl, targetName);
  targetUrl = await createDatabase(info.adminUrl, targetName);
});

afterAll(async () => {
  setUploadStorageForTests(undefined);
  await dropDatabase(info.adminUrl, targetName).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every row of every table of `url`'s public schema, as text, sorted: what a restore must give back. */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1");
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await client.query<{ r: string }>(`select t::text as r from public."${name}" t`);
      out[name] = rows.rows.map((row) => row.r).sort();
    }
    return out;
  } finally {
    await client.end();
  }
}

/** How many tables the app's schemas hold in `url`'s database. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')")).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** A ustar header for a regular file whose size is written in base-256 (for sizes past 8 GiB). */
function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, "utf8");
  header.write("0000600\0", 100);
  header.write("0000000\0", 108);
  header.write("0000000\0", 116);
  header[124] = 0x80;
  header.writeBigUInt64BE(BigInt(size), 128);
  header.write("00000000000\0", 136);
  header.write("0", 156);
  header.write("ustar\0", 257);
  header.write("00", 263);
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return header;
}

describe("backup and restore", () => {
  it("a lead with a photo, a content edit and a user come back the same, rows and file bytes", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ submissionKey: "backup-test-key-0000001", firstName: "Zoë", lastName: "O'Brien", email: "zoe.backup@example.com", phone: "6145550112", message: "Hail on the north slope\nand a leak.", hasInsuranceDocs: "on" })) {
      fd.append(k, v);
    }
    fd.append("files", new Blob([new Uint8Array(PHOTO)]), "north slope.jpg");
    const outcome = await handleInspectionRequest(
      new Request("http://app.test/inspection-request", { method: "POST", body: fd, headers: { "x-app-client-ip": "203.0.113.77" } }),
    );
    expect(outcome.status).toBe(200);
    await createUser({ kind: "admin", overrides: { firstName: "Anaïs", lastName: "D'Angelo" } });
    await db().update(cmsSiteSettings).set({ settingValue: "Roofing done right; since 1998 — \"ask us\"" }).where(eq(cmsSiteSettings.settingKey, "tagline"));
    const [attachment] = await db().select().from(leadAttachments).innerJoin(leads, eq(leads.id, leadAttachments.leadId)).where(eq(leads.email, "zoe.backup@example.com"));
    expect(attachment).toBeDefined();

    const before = await snapshot(process.env.DATABASE_URL!);
    const backup = await createBackup({ databaseUrl: process.env.DATABASE_URL!, outputDir: path.join(work, "backups"), uploadsDir: uploads, appVersion: "test" });
    expect(path.basename(backup.path)).toMatch(/^roofing-site-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.readdirSync(path.join(work, "backups"))).toEqual([path.basename(backup.path)]);
    expect(backup.manifest.tables.find((t) => t.name === "leads")?.rows).toBe(before.leads!.length);
    expect(backup.manifest.files.length).toBeGreaterThanOrEqual(1);

    // Wipe: a new, empty database and an empty uploads directory (a new machine).
    const restored = await restoreBackup({ archive: backup.path, databaseUrl: targetUrl, uploadsDir: restoredUploads });
    expect(restored.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    const after = await snapshot(targetUrl);
    expect(after).toEqual(before);
    expect(after.users!.some((row) => row.includes("Anaïs") && row.includes("D'Angelo"))).toBe(true);
    // The same file bytes for every uploaded file.
    const files = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
    expect(files(restoredUploads)).toEqual(files(uploads));
    for (const file of files(uploads)) expect(fs.readFileSync(path.join(restoredUploads, file)).equals(fs.readFileSync(path.join(uploads, file))), file).toBe(true);
    expect(fs.readFileSync(path.join(restoredUploads, attachment!.lead_attachments.storageKey)).equals(PHOTO)).toBe(true);
    // Readable by the app's user only: the archive, its directory, and the restored files as the app makes them.
    expect(fs.statSync(backup.path).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(work, "backups")).mode & 0o777).toBe(0o700);
    const modes = (dir: string) =>
      (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => [f, fs.statSync(path.join(dir, f)).mode & 0o777] as const).sort(([a], [b]) => a.localeCompare(b));
    expect(modes(restoredUploads).length).toBeGreaterThan(1);
    for (const [file, mode] of modes(restoredUploads)) expect(mode, file).toBe(fs.statSync(path.join(restoredUploads, file)).isDirectory() ? 0o700 : 0o600);
  }, 60_000);

  it("refuses a target that is not empty unless forced, and a damaged archive before touching anything", async () => {
    const backup = await createBackup({ databaseUrl: process.env.DATABASE_URL!, outputDir: path.join(work, "backups-2"), uploadsDir: uploads, appVersion: "test" });
    // The target now holds the restored data: refused, then replaced with --force.
    await expect(restoreBackup({ archive: backup.path, databaseUrl: targetUrl, uploadsDir: restoredUploads })).rejects.toThrow(/not empty/);
    await db().execute(sql`update users set first_name = 'Changed after the first backup' where first_name = 'Anaïs'`);
    const forced = await restoreBackup({ archive: backup.path, databaseUrl: targetUrl, uploadsDir: restoredUploads, force: true });
    expect(forced.files).toBe(backup.manifest.files.length);

    // One byte of a table changed inside the archive: refused with the entry's name, target untouched.
    const unpacked = path.join(work, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.x({ file: backup.path, cwd: unpacked });
    const leadsFile = path.join(unpacked, "db", "leads.copy");
    const bytes = fs.readFileSync(leadsFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 1;
    fs.writeFileSync(leadsFile, bytes);
    const damaged = path.join(work, "damaged.tar.gz");
    await tar.c({ gzip: true, file: damaged, cwd: unpacked, portable: true }, ["db", "uploads", "manifest.json"]);
    const error = await restoreBackup({ archive: damaged, databaseUrl: targetUrl, uploadsDir: restoredUploads, force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupRestoreError);
    expect((error as Error).message).toBe("db/leads.copy does not match its checksum in the manifest: the archive is damaged.");
    const [stillThere] = await (async () => {
      const client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      try {
        return (await client.query<{ n: string }>("select count(*)::text as n from users where first_name = 'Changed after the first backup'")).rows;
      } finally {
        await client.end();
      }
    })();
    expect(stillThere!.n).toBe("0");
    // A truncated archive (a copy cut short) is refused as unreadable.
    const cut = path.join(work, "cut.tar.gz");
    fs.writeFileSync(cut, fs.readFileSync(backup.path).subarray(0, 2000));
    await expect(restoreBackup({ archive: cut, databaseUrl: targetUrl, uploadsDir: restoredUploads, force: true })).rejects.toBeInstanceOf(BackupRestoreError);
  }, 60_000);

  it("an encrypted backup restores with its key only; a wrong key and a missing one are refused before anything is touched", async () => {
    const identity = await generateIdentity();
    const other = await generateIdentity();
    const dir = path.join(work, "encrypted");
    const backup = await createBackup({ databaseUrl: process.env.DATABASE_URL!, outputDir: dir, uploadsDir: uploads, appVersion: "test", recipients: [await identityToRecipient(identity)] });
    expect(path.basename(backup.path)).toMatch(/^roofing-site-backup-\d{8}T\d{6}Z\.tar\.gz\.age$/);
    const bytes = fs.readFileSync(backup.path);
    expect(bytes.subarray(0, AGE_HEADER.length).toString("latin1")).toBe(AGE_HEADER);
    // Nothing of the data in clear: not the photo's bytes, not a row.
    expect(bytes.includes(PHOTO.subarray(1000, 1064))).toBe(false);
    expect(bytes.includes(Buffer.from("zoe.backup@example.com"))).toBe(false);
    expect(fs.statSync(backup.path).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([path.basename(backup.path)]);

    const target = `${targetName}_enc`;
    await dropDatabase(info.adminUrl, target);
    const url = await createDatabase(info.adminUrl, target);
    const into = path.join(work, "encrypted-uploads");
    try {
      const missing = await restoreBackup({ archive: backup.path, databaseUrl: url, uploadsDir: into }).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(BackupRestoreError);
      expect((missing as Error).message).toBe(`${path.basename(backup.path)} is encrypted (age): give its private key with --identity FILE, BACKUP_AGE_IDENTITY_FILE or BACKUP_AGE_IDENTITY.`);
      const wrong = await restoreBackup({ archive: backup.path, databaseUrl: url, uploadsDir: into, identities: [{ key: other, source: "the file other-key.txt" }] }).catch((e: unknown) => e);
      expect(wrong).toBeInstanceOf(BackupRestoreError);
      expect((wrong as Error).message).toBe(
        `The archive was not encrypted to the key given: the file other-key.txt (public key ${await identityToRecipient(other)}). ` +
          "Give the private key whose public key is BACKUP_AGE_RECIPIENT of the app that made it.",
      );
      expect(await tableCount(url)).toBe(0);
      expect(fs.existsSync(into)).toBe(false);

      const restored = await restoreBackup({ archive: backup.path, databaseUrl: url, uploadsDir: into, identities: [{ key: other, source: "other" }, { key: identity, source: "right" }] });
      expect(restored.files).toBe(backup.manifest.files.length);
      expect(await snapshot(url)).toEqual(await snapshot(process.env.DATABASE_URL!));
    } finally {
      await dropDatabase(info.adminUrl, target).catch(() => {});
    }
  }, 60_000);

  it("refuses an archive that unpacks past the size or entry limit before writing it out", async () => {
    const dir = path.join(work, "bombs");
    fs.mkdirSync(path.join(dir, "src"), { recursive: true });
    // 64 MiB of zeros: about 64 KiB once gzipped.
    fs.writeFileSync(path.join(dir, "src", "zeros"), Buffer.alloc(64 * 1024 * 1024));
    const bomb = path.join(dir, "bomb.tar.gz");
    await tar.c({ gzip: true, file: bomb, cwd: path.join(dir, "src") }, ["zeros"]);
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    fs.rmSync(path.join(dir, "src"), { recursive: true });
    const workDir = path.join(dir, "work");
    fs.mkdirSync(workDir);
    const big = await restoreBackup({ archive: bomb, databaseUrl: targetUrl, workDir, limits: { maxBytes: 16 * 1024 * 1024 } }).catch((e: unknown) => e);
    expect(big).toBeInstanceOf(BackupRestoreError);
    expect((big as Error).message).toMatch(/^The archive unpacks to more than 16\.0 MiB \(the limit given \(--max-size\)\): refused before writing it out/);
    // Nothing was written out, and the staging directory is gone.
    expect(fs.readdirSync(workDir)).toEqual([]);

    // Without a limit given: an entry declaring more than the disk holds (a 1 PiB header, base-256 size).
    const huge = path.join(dir, "huge.tar.gz");
    fs.writeFileSync(huge, zlib.gzipSync(Buffer.concat([tarHeader("db/leads.copy", 2 ** 50), Buffer.alloc(4096)])));
    const disk = await restoreBackup({ archive: huge, databaseUrl: targetUrl, workDir }).catch((e: unknown) => e);
    expect((disk as Error).message).toMatch(/^The archive unpacks to more than [\d.]+ [GMK]iB \(the free space of the disk of .+, less a reserve\): refused/);
    expect(fs.readdirSync(workDir)).toEqual([]);

    // 300 empty files against a limit of 100 entries.
    fs.mkdirSync(path.join(dir, "many"));
    for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(dir, "many", `f${i}`), "");
    const many = path.join(dir, "many.tar.gz");
    await tar.c({ gzip: true, file: many, cwd: path.join(dir, "many") }, fs.readdirSync(path.join(dir, "many")));
    const entries = await restoreBackup({ archive: many, databaseUrl: targetUrl, workDir, limits: { maxEntries: 100 } }).catch((e: unknown) => e);
    expect((entries as Error).message).toBe("The archive holds more than 100 entries (the limit: --max-entries): refused before unpacking it further.");
    expect(fs.readdirSync(workDir)).toEqual([]);
    expect(parseSize("20GiB")).toBe(20 * 1024 ** 3);
    expect(parseSize("500M")).toBe(500 * 1024 ** 2);
    expect(parseSize("1048576")).toBe(1048576);
    expect(() => parseSize("lots")).toThrow(/--max-size/);
  }, 60_000);

  it("a restore that fails while loading leaves an empty target empty, and the retry needs no --force", async () => {
    const backup = await createBackup({ databaseUrl: process.env.DATABASE_URL!, outputDir: path.join(work, "backups-3"), uploadsDir: uploads, appVersion: "test" });
    // A row that cannot load (a wrong column count), with a manifest that matches it: it passes the checks.
    const unpacked = path.join(work, "unpacked-3");
    fs.mkdirSync(unpacked);
    await tar.x({ file: backup.path, cwd: unpacked });
    const manifestFile = path.join(unpacked, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as typeof backup.manifest;
    const leadsTable = manifest.tables.find((t) => t.name === "leads")!;
    const broken = Buffer.concat([fs.readFileSync(path.join(unpacked, "db", "leads.copy")), Buffer.from("not\ta\tlead\n")]);
    fs.writeFileSync(path.join(unpacked, "db", "leads.copy"), broken);
    Object.assign(leadsTable, { bytes: broken.length, sha256: crypto.createHash("sha256").update(broken).digest("hex"), rows: leadsTable.rows + 1 });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const bad = path.join(work, "loads-badly.tar.gz");
    await tar.c({ gzip: true, file: bad, cwd: unpacked, portable: true }, ["db", "uploads", "manifest.json"]);

    const target = `${targetName}_fail`;
    await dropDatabase(info.adminUrl, target);
    const url = await createDatabase(info.adminUrl, target);
    const into = path.join(work, "fail-uploads");
    try {
      await expect(restoreBackup({ archive: bad, databaseUrl: url, uploadsDir: into })).rejects.toThrow(/^Loading table leads failed/);
      expect(await tableCount(url)).toBe(0);
      expect(fs.existsSync(into)).toBe(false);
      const retried = await restoreBackup({ archive: backup.path, databaseUrl: url, uploadsDir: into });
      expect(retried.files).toBe(backup.manifest.files.length);
    } finally {
      await dropDatabase(info.adminUrl, target).catch(() => {});
    }
  }, 60_000);

  it("loads parents before the tables that reference them", () => {
    expect(parentsFirst(["b", "a", "c"], [{ child: "a", parent: "b" }, { child: "b", parent: "c" }])).toEqual(["c", "b", "a"]);
    expect(parentsFirst(["x", "y"], [{ child: "x", parent: "y" }, { child: "y", parent: "x" }])).toHaveLength(2);
  });
});
