import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { emailOutbox, leads } from "~/db/schema";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";
import { sessionCookieName } from "~/domain/accounts/cookies.server";
import { readAccountLink } from "~/domain/accounts/redeem-account-link.server";
import { resolveSession } from "~/domain/accounts/session.server";
import { createBackup } from "~/domain/backups/create-backup.server";
import { purgeOutboxBodies } from "~/domain/email/purge-outbox-bodies.server";
import { deliverQueuedEmail } from "~/domain/email/send-email.job.server";
import { action as leadAction } from "~/routes/admin/leads.$id";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { createSession, createUser, setUserPassword, TEST_PASSWORD, uniqueEmail } from "../support/factories";
import { asSent } from "../support/outbox";
import { TestSmtpServer } from "../support/smtp";

/**
 * Issue 29 item 2: no usable secret is stored in clear in the database or in a backup. With one of every
 * kind live (a sign-up's confirmation link, a portal invitation, a password reset, a session), some emails
 * delivered through a real SMTP server and one still waiting, a dump of every table of every schema and a
 * fresh backup archive hold none of them, while each still works.
 */

vi.setConfig({ testTimeout: 120_000 });

const ORIGIN = "http://app.test";
const context = { cspNonce: "", requestId: "secrets-at-rest" };
const smtp = new TestSmtpServer();
const savedEnv = { ...process.env };
let work: string;
let ip = 0;

function formRequest(urlPath: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": `198.51.100.${(ip += 1)}`, origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${urlPath}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

function apiRequest(urlPath: string, body: unknown): Request {
  return new Request(`${ORIGIN}/api/auth${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-app-client-ip": `203.0.113.${(ip += 1)}` },
    body: JSON.stringify(body),
  });
}

async function outboxRow(to: string, kind: string) {
  const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(desc(emailOutbox.createdAt)).limit(1);
  if (!row) throw new Error(`no ${kind} email to ${to}`);
  return row;
}

function tokenIn(text: string): string {
  const token = /token=([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error(`no link in:\n${text}`);
  return token;
}

async function newLead(email: string): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({ firstName: "Zoë", lastName: "O'Neill", email, phone: "+16145550123", message: "gate code 4412", submissionKey: `secrets-${crypto.randomUUID()}` })
    .returning({ id: leads.id });
  return row!.id;
}

/** Every row of every table of the app's schemas, as text (what `pg_dump --data-only` would hold). */
async function databaseDump(): Promise<string> {
  const tables = await db().execute<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  `);
  expect(tables.rows.length).toBeGreaterThan(20);
  const parts: string[] = [];
  for (const { schema, name } of tables.rows) {
    const rows = await db().execute<{ row: string }>(sql.raw(`select t::text as row from "${schema}"."${name}" t`));
    parts.push(`-- ${schema}.${name}`, ...rows.rows.map((r) => r.row));
  }
  return parts.join("\n");
}

beforeAll(async () => {
  await smtp.start(0);
  process.env.APP_URL = "https://roofing.test";
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  resetConfigForTests();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-at-rest-"));
});

afterAll(async () => {
  await smtp.stop();
  process.env = savedEnv;
  resetConfigForTests();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("no live secret at rest (issue 29 item 2)", () => {
  test("a dump of every table and a fresh backup hold no link token and no session token, and each still works", async () => {
    // A sign-up's confirmation link (left waiting in the outbox).
    const signUpEmail = uniqueEmail("zoe-signup");
    await newLead(signUpEmail);
    const signedUp = await handleAuthApiRequest(apiRequest("/sign-up/email", { name: "Zoë O'Neill", firstName: "Zoë", lastName: "O'Neill", email: signUpEmail, password: TEST_PASSWORD }));
    expect(signedUp.status).toBe(200);
    const confirmation = await outboxRow(signUpEmail, "auth.verify-email");
    const confirmToken = tokenIn(asSent(confirmation).textBody);

    // A portal invitation and a password reset (both delivered).
    const staff = await createUser({ kind: "admin" });
    await setUserPassword(staff);
    const staffCookie = (await createSession(staff)).cookie;
    const invitedEmail = uniqueEmail("zoe-invited");
    const leadId = await newLead(invitedEmail);
    await leadAction({ request: formRequest(`/admin/leads/${leadId}`, { intent: "invite-to-portal" }, staffCookie), params: { id: leadId }, context } as never);
    const invitation = await outboxRow(invitedEmail, "portal.invitation");
    const inviteToken = tokenIn(asSent(invitation).textBody);
    await forgotPasswordAction({ request: formRequest("/auth/forgot-password", { email: staff.email }), params: {}, context } as never);
    const reset = await outboxRow(staff.email, "auth.reset-password");
    const resetToken = tokenIn(asSent(reset).textBody);

    // A session made by a real sign-in.
    const signIn = await handleAuthApiRequest(apiRequest("/sign-in/email", { email: staff.email, password: TEST_PASSWORD }));
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName()}=`))!.split(";")[0]!;
    const sessionToken = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
    expect(sessionToken.length).toBeGreaterThanOrEqual(32);

    // The stored bodies never held the tokens; delivery puts them in the message the recipient gets.
    for (const row of [confirmation, invitation, reset]) {
      expect(`${row.textBody}${row.htmlBody}`).toContain("{{one-time-secret}}");
      expect(row.sealedSecret).toMatch(/^v1\./);
    }
    expect(await deliverQueuedEmail(invitation.id)).toBe("sent");
    expect(await deliverQueuedEmail(reset.id)).toBe("sent");
    const received = (id: string) => smtp.messagesFor(id).map((m) => m.raw.replace(/=\r?\n/g, "")).join("\n");
    expect(received(invitation.id)).toContain(inviteToken);
    expect(received(reset.id)).toContain(resetToken);
    expect((await outboxRow(invitedEmail, "portal.invitation")).sealedSecret).toBeNull();
    expect((await outboxRow(signUpEmail, "auth.verify-email")).sealedSecret).not.toBeNull();

    const secrets = { confirmToken, inviteToken, resetToken, sessionToken, cookie: decodeURIComponent(cookie.split("=")[1]!) };
    const dump = await databaseDump();
    expect(dump).toContain(signUpEmail);
    const backup = await createBackup({ databaseUrl: process.env.DATABASE_URL!, outputDir: path.join(work, "backups"), uploadsDir: path.join(work, "uploads"), appVersion: "test" });
    const archive = zlib.gunzipSync(fs.readFileSync(backup.path)).toString("latin1");
    expect(archive).toContain(signUpEmail);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(dump.includes(secret), `${name} in the database dump`).toBe(false);
      expect(archive.includes(secret), `${name} in the backup archive`).toBe(false);
    }

    // Each of them is live: finding none was not for want of working secrets.
    expect(await readAccountLink(confirmToken, "confirm-email")).toMatchObject({ ok: true });
    expect(await readAccountLink(inviteToken, "portal-invitation")).toMatchObject({ ok: true });
    expect(await resolveSession(new Headers({ cookie }))).toMatchObject({ email: staff.email });
    // The reset link is not used here (that would spend it): its row, stored under a hash, is still unexpired.
    const liveResets = await db().execute(sql`select count(*)::int as n from verifications where expires_at > now()`);
    expect((liveResets.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  test("the outbox keeps a message's text for the retention period, then only its recipient, subject, status and times", async () => {
    const to = uniqueEmail("retention");
    const [old, fresh, waiting] = await db()
      .insert(emailOutbox)
      .values([
        { toAddress: to, subject: "Old", textBody: "old text", htmlBody: "<p>old</p>", kind: "test.retention", status: "sent", sentAt: sql`now() - interval '31 days'` },
        { toAddress: to, subject: "Fresh", textBody: "fresh text", kind: "test.retention", status: "sent", sentAt: sql`now() - interval '29 days'` },
        { toAddress: to, subject: "Waiting", textBody: "waiting text", kind: "test.retention", status: "queued", updatedAt: sql`now() - interval '40 days'` },
      ])
      .returning();
    expect(await purgeOutboxBodies({ retentionDays: 30 })).toMatchObject({ purged: 1 });
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old!.id)).toMatchObject({ textBody: "", htmlBody: null, subject: "Old", status: "sent", attachments: [] });
    expect(byId.get(old!.id)!.bodiesPurgedAt).not.toBeNull();
    expect(byId.get(fresh!.id)).toMatchObject({ textBody: "fresh text", bodiesPurgedAt: null });
    expect(byId.get(waiting!.id)).toMatchObject({ textBody: "waiting text", bodiesPurgedAt: null });
  });
});
