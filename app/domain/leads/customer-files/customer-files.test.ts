import crypto from "node:crypto";
import fs from "node:fs";
import { buffer } from "node:stream/consumers";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, leadAttachments, leadNotes, leads, users } from "~/db/schema";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import type * as Queue from "~/jobs/queue.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { action } from "~/routes/portal/requests.$id";
import { createSession, createUser, type TestUser } from "../../../../tests/support/factories";
import { listFiles, PHONE_HEIC_PATH, phoneJpeg } from "../../../../tests/support/media-images";
import { makeTempDir, removeTempDir } from "../../../../tests/support/temp-dirs";
import { ATTACHMENT_THUMBNAIL_JOB, sweepPendingThumbnails } from "../attachment-thumbnail.job.server";
import { getLead } from "../get-lead.server";
import { handleInspectionRequest } from "../handle-inspection-request.server";
import { invalidateLeadAlertRecipient, leadAlertRecipient } from "../lead-emails.server";
import { makeAttachmentThumbnail, THUMBNAIL_WIDTH, thumbnailKeyOf, VIEW_WIDTH } from "../make-attachment-thumbnail.server";
import { openLeadAttachmentPicture } from "../open-lead-attachment-picture.server";
import { INSPECTION_TEXT } from "../options";
import { ADD_FILES_TEXT } from "./add-files-texts";

/**
 * The portal's "Add files" (issue 22 item 3) in-process, through the request page's action (guard,
 * scoping, the streamed read with the inspection form's limits and types, the transaction), with real
 * phone photos (a 12 MP JPEG with EXIF orientation 6, a 12 MP HEVC HEIC), then the thumbnail job's body
 * run directly: pg-boss does not run in unit tests, so `enqueueMany` is replaced by a recorder and the
 * tests see the jobs sent after the commit. Files live in a temporary LocalDiskStorage.
 * Over real HTTP against the built server: tests/integration/portal-files-http.test.ts.
 */

const sent = vi.hoisted(() => [] as Array<{ name: string; jobs: Array<{ data: unknown; singletonKey?: string }> }>);
vi.mock("~/jobs/queue.server", async (importOriginal) => ({
  ...(await importOriginal<typeof Queue>()),
  enqueueMany: (name: string, jobs: Array<{ data: unknown; singletonKey?: string }>) => {
    sent.push({ name, jobs });
    return Promise.resolve();
  },
}));

let storageRoot = "";
let jane: TestUser;
let janeCookie = "";
let other: TestUser;
let otherCookie = "";
let jpeg: Buffer;
const heic = fs.readFileSync(PHONE_HEIC_PATH);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
/** A Windows program (its "MZ" header and DOS stub), as a renamed download would carry. */
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"), Buffer.alloc(4096, 0x90)]);

beforeAll(async () => {
  storageRoot = makeTempDir("portal-files");
  setUploadStorageForTests(new LocalDiskStorage(storageRoot));
  jpeg = await phoneJpeg();
  jane = await createUser({ kind: "customer", overrides: { firstName: "Jane", lastName: "D'Arcy" } });
  janeCookie = (await createSession(jane)).cookie;
  other = await createUser({ kind: "customer" });
  otherCookie = (await createSession(other)).cookie;
  invalidateLeadAlertRecipient();
}, 60_000);
afterAll(async () => {
  setUploadStorageForTests(undefined);
  await removeTempDir(storageRoot);
});
beforeEach(() => {
  sent.length = 0;
});

async function newLead(customer: TestUser | null, overrides: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({
      firstName: "Jane",
      lastName: "D'Arcy",
      email: `lead-${crypto.randomUUID()}@example.test`,
      phone: "+16145550147",
      submissionKey: `test-${crypto.randomUUID()}`,
      customerUserId: customer?.id ?? null,
      ...overrides,
    })
    .returning({ id: leads.id });
  return row!.id;
}

interface Upload {
  name: string;
  bytes: Uint8Array;
}

async function post(cookie: string, leadId: string, files: Upload[], fields: Array<[string, string]> = [["intent", "add-files"]]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append("files", new File([new Uint8Array(file.bytes)], file.name));
  const request = new Request(`http://app.test/portal/requests/${leadId}`, { method: "POST", headers: { cookie, "x-app-client-ip": "203.0.113.40" }, body: form });
  const answer = (await action({ request, params: { id: leadId }, context: {} } as never)) as {
    data: { ok: boolean; title?: string; message: string; fieldErrors?: Record<string, string> };
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** The thumbnail jobs sent so far (the outbox's email jobs go through the same recorder). */
const thumbnailJobs = () => sent.filter((s) => s.name === ATTACHMENT_THUMBNAIL_JOB).flatMap((s) => s.jobs);

const attachmentsOf = (leadId: string) => db().select().from(leadAttachments).where(eq(leadAttachments.leadId, leadId)).orderBy(leadAttachments.createdAt, leadAttachments.originalName);
const storedFiles = () => listFiles(storageRoot);

describe("adding files from the portal", () => {
  it("stores a phone's JPEG and a PDF, with who added them, a timeline line, an audit entry and an email to the office; then the thumbnail job", async () => {
    const leadId = await newLead(jane);
    const { status, body } = await post(janeCookie, leadId, [
      { name: "roof-north.jpg", bytes: jpeg },
      { name: "estimate.pdf", bytes: PDF },
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, title: ADD_FILES_TEXT.addedTitle, message: "2 files were added to your request." });
    expect(jpeg.byteLength).toBeGreaterThan(4 * 1024 * 1024);

    const rows = await attachmentsOf(leadId);
    expect(rows.map((r) => [r.originalName, r.contentType, r.addedFrom, r.uploadedByUserId, r.thumbnailStatus, r.thumbnailKey])).toEqual([
      ["estimate.pdf", "application/pdf", "portal", jane.id, "none", null],
      ["roof-north.jpg", "image/jpeg", "portal", jane.id, "pending", null],
    ]);
    const photo = rows.find((r) => r.contentType === "image/jpeg")!;
    expect(photo.sizeBytes).toBe(jpeg.byteLength);
    expect(photo.sha256).toBe(crypto.createHash("sha256").update(jpeg).digest("hex"));
    // Stored under their keys; nothing left in the staging area.
    expect(storedFiles().filter((f) => !f.startsWith(".staging"))).toEqual(expect.arrayContaining(rows.map((r) => r.storageKey)));
    expect(storedFiles().filter((f) => f.startsWith(".staging"))).toEqual([]);

    const notes = await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId));
    expect(notes.map((n) => [n.kind, n.body, n.authorUserId])).toEqual([["event", "Jane D'Arcy added 2 files from the portal.", jane.id]]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "lead.files.add"), eq(auditLog.targetId, leadId)));
    expect(audit).toMatchObject({ actorUserId: jane.id, targetType: "lead", details: { count: 2 } });

    const [email] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.relatedId, leadId), eq(emailOutbox.kind, "lead.files-added")));
    expect(email).toMatchObject({ toAddress: await leadAlertRecipient(), replyTo: jane.email, subject: "Jane D'Arcy added 2 files to their request" });
    expect(email!.textBody).toContain(`${siteOrigin()}/admin/leads/${leadId}`);
    expect(email!.textBody).toContain("roof-north.jpg");

    // The images' thumbnail jobs, after the commit: the JPEG only.
    await vi.waitFor(() => expect(thumbnailJobs()).toEqual([expect.objectContaining({ data: { attachmentId: photo.id }, singletonKey: photo.id })]));

    // The job: upright (EXIF orientation 6: 4032 x 3024 shown as 3024 x 4032), 480 px wide, WebP, no metadata.
    expect(await makeAttachmentThumbnail(photo.id)).toBe("ready");
    expect(await makeAttachmentThumbnail(photo.id)).toBe("skipped");
    const [done] = await db().select().from(leadAttachments).where(eq(leadAttachments.id, photo.id));
    expect(done).toMatchObject({ thumbnailStatus: "ready", thumbnailKey: thumbnailKeyOf(photo.storageKey) });
    const opened = await openLeadAttachmentPicture(leadId, photo.id, "thumbnail");
    expect(opened?.contentType).toBe("image/webp");
    const thumbnail = await buffer(opened!.stream);
    const meta = await sharp(thumbnail).metadata();
    expect(meta).toMatchObject({ format: "webp", width: THUMBNAIL_WIDTH, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(thumbnail.byteLength).toBeLessThan(200 * 1024);
    // The copy to view it large: upright too, 1600 px wide, WebP, no metadata, stored beside the thumbnail.
    const large = await buffer((await openLeadAttachmentPicture(leadId, photo.id, "view"))!.stream);
    const largeMeta = await sharp(large).metadata();
    expect(largeMeta).toMatchObject({ format: "webp", width: VIEW_WIDTH, height: 2133 });
    expect(largeMeta.exif).toBeUndefined();
    expect(largeMeta.orientation).toBeUndefined();
    expect(storedFiles()).toEqual(expect.arrayContaining([thumbnailKeyOf(photo.storageKey), `${photo.storageKey}-view${VIEW_WIDTH}`]));
    // The pair must match: another lead's id finds nothing; a PDF has none.
    for (const picture of ["thumbnail", "view"] as const) {
      expect(await openLeadAttachmentPicture(await newLead(jane), photo.id, picture)).toBeNull();
      expect(await openLeadAttachmentPicture(leadId, rows.find((r) => r.contentType === "application/pdf")!.id, picture)).toBeNull();
    }
  }, 60_000);

  it("makes the thumbnail and the large copy of a real iPhone HEIC", async () => {
    const leadId = await newLead(jane);
    const { status, body } = await post(janeCookie, leadId, [{ name: "IMG_4032.HEIC", bytes: heic }]);
    expect(status).toBe(200);
    expect(body.message).toBe("1 file was added to your request.");
    const [row] = await attachmentsOf(leadId);
    expect(row).toMatchObject({ contentType: "image/heic", thumbnailStatus: "pending", sizeBytes: heic.byteLength });
    expect(await makeAttachmentThumbnail(row!.id)).toBe("ready");
    const meta = await sharp(await buffer((await openLeadAttachmentPicture(leadId, row!.id, "thumbnail"))!.stream)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 480, height: 360 });
    const large = await sharp(await buffer((await openLeadAttachmentPicture(leadId, row!.id, "view"))!.stream)).metadata();
    expect(large).toMatchObject({ format: "webp", width: 1600, height: 1200 });
  }, 120_000);

  it("refuses a program renamed to .jpg with 415, and stores nothing", async () => {
    const leadId = await newLead(jane);
    const before = storedFiles();
    for (const name of ["roof.jpg", "setup.exe"]) {
      const { status, body } = await post(janeCookie, leadId, [
        { name: "estimate.pdf", bytes: PDF },
        { name, bytes: EXE },
      ]);
      expect(status, name).toBe(415);
      expect(body).toMatchObject({ ok: false, title: INSPECTION_TEXT.unsupportedTitle, fieldErrors: { files: INSPECTION_TEXT.unsupportedText } });
    }
    expect(await attachmentsOf(leadId)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    expect(await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).toEqual([]);
    expect(thumbnailJobs()).toEqual([]);
  });

  it("refuses 11 files with 413 (at most 10 at a time), and stores nothing", async () => {
    const leadId = await newLead(jane);
    const before = storedFiles();
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `page-${i + 1}.pdf`, bytes: PDF }));
    const { status, body } = await post(janeCookie, leadId, files);
    expect(status).toBe(413);
    expect(body).toMatchObject({ ok: false, title: INSPECTION_TEXT.tooLargeTitle, fieldErrors: { files: "At most 10 files can be attached." } });
    expect(await attachmentsOf(leadId)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    // Ten are fine.
    expect((await post(janeCookie, leadId, files.slice(0, 10))).status).toBe(200);
    expect(await attachmentsOf(leadId)).toHaveLength(10);
  });

  it("refuses a post without files or without the intent (400), and another customer's request (404), storing nothing", async () => {
    const leadId = await newLead(jane);
    const none = await post(janeCookie, leadId, []);
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors).toEqual({ files: ADD_FILES_TEXT.noFiles });
    expect((await post(janeCookie, leadId, [{ name: "a.pdf", bytes: PDF }], [["intent", "update-insurance"]])).status).toBe(400);
    const theirs = await post(otherCookie, leadId, [{ name: "a.pdf", bytes: PDF }]);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(leadId);
    expect(await attachmentsOf(leadId)).toEqual([]);
  });

  it("a file added from the portal is still said to be, with no name, once the customer's account is deleted; the request's own files are not", async () => {
    const leaving = await createUser({ kind: "customer", overrides: { firstName: "Zoë", lastName: "O'Connor" } });
    const leadId = await newLead(leaving);
    await db().insert(leadAttachments).values({
      leadId,
      storageKey: `leads/${leadId}/${crypto.randomUUID()}.pdf`,
      originalName: "claim-letter.pdf",
      contentType: "application/pdf",
      sizeBytes: PDF.byteLength,
      sha256: crypto.createHash("sha256").update(PDF).digest("hex"),
    });
    const { status } = await post((await createSession(leaving)).cookie, leadId, [{ name: "estimate.pdf", bytes: PDF }]);
    expect(status).toBe(200);
    const attribution = async () =>
      Object.fromEntries((await getLead(leadId))!.attachments.map((a) => [a.originalName, [a.addedFrom, a.addedByName]]));
    expect(await attribution()).toEqual({ "claim-letter.pdf": ["request", null], "estimate.pdf": ["portal", "Zoë O'Connor"] });
    await db().delete(users).where(eq(users.id, leaving.id));
    expect(await attribution()).toEqual({ "claim-letter.pdf": ["request", null], "estimate.pdf": ["portal", null] });
  });

  it("a request holds at most 100 files", async () => {
    const leadId = await newLead(jane);
    await db()
      .insert(leadAttachments)
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          leadId,
          storageKey: `leads/2026/01/${crypto.randomUUID()}`,
          originalName: `old-${i}.pdf`,
          contentType: "application/pdf",
          sizeBytes: 10,
          sha256: "0".repeat(64),
        })),
      );
    const before = storedFiles();
    const { status, body } = await post(janeCookie, leadId, [
      { name: "a.pdf", bytes: PDF },
      { name: "b.pdf", bytes: PDF },
    ]);
    expect(status).toBe(413);
    expect(body.fieldErrors).toEqual({ files: ADD_FILES_TEXT.requestFull });
    expect(storedFiles()).toEqual(before);
    expect((await post(janeCookie, leadId, [{ name: "a.pdf", bytes: PDF }])).status).toBe(200);
  });
});

describe("thumbnails", () => {
  it("marks an image no decoder reads failed, and the sweep sends the job of every image still pending", async () => {
    const leadId = await newLead(jane);
    // A JPEG's first bytes, then nothing a decoder can use: the upload takes it (magic bytes), the thumbnail cannot.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), crypto.randomBytes(20_000)]);
    expect((await post(janeCookie, leadId, [{ name: "broken.jpg", bytes: broken }])).status).toBe(200);
    const [row] = await attachmentsOf(leadId);
    expect(await makeAttachmentThumbnail(row!.id)).toBe("failed");
    expect((await attachmentsOf(leadId))[0]).toMatchObject({ thumbnailStatus: "failed", thumbnailKey: null });

    // An image stored before thumbnails existed (the migration set it pending), its job lost.
    const old = await newLead(null);
    const [pending] = await db()
      .insert(leadAttachments)
      .values({ leadId: old, storageKey: `leads/2025/01/${crypto.randomUUID()}`, originalName: "old.jpg", contentType: "image/jpeg", sizeBytes: 10, sha256: "0".repeat(64), thumbnailStatus: "pending", createdAt: sql`now() - interval '1 day'` })
      .returning({ id: leadAttachments.id });
    sent.length = 0;
    const { resent } = await sweepPendingThumbnails();
    expect(resent).toBeGreaterThanOrEqual(1);
    expect(thumbnailJobs().map((j) => j.data)).toContainEqual({ attachmentId: pending!.id });
    // Its file is gone: failed, not retried for ever.
    expect(await makeAttachmentThumbnail(pending!.id)).toBe("failed");
  });

  it("the inspection form's images are pending their thumbnail, and their job is sent after the commit", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      formId: "inspection-form",
      submissionKey: `test-${crypto.randomUUID()}`,
      firstName: "Pat",
      lastName: "Photo",
      email: "pat@example.com",
      phone: "(380) 555-0199",
      hasInsuranceDocs: "on",
    }))
      form.append(k, v);
    form.append("files", new File([new Uint8Array(jpeg)], "hail.jpg"));
    form.append("files", new File([new Uint8Array(PDF)], "claim.pdf"));
    const outcome = await handleInspectionRequest(new Request("http://app.test/inspection-request", { method: "POST", body: form, headers: { "x-app-client-ip": "198.51.100.77" } }));
    expect(outcome.ok).toBe(true);
    const rows = await db().select().from(leadAttachments).where(sql`${leadAttachments.originalName} in ('hail.jpg', 'claim.pdf')`);
    expect(Object.fromEntries(rows.map((r) => [r.originalName, [r.thumbnailStatus, r.addedFrom, r.uploadedByUserId]]))).toEqual({
      "hail.jpg": ["pending", "request", null],
      "claim.pdf": ["none", "request", null],
    });
    const photo = rows.find((r) => r.originalName === "hail.jpg")!;
    await vi.waitFor(() => expect(thumbnailJobs().map((j) => j.data)).toEqual([{ attachmentId: photo.id }]));
    expect(await makeAttachmentThumbnail(photo.id)).toBe("ready");
  }, 60_000);
});
