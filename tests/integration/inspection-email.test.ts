import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type RunningApp } from "../support/app-server";
import { TestSmtpServer } from "../support/smtp";

/**
 * The emails of an inspection request end to end: the real server (built
 * app, pg-boss workers on) posts to a real SMTP server on 127.0.0.1. The team
 * alert reaches the address in the settings with the lead's details and a
 * link to it; the homeowner gets a confirmation. With the SMTP server down,
 * the lead is still stored and answered with success; the messages wait in
 * the outbox and go out once the server is back (ADR 006).
 */


/** Text of a message with quoted-printable soft breaks and escapes undone (good enough for assertions). */
function plain(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitFor<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const smtp = new TestSmtpServer();
let app: RunningApp;
let client: pg.Client;
let keyCounter = 0;

async function submit(fields: Record<string, string>) {
  keyCounter += 1;
  const fd = new FormData();
  const all = {
    submissionKey: `email-test-${process.pid}-${keyCounter}-${Date.now()}`,
    firstName: "Jane",
    lastName: "Doe",
    phone: "614-555-0147",
    service: "storm-restoration",
    message: "Hail <b>damage</b> & missing shingles",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) fd.append(k, v);
  const response = await fetch(`${app.url}/inspection-request`, { method: "POST", body: fd });
  return { status: response.status, body: (await response.json()) as { ok: boolean } };
}

beforeAll(async () => {
  await smtp.start(0);
  app = await startApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Buckeye Valor Roofing <no-reply@roofing.test>",
      APP_URL: "https://roofing.test",
      JOBS_ENABLED: "true",
      LEAD_RATE_LIMIT_PER_MINUTE: "0",
      LEAD_RATE_LIMIT_PER_HOUR: "0",
    },
  });
  client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await app?.stop();
  await smtp.stop();
}, 60_000);

describe("inspection request emails (real server, real SMTP)", () => {
  test("the team alert and the homeowner's confirmation arrive", async () => {
    const result = await submit({ email: "jane.homeowner@example.com" });
    expect(result).toEqual({ status: 200, body: expect.objectContaining({ ok: true }) });
    const { rows } = await client.query<{ id: string; alert: string }>(
      `select l.id, (select setting_value from cms_site_settings where setting_key = 'lead_alert_email') as alert
         from leads l where l.email = 'jane.homeowner@example.com'`,
    );
    expect(rows).toHaveLength(1);
    const { id, alert } = rows[0]!;

    const [alertMail] = await waitFor(() => smtp.to(alert).length > 0 && smtp.to(alert), "the team alert");
    const alertText = plain(alertMail!.raw);
    expect(alertText).toMatch(/Subject: New inspection request from Jane Doe/);
    expect(alertText).toContain(`https://roofing.test/admin/leads/${id}`);
    expect(alertText).toContain("Phone: (614) 555-0147");
    expect(alertText).toContain("Service: Storm Restoration");
    expect(alertText).toMatch(/Reply-To: jane\.homeowner@example\.com/);
    // User text is escaped in the HTML part, never markup.
    expect(alertText).toContain("Hail &lt;b&gt;damage&lt;/b&gt; &amp; missing shingles");
    expect(alertText).not.toContain("<b>damage</b></p>");

    const [confirmation] = await waitFor(() => smtp.to("jane.homeowner@example.com").length > 0 && smtp.to("jane.homeowner@example.com"), "the confirmation");
    const confirmationText = plain(confirmation!.raw);
    expect(confirmationText).toMatch(/Subject: We received your inspection request/);
    expect(confirmationText).toContain("Hi Jane,");
    expect(confirmationText).toContain("we'll be in touch with you shortly");

    await waitFor(async () => {
      const sent = await client.query(`select count(*)::int as n from email_outbox where related_id = $1 and status = 'sent'`, [id]);
      return sent.rows[0].n === 2;
    }, "both outbox rows to be marked sent");
  });

  test("with the SMTP server down the lead is stored and answered; the emails go out when it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    let id = "";
    try {
      const result = await submit({ email: "down.homeowner@example.com" });
      expect(result.status).toBe(200);
      const { rows } = await client.query<{ id: string }>(`select id from leads where email = 'down.homeowner@example.com'`);
      expect(rows).toHaveLength(1);
      id = rows[0]!.id;
      // The send jobs run, fail and wait for a retry; the messages stay in the outbox.
      await waitFor(async () => {
        const r = await client.query(
          `select count(*)::int as n from email_outbox where related_id = $1 and status = 'queued' and attempts >= 1 and last_error is not null`,
          [id],
        );
        return r.rows[0].n === 2;
      }, "both sends to fail once");
      expect(smtp.to("down.homeowner@example.com")).toHaveLength(0);
    } finally {
      await smtp.start(port);
    }
    // Skip the back-off wait of the retries.
    await client.query(
      `update pgboss.job set start_after = now() where name = 'email.send' and singleton_key in (select id::text from email_outbox where related_id = $1)`,
      [id],
    );
    await waitFor(() => smtp.to("down.homeowner@example.com").length > 0, "the confirmation after the outage", 30_000);
    await waitFor(async () => {
      const r = await client.query(`select count(*)::int as n from email_outbox where related_id = $1 and status = 'sent'`, [id]);
      return r.rows[0].n === 2;
    }, "both messages sent after the outage", 30_000);
  }, 90_000);
});
