import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { db } from "~/db/client.server";
import { cmsSiteSettings, leadAttachments, leads } from "~/db/schema";
import { handleInspectionRequest } from "~/domain/leads/handle-inspection-request.server";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { createDatabase, dropDatabase } from "../../../tests/support/db";
import { createUser } from "../../../tests/support/factories";
import { createBackup } from "./create-backup.server";
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

  it("loads parents before the tables that reference them", () => {
    expect(parentsFirst(["b", "a", "c"], [{ child: "a", parent: "b" }, { child: "b", parent: "c" }])).toEqual(["c", "b", "a"]);
    expect(parentsFirst(["x", "y"], [{ child: "x", parent: "y" }, { child: "y", parent: "x" }])).toHaveLength(2);
  });
});
