import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { startApp, type RunningApp } from "../support/app-server";
import { createSession, createUser } from "../support/factories";
import { PHONE_HEIC_PATH, phoneJpeg } from "../support/media-images";
import { SESSION_COOKIE, sessionCookieValue } from "../support/staff";
import { makeTempDir, removeTempDir } from "../support/temp-dirs";

/**
 * The portal's "Add files" over real HTTP against the built server (issue 22 item 3): a signed-in
 * customer posts a phone's 12 MP JPEG and a real iPhone HEIC (about 11 MB in one body: far above the
 * 2 MiB cap of other posts, so this is the upload route's own streamed limit at work) to their request's
 * page and to its data form; the server's own job worker makes both thumbnails; the portal's and the
 * staff's routes serve them and the files, to their owner only. A program renamed .jpg is refused with
 * 415 and 11 files with 413, with nothing stored. The in-process tests beside the code:
 * app/domain/leads/customer-files/customer-files.test.ts.
 */

const SECRET = "portal-files-http-test-secret-0123456789abcdef";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"), Buffer.alloc(8192, 0x90)]);

let app: RunningApp;
let pool: pg.Pool;
let dataDir: string;
let jane = "";
let other = "";
let admin = "";
let leadId = "";

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
const uploads = () => filesUnder(path.join(dataDir, "uploads"));

async function post(cookie: string, target: string, files: Array<[Uint8Array, string]>) {
  const form = new FormData();
  form.append("intent", "add-files");
  for (const [bytes, name] of files) form.append("files", new File([new Uint8Array(bytes)], name));
  const response = await fetch(`${app.url}${target}`, { method: "POST", body: form, headers: { cookie, origin: app.url }, redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

async function attachments() {
  const { rows } = await pool.query<{ id: string; original_name: string; content_type: string; thumbnail_status: string; size_bytes: number; sha256: string; uploaded_by_user_id: string | null }>(
    "select id, original_name, content_type, thumbnail_status, size_bytes, sha256, uploaded_by_user_id from lead_attachments where lead_id = $1 order by original_name",
    [leadId],
  );
  return rows;
}

beforeAll(async () => {
  dataDir = makeTempDir("portal-files-http");
  app = await startApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true", LOG_LEVEL: "warn" } });
  pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  const appDb = drizzle(pool, { schema, casing: "snake_case" });
  const cookieOf = async (kind: "customer" | "admin", overrides: { firstName: string; lastName: string }) => {
    const user = await createUser({ kind, db: appDb, overrides });
    return { user, cookie: `${SESSION_COOKIE}=${sessionCookieValue((await createSession(user, { db: appDb })).token, SECRET)}` };
  };
  const customer = await cookieOf("customer", { firstName: "Jane", lastName: "D'Arcy" });
  jane = customer.cookie;
  other = (await cookieOf("customer", { firstName: "Otto", lastName: "Other" })).cookie;
  admin = (await cookieOf("admin", { firstName: "Sam", lastName: "Staff" })).cookie;
  const [lead] = await appDb
    .insert(schema.leads)
    .values({ firstName: "Jane", lastName: "D'Arcy", email: "jane@example.com", phone: "+16145550147", submissionKey: `http-${crypto.randomUUID()}`, customerUserId: customer.user.id })
    .returning({ id: schema.leads.id });
  leadId = lead!.id;
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await app?.stop();
  if (dataDir) await removeTempDir(dataDir);
}, 60_000);

describe("portal files over HTTP", () => {
  test("a phone's JPEG and HEIC are stored, get their thumbnails from the job worker, and reach their owner only", async () => {
    const jpeg = await phoneJpeg();
    const heic = fs.readFileSync(PHONE_HEIC_PATH);
    expect(jpeg.byteLength + heic.byteLength).toBeGreaterThan(10 * 1024 * 1024);

    // The page without JavaScript (a document post), then the data form a hydrated page posts to.
    const page = await post(jane, `/portal/requests/${leadId}`, [[jpeg, "roof-north.jpg"]]);
    expect(page.status).toBe(200);
    expect(page.body).toContain("1 file was added to your request.");
    const data = await post(jane, `/portal/requests/${leadId}.data`, [
      [heic, "IMG_4032.HEIC"],
      [PDF, "estimate.pdf"],
    ]);
    expect(data.status).toBe(200);
    expect(data.body).toContain("2 files were added to your request.");

    const rows = await attachments();
    expect(rows.map((r) => [r.original_name, r.content_type])).toEqual([
      ["IMG_4032.HEIC", "image/heic"],
      ["estimate.pdf", "application/pdf"],
      ["roof-north.jpg", "image/jpeg"],
    ]);
    expect(rows.every((r) => r.uploaded_by_user_id !== null)).toBe(true);
    expect(rows.find((r) => r.original_name === "roof-north.jpg")!.sha256).toBe(crypto.createHash("sha256").update(jpeg).digest("hex"));

    // The server's own worker makes both thumbnails (sent after the commit).
    const deadline = Date.now() + 90_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = (await attachments()).map((r) => r.thumbnail_status);
      if (statuses.filter((s) => s === "ready").length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses).toEqual(["ready", "none", "ready"]);

    for (const row of rows.filter((r) => r.content_type.startsWith("image/"))) {
      const thumbnail = await fetch(`${app.url}/portal/requests/${leadId}/files/${row.id}/thumbnail`, { headers: { cookie: jane } });
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect(meta.width).toBe(480);
      expect(meta.height).toBe(row.content_type === "image/jpeg" ? 640 : 360);
      expect(meta.exif).toBeUndefined();
      // The copy to view it large: a 1600 px WebP shown inline (a browser cannot show the HEIC itself).
      const view = await fetch(`${app.url}/portal/requests/${leadId}/files/${row.id}/view`, { headers: { cookie: jane } });
      expect(view.status).toBe(200);
      expect(view.headers.get("content-type")).toBe("image/webp");
      expect(view.headers.get("content-disposition")).toBeNull();
      const viewMeta = await sharp(Buffer.from(await view.arrayBuffer())).metadata();
      expect([viewMeta.width, viewMeta.height, viewMeta.exif]).toEqual([1600, row.content_type === "image/jpeg" ? 2133 : 1200, undefined]);
      for (const picture of ["thumbnail", "view"]) {
        const staff = await fetch(`${app.url}/admin/leads/${leadId}/attachments/${row.id}/${picture}`, { headers: { cookie: admin } });
        expect(staff.status).toBe(200);
        expect(staff.headers.get("content-type")).toBe("image/webp");
        await staff.arrayBuffer();
      }
      // Another customer, and a request that is not the file's: 404, never the file.
      for (const [cookie, url] of [
        [other, `/portal/requests/${leadId}/files/${row.id}/thumbnail`],
        [other, `/portal/requests/${leadId}/files/${row.id}/view`],
        [jane, `/portal/requests/${crypto.randomUUID()}/files/${row.id}/view`],
        [other, `/portal/requests/${leadId}/files/${row.id}`],
        [jane, `/portal/requests/${crypto.randomUUID()}/files/${row.id}`],
      ] as const) {
        const refused = await fetch(`${app.url}${url}`, { headers: { cookie }, redirect: "manual" });
        expect(refused.status, url).toBe(404);
        expect(refused.headers.get("content-type")).not.toMatch(/image/);
        await refused.arrayBuffer();
      }
    }
    const download = await fetch(`${app.url}/portal/requests/${leadId}/files/${rows.find((r) => r.original_name === "roof-north.jpg")!.id}`, { headers: { cookie: jane } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("roof-north.jpg");
    expect(Buffer.from(await download.arrayBuffer()).equals(jpeg)).toBe(true);

    // Staff see who added the files.
    const leadPage = await fetch(`${app.url}/admin/leads/${leadId}`, { headers: { cookie: admin } });
    const html = await leadPage.text();
    expect(html).toContain("Added by Jane D&#x27;Arcy from the portal");
    expect(html).toMatch(/<img[^>]+alt="roof-north.jpg"/);
  }, 180_000);

  test("a program renamed .jpg is refused with 415, and 11 files with 413; nothing is stored", async () => {
    const before = { rows: (await attachments()).length, files: uploads() };
    const renamed = await post(jane, `/portal/requests/${leadId}`, [
      [PDF, "estimate.pdf"],
      [EXE, "photo.jpg"],
    ]);
    expect(renamed.status).toBe(415);
    expect(renamed.body).toContain("Only PDF, JPEG, PNG, HEIC and WebP files can be attached.");
    const eleven = await post(
      jane,
      `/portal/requests/${leadId}.data`,
      Array.from({ length: 11 }, (_, i) => [PDF, `page-${i + 1}.pdf`] as [Uint8Array, string]),
    );
    expect(eleven.status).toBe(413);
    expect(eleven.body).toContain("At most 10 files can be attached.");
    // Another customer's request: 404 before anything is read.
    const theirs = await post(other, `/portal/requests/${leadId}`, [[PDF, "estimate.pdf"]]);
    expect(theirs.status).toBe(404);
    expect((await attachments()).length).toBe(before.rows);
    expect(uploads()).toEqual(before.files);
  }, 60_000);
});
