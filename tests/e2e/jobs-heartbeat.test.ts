import fs from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from "vitest";
import * as schema from "~/db/schema";
import { spawnServer, waitForLog, type ServerProcess } from "../support/app-server";
import { createDatabase, dropDatabase } from "../support/db";
import { createUser, setUserPassword, TEST_PASSWORD } from "../support/factories";
import { freePort, waitFor } from "../support/net";
import { makeTempDir } from "../support/temp-dirs";

/**
 * Can an operator tell that the background jobs are not running? (issue 24). A web instance and a jobs
 * instance on one database, with a one-second heartbeat (stale after four): while the jobs instance runs,
 * /healthz on the web instance says `jobs: "ok"`; once it stops and work is waiting (an inspection
 * request's emails), /healthz says "stale since ..." (still 200: the site itself is fine) and the dashboard
 * and the contracts screen say "Background jobs are not running since ..."; when it starts again the
 * notice goes and the waiting emails are sent.
 */

const SECRET = "jobs-heartbeat-e2e-secret-0123456789abcdefghijkl";
const info = inject("testDatabase");
const databaseName = `${info.prefix}_heartbeat_${process.pid}`;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
let databaseUrl = "";
let pool: pg.Pool;
let web: { url: string; server: ServerProcess };
let jobs: ServerProcess | undefined;
let cookie = "";

function startInstance(role: "web" | "jobs", port: number): ServerProcess {
  const dataDir = makeTempDir(`heartbeat-${role}`);
  dirs.push(dataDir);
  const server = spawnServer({
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      INSTANCE_ROLE: role,
      BETTER_AUTH_SECRET: SECRET,
      JOBS_HEARTBEAT_SECONDS: "1",
      LEAD_RATE_LIMIT_PER_MINUTE: "0",
      LEAD_RATE_LIMIT_PER_HOUR: "0",
      LOG_LEVEL: "info",
    },
  });
  servers.push(server);
  return server;
}

async function startJobsInstance(): Promise<ServerProcess> {
  const port = await freePort();
  const server = startInstance("jobs", port);
  await server.waitUntilHealthy(`http://127.0.0.1:${port}`, 60_000);
  return server;
}

async function health(): Promise<{ status: string; jobs: string }> {
  const response = await fetch(`${web.url}/healthz`);
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; jobs: string };
}

async function adminPage(path: string): Promise<string> {
  const response = await fetch(`${web.url}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  databaseUrl = await createDatabase(info.adminUrl, databaseName);
  jobs = await startJobsInstance();
  const port = await freePort();
  web = { url: `http://127.0.0.1:${port}`, server: startInstance("web", port) };
  await web.server.waitUntilHealthy(web.url, 60_000);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const database = drizzle(pool, { schema, casing: "snake_case" });
  const admin = await createUser({ kind: "admin", db: database });
  await setUserPassword(admin, TEST_PASSWORD, { db: database });
  const response = await fetch(`${web.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: web.url },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await pool?.end();
  if (databaseUrl) await dropDatabase(info.adminUrl, databaseName);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

beforeEach((context) => {
  context.onTestFailed(() => {
    console.error(`---- web ----\n${web.server.logTail(30)}\n---- jobs ----\n${jobs?.logTail(30) ?? "(none)"}`);
  });
});

describe("the jobs' heartbeat", () => {
  test("healthz and the back office say when the jobs stop running while work waits, and stop saying it when they run again", async () => {
    expect((await health()).jobs).toBe("ok");
    expect(await adminPage("/admin")).not.toContain("Background jobs are not running");

    await jobs!.stop();
    jobs = undefined;
    // Work waits: an inspection request queues its two emails.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      submissionKey: `heartbeat-${process.pid}-${Date.now()}`,
      firstName: "Renée",
      lastName: "O'Connor",
      email: "renee@example.com",
      phone: "614-555-0147",
    })) {
      form.append(name, value);
    }
    expect((await fetch(`${web.url}/inspection-request`, { method: "POST", body: form })).status).toBe(200);

    const stale = await waitFor(async () => {
      const body = await health();
      return body.jobs.startsWith("stale since ") ? body : undefined;
    }, { timeoutMs: 20_000, message: "healthz to report the jobs stale" });
    expect(stale.status).toBe("ok");
    // And the web instance's log says it, once (issue 32 item 3: nothing silently off).
    await waitForLog(web.server, (log) => /"level":40.*background jobs are not running: no process has run them since \d{4}-/.test(log), 20_000);
    expect(Number.isNaN(Date.parse(stale.jobs.slice("stale since ".length)))).toBe(false);
    for (const path of ["/admin", "/admin/contracts"]) {
      const html = await adminPage(path);
      expect(html, path).toMatch(/Background jobs are not running since [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(html, path).toMatch(/\d+ jobs? (is|are) waiting/);
    }

    jobs = await startJobsInstance();
    await waitFor(async () => ((await health()).jobs === "ok" ? true : undefined), { timeoutMs: 20_000, message: "healthz to report the jobs running" });
    // The waiting emails are handled, and the notice is gone.
    await waitFor(
      async () => {
        const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from email_outbox where status = 'queued'");
        return rows[0]!.n === 0 ? true : undefined;
      },
      { timeoutMs: 30_000, message: "the queued emails to be handled" },
    );
    expect(await adminPage("/admin")).not.toContain("Background jobs are not running");
    await waitForLog(web.server, (log) => log.includes('"msg":"background jobs are running again"'), 20_000);
    expect(web.server.logs().match(/background jobs are not running/g)).toHaveLength(1);
  }, 120_000);
});
