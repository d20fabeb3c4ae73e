import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from "vitest";
import * as schema from "~/db/schema";
import { spawnServer, type ServerProcess } from "../support/app-server";
import { CrawlerFixtureServer } from "../support/crawler-fixture-server";
import { createDatabase, dropDatabase } from "../support/db";
import { createUser, setUserPassword, TEST_PASSWORD } from "../support/factories";
import { freePort, waitFor } from "../support/net";
import { startS3Server, type RunningS3Server } from "../support/s3";
import { makeTempDir } from "../support/temp-dirs";

/**
 * Several instances on one database and one bucket (issue 13 item 5, ADR 033):
 * two web instances (INSTANCE_ROLE=web) and one jobs instance
 * (INSTANCE_ROLE=jobs) of the production server, one PostgreSQL database, one
 * S3 bucket on s3rver (127.0.0.1). A session made on A is valid on B; a
 * content change made on A clears B's page cache (NOTIFY); a file uploaded
 * through A downloads through B, and its email, queued on A, is handled by
 * the jobs instance; a crawl started on B runs once, on the jobs instance.
 * Plain HTTP, no browser.
 */

const SECRET = "several-instances-e2e-secret-0123456789abcdefghij";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/crawler");
const SEARCH = "/public/solicitations/open?location=229&solSearchStatus=openSolicitationsTab";
const CRAWL_PAGES = {
  roof1: ["synthetic_bidnet_public_search_roof_page1.html", `${SEARCH}&keywords=roof&pageNumberSelect=1`],
  roof2: ["synthetic_bidnet_public_search_roof_page2.html", `${SEARCH}&keywords=roof&pageNumberSelect=2`],
  roofing1: ["synthetic_bidnet_public_search_roofing_page1.html", `${SEARCH}&keywords=roofing&pageNumberSelect=1`],
  stateRoof: ["synthetic_bidnet_state_open_bids_ohio_roof.html", "/ohio/solicitations/open-bids?keywords=roof"],
  stateRoofing: ["synthetic_bidnet_state_open_bids_ohio_empty.html", "/ohio/solicitations/open-bids?keywords=roofing"],
} as const;

interface Instance {
  name: string;
  url: string;
  dataDir: string;
  server: ServerProcess;
}

const info = inject("testDatabase");
const databaseName = `${info.prefix}_instances_${process.pid}`;
const fixtures = new CrawlerFixtureServer();
const instances: Instance[] = [];
const dirs: string[] = [];
let databaseUrl = "";
let s3: RunningS3Server;
let pool: pg.Pool;
let a: Instance;
let b: Instance;
let jobs: Instance;

async function startInstance(name: string, role: "web" | "jobs"): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = makeTempDir(`instance-${name}`);
  dirs.push(dataDir);
  const server = spawnServer({
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      INSTANCE_ROLE: role,
      BETTER_AUTH_SECRET: SECRET,
      STORAGE_URL: s3.storageUrl("site"),
      ...s3.credentialsEnv,
      LOG_LEVEL: "info",
      // The jobs instance crawls the fixture server on 127.0.0.1, which CRAWLER_ALLOW_PRIVATE_HOSTS lets it
      // reach; a production server refuses to start with it, so that instance runs with NODE_ENV=test.
      ...(role === "jobs" ? { NODE_ENV: "test", CRAWLER_ALLOW_PRIVATE_HOSTS: "127.0.0.1" } : {}),
    },
  });
  const instance = { name, url, dataDir, server };
  instances.push(instance);
  await server.waitUntilHealthy(url, 60_000);
  return instance;
}

beforeAll(async () => {
  s3 = await startS3Server();
  await fixtures.start();
  databaseUrl = await createDatabase(info.adminUrl, databaseName);
  // A migrates and seeds the empty database; B and the jobs instance start together on it.
  a = await startInstance("a", "web");
  [b, jobs] = await Promise.all([startInstance("b", "web"), startInstance("jobs", "jobs")]);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.server.stop()));
  await pool?.end();
  await fixtures.stop();
  await s3?.stop();
  if (databaseUrl) await dropDatabase(info.adminUrl, databaseName);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

beforeEach((context) => {
  context.onTestFailed(() => {
    for (const instance of instances) {
      console.error(`---- ${instance.name}: server log (last 40 lines) ----\n${instance.server.logTail(40)}`);
    }
  });
});

/** A signed-in admin: email + password, signed in through `instance`'s sign-in API. */
async function signInAdmin(instance: Instance): Promise<string> {
  const admin = await createUser({ kind: "admin", db: drizzle(pool, { schema, casing: "snake_case" }) });
  await setUserPassword(admin, TEST_PASSWORD, { db: drizzle(pool, { schema, casing: "snake_case" }) });
  const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.url },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const session = cookies.find((c) => c.startsWith("__Host-roofing.session_token="));
  expect(session).toBeDefined();
  return session!;
}

let adminCookie = "";

/** POST an admin form to `instance` as the signed-in admin (a same-origin form post). */
function postForm(instance: Instance, url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${instance.url}${url}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: instance.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("two web instances and a jobs instance on one database and one bucket", () => {
  test("each instance does its role: the jobs instance runs the workers and only answers /healthz", async () => {
    const started = (instance: Instance) => instance.server.logs().split("\n").find((line) => line.includes('"background jobs started"')) ?? "";
    expect(started(a)).toContain('"workers":false');
    expect(started(b)).toContain('"workers":false');
    expect(started(jobs)).toContain('"workers":true');
    for (const instance of [a, b, jobs]) expect(instance.server.logs()).toContain('"storage":"s3"');
    const home = await fetch(`${jobs.url}/`);
    expect(home.status).toBe(404);
    expect(await home.text()).toMatch(/background jobs only/);
    expect((await fetch(`${a.url}/`)).status).toBe(200);
  });

  test("a session made on A is valid on B", async () => {
    adminCookie = await signInAdmin(a);
    const onB = await fetch(`${b.url}/admin`, { headers: { cookie: adminCookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Dashboard");
    // Without the cookie B sends the visitor to sign in: the 200 above is the session's doing.
    const anonymous = await fetch(`${b.url}/admin`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
  });

  test("a site setting changed through A clears B's page cache", async () => {
    expect(adminCookie).not.toBe("");
    // B serves its home page from its cache.
    await waitFor(async () => (await fetch(`${b.url}/`)).headers.get("x-page-cache") === "hit", { timeoutMs: 10_000, message: "a cache hit on B" });
    const cached = await fetch(`${b.url}/`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const before = await cached.text();

    // A site setting that only Site Settings edits (the business facts are Site Configuration's, issue 23):
    // the tagline, in every page's footer.
    const { rows } = await pool.query<{ id: string; setting_type: string; category: string; description: string | null; setting_value: string }>(
      "select id, setting_type, category, description, setting_value from cms_site_settings where setting_key = 'tagline'",
    );
    const tagline = rows[0]!;
    expect(before).toContain(tagline.setting_value);
    const NEW_TAGLINE = "Roof replacement and storm repair across central Ohio, from A to B";
    const response = await postForm(a, "/admin/cms/settings", {
      intent: "update-setting",
      id: tagline.id,
      settingKey: "tagline",
      settingType: tagline.setting_type,
      settingValue: NEW_TAGLINE,
      category: tagline.category,
      description: tagline.description ?? "",
    });
    expect(response.status).toBe(200);
    const stored = await pool.query<{ setting_value: string }>("select setting_value from cms_site_settings where id = $1", [tagline.id]);
    expect(stored.rows[0]!.setting_value).toBe(NEW_TAGLINE);

    // B learns of it through PostgreSQL (NOTIFY) and renders the page again.
    const fresh = await waitFor(
      async () => {
        const html = await (await fetch(`${b.url}/`)).text();
        return html.includes(NEW_TAGLINE) ? html : undefined;
      },
      { timeoutMs: 5_000, message: "the new tagline on B" },
    );
    expect(fresh).not.toContain(tagline.setting_value);
  });

  test("a photo uploaded through A is stored in the bucket and downloads through B", async () => {
    expect(adminCookie).not.toBe("");
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), crypto.randomBytes(2_000)]);
    const email = `several-instances-${Date.now()}@example.com`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      formId: "inspection-form",
      submissionKey: crypto.randomBytes(18).toString("base64url"),
      firstName: "Morgan",
      lastName: "Lee",
      email,
      phone: "(614) 555-0188",
      hasInsuranceDocs: "on",
    })) {
      form.append(name, value);
    }
    form.append("files", new Blob([photo], { type: "image/jpeg" }), "roof.jpg");
    const sent = await fetch(`${a.url}/contact`, { method: "POST", body: form, headers: { origin: a.url }, redirect: "manual" });
    expect(sent.status).toBe(303);

    const { rows } = await pool.query<{ lead_id: string; id: string; storage_key: string }>(
      "select a.lead_id, a.id, a.storage_key from lead_attachments a join leads l on l.id = a.lead_id where l.email = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    const attachment = rows[0]!;
    // In the bucket under the prefix, nowhere on A's disk (its staging area is empty again).
    expect(await s3.listKeys()).toContain(`site/${attachment.storage_key}`);
    expect(fs.existsSync(path.join(a.dataDir, "uploads"))).toBe(false);
    expect(fs.readdirSync(path.join(a.dataDir, "upload-staging"))).toEqual([]);

    const download = await fetch(`${b.url}/admin/leads/${attachment.lead_id}/attachments/${attachment.id}`, { headers: { cookie: adminCookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename=roof\.jpg$/);
    expect(download.headers.get("content-length")).toBe(String(photo.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);

    // The confirmation email, queued by A (a web instance: it only sends jobs), is handled by the jobs
    // instance: without SMTP_URL it ends up `stored`, once.
    const emails = await waitFor(
      async () => {
        const result = await pool.query<{ status: string; attempts: number }>("select status, attempts from email_outbox where to_address = $1", [email]);
        return result.rows.length > 0 && result.rows.every((row) => row.status === "stored") ? result.rows : undefined;
      },
      { timeoutMs: 15_000, message: "the confirmation email handled by the jobs instance" },
    );
    expect(emails.map((row) => row.attempts)).toEqual([1]);
  });

  test("a crawl started on B runs once, on the jobs instance", async () => {
    expect(adminCookie).not.toBe("");
    for (const [file, route] of Object.values(CRAWL_PAGES)) fixtures.html(route, fs.readFileSync(path.join(FIXTURES, file), "utf8"));
    fixtures.route("/robots.txt", { status: 200, headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private/\n" });
    await pool.query("update contract_sources set base_url = $1, rate_limit_config = $2", [
      fixtures.origin,
      { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: 50 },
    ]);
    const { rows } = await pool.query<{ source_id: string; config_id: string }>(
      "select s.id as source_id, c.id as config_id from contract_sources s join contract_search_configs c on c.source_id = s.id where s.slug = 'bidnet' and c.is_default",
    );
    const response = await postForm(b, "/admin/contracts", { intent: "start-crawl", sourceId: rows[0]!.source_id, searchConfigId: rows[0]!.config_id });
    expect(response.status).toBe(200);

    const session = await waitFor(
      async () => {
        const result = await pool.query<{ status: string; new_contracts: number }>("select status, new_contracts from contract_crawl_sessions");
        return result.rows.length === 1 && result.rows[0]!.status !== "running" ? result.rows[0] : undefined;
      },
      { timeoutMs: 30_000, message: "the crawl to finish" },
    );
    expect(session.status).toBe("completed");
    const contracts = await pool.query<{ n: number }>("select count(*)::int as n from contract_opportunities");
    expect(contracts.rows[0]!.n).toBe(session.new_contracts);
    expect(session.new_contracts).toBeGreaterThan(0);
    // No page was fetched twice: one crawl, by one worker.
    const fetched = fixtures.requests.filter((r) => r.path !== "/robots.txt").map((r) => r.url);
    expect(fetched.length).toBeGreaterThan(0);
    expect(new Set(fetched).size).toBe(fetched.length);
    // Still one session a moment later: no second worker picked the job up.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await pool.query("select 1 from contract_crawl_sessions")).rowCount).toBe(1);
  });

  test("every instance stops on SIGTERM with exit code 0 within 10 s", async () => {
    const results = await Promise.all([a, b, jobs].map((instance) => instance.server.stop("SIGTERM", 12_000)));
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.ms).toBeLessThan(10_000);
    }
  });
});
