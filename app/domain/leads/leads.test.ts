import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteOrigin } from "~/lib/site-origin.server";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, leadAttachments, leadNotes, leadRateLimits, leads } from "~/db/schema";
import { LocalDiskStorage, S3UploadStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { createUser, type TestUser } from "../../../tests/support/factories";
import { startS3Server, type RunningS3Server } from "../../../tests/support/s3";
import { truncate } from "../../../tests/support/test-database";
import { addLeadNote } from "./add-lead-note.server";
import { exportLeadsCsv } from "./export-leads-csv.server";
import { getLead } from "./get-lead.server";
import { handleInspectionRequest } from "./handle-inspection-request.server";
import { invalidateLeadAlertRecipient } from "./lead-emails.server";
import { leadsPerWeek } from "./leads-per-week.server";
import { listLeads } from "./list-leads.server";
import { openLeadAttachment } from "./open-lead-attachment.server";
import { INSPECTION_TEXT } from "./options";
import { parseLeadListQuery } from "./schemas";
import { setLeadContacted } from "./set-lead-contacted.server";
import { setLeadStatus } from "./set-lead-status.server";
import { updateLeadInsurance } from "./update-lead-insurance.server";

/**
 * The leads domain against this file's PostgreSQL database and a temporary
 * upload directory: storing a request (files, emails, idempotency, honeypot,
 * rate limit, rollback), and every staff use case.
 */

const uploadsRoot = fs.mkdtempSync(path.join(os.tmpdir(), "leads-test-"));
const storage = new LocalDiskStorage(uploadsRoot);
const savedEnv = { ...process.env };
let ipCounter = 0;
let admin: TestUser;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]);

function storedFiles(): string[] {
  return fs
    .readdirSync(uploadsRoot, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploadsRoot, path.join(e.parentPath, e.name)));
}

function newKey(): string {
  return `test-${crypto.randomUUID()}`;
}

interface PostOptions {
  ip?: string;
  files?: Array<[Buffer, string]>;
}

function inspectionRequest(fields: Record<string, string>, { ip, files = [] }: PostOptions = {}): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [bytes, name] of files) fd.append("files", new Blob([new Uint8Array(bytes)]), name);
  ipCounter += 1;
  return new Request("http://roofing.test/inspection-request", {
    method: "POST",
    body: fd,
    headers: { "x-app-client-ip": ip ?? `198.51.100.${ipCounter % 250}`, "user-agent": "vitest" },
  });
}

function validFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    formId: "inspection-form",
    submissionKey: newKey(),
    landingPath: "/contact?utm_source=google&utm_medium=cpc&utm_campaign=storm",
    referrer: "https://www.google.com/",
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    phone: "614-555-0147",
    service: "storm-restoration",
    message: "Hail last night.\nShingles in the yard.",
    ...overrides,
  };
}

async function leadCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(leads);
  return row?.n ?? 0;
}

beforeAll(async () => {
  setUploadStorageForTests(storage);
  admin = await createUser({ kind: "admin", overrides: { firstName: "Avery", lastName: "Admin" } });
});

afterAll(() => {
  setUploadStorageForTests(undefined);
  fs.rmSync(uploadsRoot, { recursive: true, force: true });
  process.env = savedEnv;
  resetConfigForTests();
});

describe("submitting an inspection request", () => {
  beforeEach(async () => {
    await truncate("leads", "email_outbox", "lead_rate_limits");
    for (const file of storedFiles()) fs.rmSync(path.join(uploadsRoot, file));
  });

  it("stores the property's address; one from outside the service area is still taken, flagged and told so (issue 31)", async () => {
    const partial = await handleInspectionRequest(inspectionRequest(validFields({ addressStreet: "1200 Veterans Way" })));
    expect(partial).toMatchObject({ ok: false, status: 400, fieldErrors: { addressCity: "Enter the city.", addressZip: "Enter a 5-digit ZIP code, like 43017." } });
    const badZip = await handleInspectionRequest(inspectionRequest(validFields({ addressStreet: "1 Main St", addressCity: "Dublin", addressZip: "4301" })));
    expect(badZip.fieldErrors).toEqual({ addressZip: "Enter a 5-digit ZIP code, like 43017." });
    const badState = await handleInspectionRequest(inspectionRequest(validFields({ addressStreet: "1 Main St", addressCity: "Dublin", addressState: "ZZ", addressZip: "43017" })));
    expect(badState.fieldErrors).toEqual({ addressState: "Choose a state from the list." });

    const inside = await handleInspectionRequest(inspectionRequest(validFields({ addressStreet: "1200  Veterans Way", addressCity: "Dublin", addressState: "OH", addressZip: "43017-1234" }), { ip: "203.0.113.61" }));
    expect(inside).toMatchObject({ ok: true, message: INSPECTION_TEXT.successText });
    const outside = await handleInspectionRequest(
      inspectionRequest(validFields({ email: "far@example.com", addressStreet: "9 River Rd", addressCity: "Steubenville", addressZip: "43950" }), { ip: "203.0.113.62" }),
    );
    expect(outside).toMatchObject({ ok: true, outsideZip: "43950", message: `${INSPECTION_TEXT.successText} We don't usually work in 43950, but we've passed your request to the office.` });
    const rows = await db().select().from(leads).orderBy(leads.createdAt);
    expect(rows.map((r) => [r.addressStreet, r.addressCity, r.addressState, r.addressZip, r.outsideServiceArea])).toEqual([
      ["1200 Veterans Way", "Dublin", "OH", "43017-1234", false],
      ["9 River Rd", "Steubenville", "OH", "43950", true],
    ]);
    const list = await listLeads(parseLeadListQuery(new URLSearchParams()));
    expect(list.items.map((l) => [l.place, l.outsideServiceArea])).toEqual(
      expect.arrayContaining([
        ["Dublin, OH 43017-1234", false],
        ["Steubenville, OH 43950", true],
      ]),
    );
  });

  it("stores the lead, its files and both emails in one go", async () => {
    const fields = validFields({ hasInsuranceDocs: "on", insuranceCompany: "Buckeye Mutual", claimNumber: "CLM-42", dateOfLoss: "2026-06-01" });
    const outcome = await handleInspectionRequest(inspectionRequest(fields, { ip: "203.0.113.10", files: [[PDF, "claim.pdf"], [JPEG, "roof.jpg"]] }));
    expect(outcome).toMatchObject({ ok: true, status: 200, title: INSPECTION_TEXT.successTitle, message: INSPECTION_TEXT.successText });

    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({
      firstName: "Jane",
      phone: "+16145550147",
      service: "storm-restoration",
      message: "Hail last night.\nShingles in the yard.",
      hasInsuranceDocs: true,
      insuranceCompany: "Buckeye Mutual",
      claimNumber: "CLM-42",
      dateOfLoss: "2026-06-01",
      contacted: false,
      pipelineStatus: "new",
      landingPath: "/contact",
      referrer: "https://www.google.com/",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "storm",
      clientIp: "203.0.113.10",
      submissionKey: fields.submissionKey,
    });
    const attachments = await db().select().from(leadAttachments).where(eq(leadAttachments.leadId, lead!.id));
    expect(attachments.map((a) => [a.originalName, a.contentType, a.sizeBytes]).sort()).toEqual([
      ["claim.pdf", "application/pdf", PDF.length],
      ["roof.jpg", "image/jpeg", JPEG.length],
    ]);
    expect(storedFiles().sort()).toEqual(attachments.map((a) => a.storageKey).sort());
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);

    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.relatedId, lead!.id));
    const alert = emails.find((e) => e.kind === "lead.alert");
    const confirmation = emails.find((e) => e.kind === "lead.confirmation");
    expect(alert?.toAddress).toBe("office@buckeyevalorroofing.com"); // the seeded lead_alert_email
    expect(alert?.replyTo).toBe("jane@example.com");
    // The link is on the site's one origin, never the request's Host (issue 19).
    expect(alert?.textBody).toContain(`${siteOrigin()}/admin/leads/${lead!.id}`);
    expect(alert?.textBody).not.toContain("roofing.test");
    expect(alert?.textBody).toContain("Phone: (614) 555-0147");
    expect(alert?.textBody).toContain("claim.pdf");
    expect(confirmation?.toAddress).toBe("jane@example.com");
    expect(confirmation?.textBody).toContain("Hi Jane,");
  });

  it("sends the team alert to the public email when lead_alert_email is not set", async () => {
    await db().execute(sql`update cms_site_settings set setting_value = '' where setting_key = 'lead_alert_email'`);
    invalidateLeadAlertRecipient();
    try {
      await handleInspectionRequest(inspectionRequest(validFields()));
      const [alert] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "lead.alert"));
      const [publicEmail] = (await db().execute<{ v: string }>(sql`select setting_value as v from cms_site_settings where setting_key = 'email'`)).rows;
      expect(alert?.toAddress).toBe(publicEmail?.v);
    } finally {
      await db().execute(sql`update cms_site_settings set setting_value = 'office@buckeyevalorroofing.com' where setting_key = 'lead_alert_email'`);
      invalidateLeadAlertRecipient();
    }
  });

  it("a retry with the same key and details answers success and stores nothing more", async () => {
    const fields = validFields({ hasInsuranceDocs: "on" });
    const first = await handleInspectionRequest(inspectionRequest(fields, { files: [[PDF, "a.pdf"]] }));
    const again = await handleInspectionRequest(inspectionRequest(fields, { files: [[PDF, "a.pdf"]] }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await leadCount()).toBe(1);
    expect(storedFiles()).toHaveLength(1);
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
    const [emails] = await db().select({ n: count() }).from(emailOutbox);
    expect(emails?.n).toBe(2);
  });

  it("20 concurrent posts of one key store one lead", async () => {
    const fields = validFields();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => handleInspectionRequest(inspectionRequest(fields))));
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    expect(await leadCount()).toBe(1);
  });

  it("the same key with different details (a page restored and filled in again) is a new lead, deduplicated in turn", async () => {
    const key = newKey();
    await handleInspectionRequest(inspectionRequest(validFields({ submissionKey: key })));
    const other = validFields({ submissionKey: key, firstName: "John", email: "john@example.com" });
    await handleInspectionRequest(inspectionRequest(other));
    await handleInspectionRequest(inspectionRequest(other));
    const rows = await db().select({ firstName: leads.firstName, key: leads.submissionKey }).from(leads).orderBy(leads.createdAt);
    expect(rows.map((r) => r.firstName)).toEqual(["Jane", "John"]);
    expect(rows[1]!.key.startsWith(`${key}.`)).toBe(true);
  });

  it("without a key (no JavaScript, ADR 030): the same details within 10 minutes are one lead, even when posted at once", async () => {
    const fields = validFields({ submissionKey: "" });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => handleInspectionRequest(inspectionRequest(fields))));
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    expect(await leadCount()).toBe(1);
    const { submissionKey: _omitted, ...withoutKey } = fields;
    await handleInspectionRequest(inspectionRequest(withoutKey));
    expect(await leadCount()).toBe(1);
    // Other details: another request.
    await handleInspectionRequest(inspectionRequest(validFields({ submissionKey: "", firstName: "John" })));
    expect(await leadCount()).toBe(2);
    // The same details again after the window: a new request.
    await db().execute(sql`update leads set created_at = created_at - interval '11 minutes'`);
    await handleInspectionRequest(inspectionRequest(fields));
    expect(await leadCount()).toBe(3);
    const keys = (await db().select({ key: leads.submissionKey }).from(leads)).map((r) => r.key);
    for (const key of keys) expect(key).toMatch(/^nojs\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{12}$/);
  });

  it("a filled-in honeypot answers success and stores nothing", async () => {
    const outcome = await handleInspectionRequest(
      inspectionRequest(validFields({ hasInsuranceDocs: "on", company_website: "http://spam.example" }), { files: [[PDF, "a.pdf"]] }),
    );
    expect(outcome).toMatchObject({ ok: true, status: 200, title: INSPECTION_TEXT.successTitle });
    expect(await leadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
    const [emails] = await db().select({ n: count() }).from(emailOutbox);
    expect(emails?.n).toBe(0);
  });

  it("invalid input gets 400 with field messages and the typed values, and writes nothing", async () => {
    const outcome = await handleInspectionRequest(
      inspectionRequest(validFields({ email: "jane@", phone: "12", hasInsuranceDocs: "on" }), { files: [[PDF, "a.pdf"]] }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.title).toBe(INSPECTION_TEXT.invalidTitle);
    expect(Object.keys(outcome.fieldErrors).sort()).toEqual(["email", "phone"]);
    expect(outcome.values).toMatchObject({ firstName: "Jane", email: "jane@", phone: "12", hasInsuranceDocs: "on" });
    expect(outcome.formId).toBe("inspection-form");
    expect(await leadCount()).toBe(0);
    expect([...storedFiles(), ...fs.readdirSync(storage.stagingDir)]).toEqual([]);
  });

  it("files and claim details are ignored when the insurance box is not ticked", async () => {
    await handleInspectionRequest(inspectionRequest(validFields({ insuranceCompany: "X Mutual" }), { files: [[PDF, "a.pdf"]] }));
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ hasInsuranceDocs: false, insuranceCompany: null });
    expect(storedFiles()).toEqual([]);
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
  });

  it("a transaction that fails at COMMIT leaves no rows and no files", async () => {
    await db().execute(sql`
      create function fail_lead_commit() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Boom' then raise exception 'commit refused for the test'; end if;
        return null;
      end $$;
      create constraint trigger fail_lead_commit after insert on leads deferrable initially deferred
        for each row execute function fail_lead_commit();
    `);
    try {
      const outcome = await handleInspectionRequest(
        inspectionRequest(validFields({ firstName: "Boom", hasInsuranceDocs: "on" }), { files: [[PDF, "a.pdf"], [JPEG, "b.jpg"]] }),
      );
      expect(outcome).toMatchObject({ ok: false, status: 500, title: INSPECTION_TEXT.failureTitle, message: INSPECTION_TEXT.failureText });
      expect(outcome.values.firstName).toBe("Boom");
      expect(await leadCount()).toBe(0);
      const [attachments] = await db().select({ n: count() }).from(leadAttachments);
      expect(attachments?.n).toBe(0);
      expect([...storedFiles(), ...fs.readdirSync(storage.stagingDir)]).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger fail_lead_commit on leads; drop function fail_lead_commit()`);
    }
  });

  describe("with the uploads in an S3 bucket (s3rver on 127.0.0.1)", () => {
    let s3: RunningS3Server;
    let s3Storage: S3UploadStorage;
    beforeAll(async () => {
      s3 = await startS3Server();
      s3Storage = new S3UploadStorage({ ...s3.settings("uploads"), stagingDir: path.join(uploadsRoot, "s3-staging"), client: s3.client() });
      setUploadStorageForTests(s3Storage);
    });
    afterAll(async () => {
      setUploadStorageForTests(storage);
      await s3.stop();
    });

    it("stores the files in the bucket, and staff open them from there", async () => {
      const outcome = await handleInspectionRequest(
        inspectionRequest(validFields({ hasInsuranceDocs: "on" }), { files: [[PDF, "claim.pdf"], [JPEG, "roof.jpg"]] }),
      );
      expect(outcome).toMatchObject({ ok: true });
      const rows = await db().select().from(leadAttachments).orderBy(leadAttachments.originalName);
      expect(rows.map((r) => r.originalName)).toEqual(["claim.pdf", "roof.jpg"]);
      expect(await s3.listKeys()).toEqual(rows.map((r) => `uploads/${r.storageKey}`).sort());
      const opened = await openLeadAttachment(rows[0]!.leadId, rows[0]!.id);
      expect(opened?.size).toBe(PDF.length);
      expect(await text(opened!.stream)).toBe(PDF.toString());
      expect(fs.readdirSync(s3Storage.stagingDir)).toEqual([]);
      for (const row of rows) await s3Storage.delete(row.storageKey);
    });

    it("a transaction that fails at COMMIT leaves no rows and no objects", async () => {
      await db().execute(sql`
        create function fail_lead_commit() returns trigger language plpgsql as $$
        begin
          if new.first_name = 'Boom' then raise exception 'commit refused for the test'; end if;
          return null;
        end $$;
        create constraint trigger fail_lead_commit after insert on leads deferrable initially deferred
          for each row execute function fail_lead_commit();
      `);
      try {
        const outcome = await handleInspectionRequest(
          inspectionRequest(validFields({ firstName: "Boom", hasInsuranceDocs: "on" }), { files: [[PDF, "a.pdf"], [JPEG, "b.jpg"]] }),
        );
        expect(outcome).toMatchObject({ ok: false, status: 500 });
        expect(await leadCount()).toBe(0);
        expect(await s3.listKeys()).toEqual([]);
        expect(fs.readdirSync(s3Storage.stagingDir)).toEqual([]);
      } finally {
        await db().execute(sql`drop trigger fail_lead_commit on leads; drop function fail_lead_commit()`);
      }
    });
  });
});

describe("the per-client rate limit", () => {
  beforeAll(() => {
    process.env.LEAD_RATE_LIMIT_PER_MINUTE = "3";
    process.env.LEAD_RATE_LIMIT_PER_HOUR = "5";
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.LEAD_RATE_LIMIT_PER_MINUTE;
    delete process.env.LEAD_RATE_LIMIT_PER_HOUR;
    resetConfigForTests();
  });
  beforeEach(() => truncate("lead_rate_limits"));

  it("answers 429 with Retry-After past the per-minute limit, for that client only, counted in the database", async () => {
    // Fixed one-minute windows: do not start the burst in the last seconds of a minute.
    const second = new Date().getSeconds();
    if (second >= 54) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await handleInspectionRequest(inspectionRequest(validFields(), { ip: "192.0.2.1" }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await handleInspectionRequest(inspectionRequest(validFields(), { ip: "192.0.2.1" }));
    expect(refused.title).toBe(INSPECTION_TEXT.rateLimitedTitle);
    expect(refused.message).toContain("(614) 555-0147");
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await handleInspectionRequest(inspectionRequest(validFields(), { ip: "192.0.2.2" }))).status).toBe(200);
    const rows = await db().select().from(leadRateLimits).where(eq(leadRateLimits.bucket, "m:192.0.2.1"));
    expect(rows[0]?.count).toBe(5);
  });

  it("the hourly limit holds when the minute changes", async () => {
    // Two requests in an earlier minute of this hour...
    await db()
      .insert(leadRateLimits)
      .values([
        { bucket: "m:192.0.2.9", windowStart: sql`date_trunc('minute', now()) - interval '1 minute'`, count: 2 },
        { bucket: "h:192.0.2.9", windowStart: sql`date_trunc('hour', now())`, count: 4 },
      ]);
    // ...then the fifth of the hour passes and the sixth does not.
    expect((await handleInspectionRequest(inspectionRequest(validFields(), { ip: "192.0.2.9" }))).status).toBe(200);
    const sixth = await handleInspectionRequest(inspectionRequest(validFields(), { ip: "192.0.2.9" }));
    expect(sixth.status).toBe(429);
    expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(3600);
  });
});

describe("staff work on leads", () => {
  let leadId: string;
  const actor = () => ({ id: admin.id, email: admin.email });

  beforeAll(async () => {
    await truncate("leads", "email_outbox", "lead_rate_limits");
    const base = validFields();
    const make = async (overrides: Record<string, string>, files: Array<[Buffer, string]> = []) => {
      const outcome = await handleInspectionRequest(inspectionRequest({ ...base, submissionKey: newKey(), ...overrides }, { files }));
      expect(outcome.status).toBe(200);
    };
    await make({ firstName: "Alice", lastName: "Anders", email: "alice@example.com", service: "roof-repair", message: "=HYPERLINK(\"http://x\")" });
    await make({ firstName: "Bob", lastName: "Baker", email: "bob@example.com", phone: "(740) 555-0100", service: "", hasInsuranceDocs: "on" }, [[PDF, "bob.pdf"]]);
    await make({ firstName: "Carol", lastName: "Cruz", email: "carol@example.com", service: "inspection", message: "100% sure_about it" });
    // Spread over time, oldest first: Alice 20 days ago, Bob 3 days ago, Carol now.
    await db().execute(sql`update leads set created_at = now() - interval '20 days' where first_name = 'Alice'`);
    await db().execute(sql`update leads set created_at = now() - interval '3 days' where first_name = 'Bob'`);
    const [bob] = await db().select({ id: leads.id }).from(leads).where(eq(leads.firstName, "Bob"));
    leadId = bob!.id;
  });

  it("lists newest first, with search, filters and paging", async () => {
    const all = await listLeads(parseLeadListQuery(new URLSearchParams()));
    expect(all.items.map((l) => l.firstName)).toEqual(["Carol", "Bob", "Alice"]);
    expect(all.items.find((l) => l.firstName === "Bob")?.attachmentCount).toBe(1);
    const names = async (query: string) => (await listLeads(parseLeadListQuery(new URLSearchParams(query)))).items.map((l) => l.firstName);
    expect(await names("q=bob")).toEqual(["Bob"]);
    expect(await names("q=740")).toEqual(["Bob"]);
    expect(await names("q=carol%40example")).toEqual(["Carol"]);
    expect(await names("q=100%25")).toEqual(["Carol", "Bob"]); // Carol's message, and 100 in Bob's phone number
    expect(await names("q=%25")).toEqual(["Carol"]); // % is literal, not a wildcard
    expect(await names("q=_")).toEqual(["Carol"]);
    expect(await names("q=zzz")).toEqual([]);
    expect(await names("q=' or 1=1 --")).toEqual([]);
    expect(await names("service=roof-repair")).toEqual(["Alice"]);
    expect(await names("service=none")).toEqual(["Bob"]);
    expect(await names("insurance=yes")).toEqual(["Bob"]);
    expect(await names("insurance=no")).toEqual(["Carol", "Alice"]);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(await names(`from=${tenDaysAgo}`)).toEqual(["Carol", "Bob"]);
    expect(await names(`to=${tenDaysAgo}`)).toEqual(["Alice"]);
    const paged = await listLeads(parseLeadListQuery(new URLSearchParams("page=2")), { pageSize: 2 });
    expect([paged.total, paged.page, paged.pageCount, paged.items.map((l) => l.firstName)]).toEqual([3, 2, 2, ["Alice"]]);
  });

  it("ticking Contacted keeps the pipeline consistent and records the change", async () => {
    const ticked = await setLeadContacted({ leadId, contacted: true, actor: actor() });
    expect(ticked).toEqual({ ok: true, contacted: true, pipelineStatus: "contacted", changed: true });
    expect((await setLeadContacted({ leadId, contacted: true, actor: actor() })).ok && true).toBe(true);
    expect(await names("status=contacted")).toEqual(["Bob"]);
    const status = await setLeadStatus({ leadId, status: "estimate_sent", actor: actor() });
    expect(status).toMatchObject({ ok: true, pipelineStatus: "estimate_sent", contacted: true });
    const unticked = await setLeadContacted({ leadId, contacted: false, actor: actor() });
    expect(unticked).toMatchObject({ ok: true, pipelineStatus: "new", contacted: false });
    const lost = await setLeadStatus({ leadId, status: "lost", actor: actor() });
    expect(lost).toMatchObject({ pipelineStatus: "lost", contacted: false });

    const events = await db().select().from(leadNotes).where(and(eq(leadNotes.leadId, leadId), eq(leadNotes.kind, "event")));
    expect(events.map((e) => e.body)).toEqual([
      "Status changed from New to Contacted. Marked as contacted.",
      "Status changed from Contacted to Estimate sent.",
      "Status changed from Estimate sent to New. Marked as not contacted.",
      "Status changed from New to Lost.",
    ]);
    expect(events.every((e) => e.authorUserId === admin.id)).toBe(true);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, leadId));
    expect(audits.map((a) => a.action).sort()).toEqual(["lead.contacted.update", "lead.contacted.update", "lead.status.update", "lead.status.update"]);
    expect(audits.every((a) => a.actorUserId === admin.id && a.actorEmail === admin.email)).toBe(true);

    // The database refuses an inconsistent pair whatever the code does.
    await expect(db().update(leads).set({ pipelineStatus: "won", contacted: false }).where(eq(leads.id, leadId))).rejects.toThrow();
    expect(await setLeadContacted({ leadId: crypto.randomUUID(), contacted: true, actor: actor() })).toEqual({ ok: false, reason: "not_found" });

    async function names(query: string) {
      return (await listLeads(parseLeadListQuery(new URLSearchParams(query)))).items.map((l) => l.firstName);
    }
  });

  it("notes and insurance edits appear on the timeline of the detail", async () => {
    expect(await addLeadNote({ leadId, body: "Called, left a voicemail.\nTry again Monday.", actor: actor() })).toMatchObject({ ok: true });
    expect(
      await updateLeadInsurance({
        leadId,
        insurance: { hasInsuranceDocs: true, insuranceCompany: "Buckeye Mutual", claimNumber: "A-1", dateOfLoss: "2026-05-02" },
        actor: actor(),
      }),
    ).toEqual({ ok: true, changed: true });
    expect(
      await updateLeadInsurance({
        leadId,
        insurance: { hasInsuranceDocs: true, insuranceCompany: "Buckeye Mutual", claimNumber: "A-1", dateOfLoss: "2026-05-02" },
        actor: actor(),
      }),
    ).toEqual({ ok: true, changed: false });
    const detail = await getLead(leadId);
    expect(detail?.lead).toMatchObject({ firstName: "Bob", insuranceCompany: "Buckeye Mutual", claimNumber: "A-1", dateOfLoss: "2026-05-02" });
    expect(detail?.lead).not.toHaveProperty("submissionKey");
    expect(detail?.attachments.map((a) => a.originalName)).toEqual(["bob.pdf"]);
    const last = detail!.timeline.slice(-2);
    expect(last[0]).toMatchObject({ kind: "note", body: "Called, left a voicemail.\nTry again Monday.", authorName: "Avery Admin" });
    expect(last[1]?.body).toMatch(/^Insurance details updated\. Insurance company: \(empty\) → "Buckeye Mutual"/);
    expect(await getLead(crypto.randomUUID())).toBeNull();
  });

  it("opens an attachment only through its own lead", async () => {
    const detail = await getLead(leadId);
    const attachmentId = detail!.attachments[0]!.id;
    const file = await openLeadAttachment(leadId, attachmentId);
    expect(file).toMatchObject({ fileName: "bob.pdf", contentType: "application/pdf", size: PDF.length });
    expect(await text(file!.stream)).toBe(PDF.toString());
    const [other] = await db().select({ id: leads.id }).from(leads).where(eq(leads.firstName, "Alice"));
    expect(await openLeadAttachment(other!.id, attachmentId)).toBeNull();
    expect(await openLeadAttachment(leadId, crypto.randomUUID())).toBeNull();
  });

  it("exports the filtered list as CSV that spreadsheets cannot run", async () => {
    const bytes = Buffer.from(await new Response(exportLeadsCsv(parseLeadListQuery(new URLSearchParams()))).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]!.startsWith('"Received","First name","Last name","Email","Phone"')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Carol","Cruz","carol@example.com","(614) 555-0147","","","","","No","Free Inspection","100% sure_about it"');
    const alice = lines.find((l) => l.includes('"Alice"'))!;
    expect(alice).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(alice).toContain('"google"');
    const filtered = await new Response(exportLeadsCsv(parseLeadListQuery(new URLSearchParams("insurance=yes")))).text();
    expect(filtered.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("counts leads per week, oldest week first", async () => {
    const weeks = await leadsPerWeek({ weeks: 4 });
    expect(weeks).toHaveLength(4);
    expect(weeks.every((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.weekStart))).toBe(true);
    expect(new Date(`${weeks[3]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(3);
    expect(weeks[3]!.count).toBeGreaterThanOrEqual(1);
  });
});
