import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { startApp, type RunningApp } from "../support/app-server";

/**
 * POST /inspection-request over HTTP against the real server (QUALITY R2,
 * S21): 100 parallel posts of one submission key make one lead (and one
 * stored file); a burst from one client gets 429 with Retry-After, and a
 * spoofed X-Forwarded-For does not get around it.
 */

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function form(fields: Record<string, string>, files: Array<[Buffer, string]> = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [bytes, name] of files) fd.append("files", new Blob([new Uint8Array(bytes)]), name);
  return fd;
}

const base = (key: string) => ({
  formId: "inspection-form",
  submissionKey: key,
  firstName: "Pat",
  lastName: "Parallel",
  email: "pat@example.com",
  phone: "(380) 555-0199",
  hasInsuranceDocs: "on",
});

describe("one key posted 100 times in parallel (QUALITY R2)", () => {
  let app: RunningApp;
  let client: pg.Client;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leads-http-"));

  beforeAll(async () => {
    app = await startApp({ env: { DATA_DIR: dataDir, LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0", LOG_LEVEL: "warn" } });
    client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test("creates exactly one lead, one attachment, two emails and one file; every post is answered with success", async () => {
    const key = `parallel-${Date.now()}-abcdefgh`;
    const pdf = Buffer.from("%PDF-1.4\nparallel test\n");
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${app.url}/inspection-request`, { method: "POST", body: form(base(key), [[pdf, "claim.pdf"]]) }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { ok: boolean; title: string },
        })),
      ),
    );
    expect(responses.filter((r) => r.status === 200 && r.body.ok && r.body.title === "Request Submitted!")).toHaveLength(100);
    const leads = await client.query(`select id from leads where submission_key = $1`, [key]);
    expect(leads.rows).toHaveLength(1);
    const [{ n: total }] = (await client.query(`select count(*)::int as n from leads`)).rows;
    expect(total).toBe(1);
    const attachments = await client.query(`select storage_key from lead_attachments where lead_id = $1`, [leads.rows[0].id]);
    expect(attachments.rows).toHaveLength(1);
    const emails = await client.query(`select kind from email_outbox where related_id = $1::text order by kind`, [leads.rows[0].id]);
    expect(emails.rows.map((r) => r.kind)).toEqual(["lead.alert", "lead.confirmation"]);
    const stored = filesUnder(path.join(dataDir, "uploads")).map((f) => path.relative(path.join(dataDir, "uploads"), f));
    expect(stored).toEqual([attachments.rows[0].storage_key]);
  }, 60_000);

  test("GET is not allowed, and a cross-site post is refused", async () => {
    const get = await fetch(`${app.url}/inspection-request`);
    expect(get.status).toBe(405);
    const crossSite = await fetch(`${app.url}/inspection-request`, {
      method: "POST",
      body: form(base(`cross-${Date.now()}-abcdefgh`)),
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const [{ n }] = (await client.query(`select count(*)::int as n from leads where submission_key like 'cross-%'`)).rows;
    expect(n).toBe(0);
  });

  test("an email with a trailing NUL or a text-direction override is refused with a 400 and a clear field message; nothing is written", async () => {
    for (const [email, message] of [
      ["a@example.com\u0000", TEXT_ERRORS.control],
      ["\u202Eevil@example.com", TEXT_ERRORS.bidi],
    ] as const) {
      const key = `chars-${Date.now()}-${email.length}-abcdefgh`;
      const response = await fetch(`${app.url}/inspection-request`, { method: "POST", body: form({ ...base(key), hasInsuranceDocs: "", email }) });
      expect(response.status, JSON.stringify(email)).toBe(400);
      const body = (await response.json()) as { ok: boolean; fieldErrors: Record<string, string> };
      expect(body.ok).toBe(false);
      expect(body.fieldErrors).toEqual({ email: message });
      const [{ n }] = (await client.query(`select count(*)::int as n from leads where submission_key = $1`, [key])).rows;
      expect(n).toBe(0);
    }
  });
});

describe("the per-client rate limit over HTTP (QUALITY S21)", () => {
  let app: RunningApp;

  beforeAll(async () => {
    // The defaults: 5 per minute, 30 per hour.
    app = await startApp({ env: { LOG_LEVEL: "warn", LEAD_RATE_LIMIT_PER_MINUTE: undefined, LEAD_RATE_LIMIT_PER_HOUR: undefined } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  test("a burst gets 429 with Retry-After and a friendly message; X-Forwarded-For does not escape it", async () => {
    const post = (i: number, headers: Record<string, string> = {}) =>
      fetch(`${app.url}/inspection-request`, { method: "POST", body: form({ ...base(`burst-${Date.now()}-${i}-abcdefgh`), hasInsuranceDocs: "" }), headers });
    // Fixed one-minute windows: do not start the burst in the last seconds of a minute.
    const second = new Date().getSeconds();
    if (second >= 54) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await post(5);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { ok: boolean; title: string; message: string };
    expect(body).toMatchObject({ ok: false, title: "Too many requests" });
    expect(body.message).toMatch(/wait a minute and try again/);
    const spoofed = await post(6, { "X-Forwarded-For": "198.51.100.77", "X-App-Client-Ip": "198.51.100.78" });
    expect(spoofed.status).toBe(429);
  });
});
