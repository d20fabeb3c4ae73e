import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawnServer, startApp, type RunningApp } from "../support/app-server";
import { freePort } from "../support/net";

/**
 * One origin (issue 19, ADR 039): every absolute link the app writes comes from APP_URL (or, outside
 * production, the address the server listens on), never from a request header. A forged Host or
 * X-Forwarded-Host must not reach an email sent in the business's name, nor the copy of a page the
 * page cache hands to every visitor. The cache keys on the page's path alone, so UTM variants and other
 * spellings of a page share one entry.
 */

const EVIL = "evil.example";

function request(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const forged = { host: EVIL, "x-forwarded-host": EVIL, "x-forwarded-proto": "https", "accept-encoding": "identity" };

describe("a production server behind a proxy (TRUST_PROXY on)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ env: { APP_URL: "https://roofing.test", TRUST_PROXY: "1", LOG_LEVEL: "warn" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  test("forged Host and X-Forwarded-Host reach neither the page nor the cached copy other visitors get", async () => {
    for (const path of ["/", "/services", "/gaf/shingles", "/sitemap.xml", "/robots.txt"]) {
      const first = await request(`${app.url}${path}`, { headers: forged });
      expect(first.status, path).toBe(200);
      expect(first.body, path).not.toContain(EVIL);
      expect(first.body, path).toContain("https://roofing.test");
      // The next visitor gets the stored copy (or a new render): the same, with the real origin.
      const next = await request(`${app.url}${path}`, { headers: { "accept-encoding": "identity" } });
      expect(next.body, path).not.toContain(EVIL);
    }
    const home = await request(`${app.url}/`, { headers: { "accept-encoding": "identity" } });
    expect(home.headers["x-page-cache"]).toBe("hit");
    expect(home.body).toMatch(/<link rel="canonical" href="https:\/\/roofing\.test\/?"/);
  });

  test("UTM variants of a page and other spellings of its path share its one cache entry", async () => {
    const plain = { "accept-encoding": "identity" };
    // A spelling other than the listed one is answered but never rendered into the cache.
    const upper = await request(`${app.url}/ABOUT/`, { headers: plain });
    expect(upper.status).toBe(200);
    expect(upper.headers["x-page-cache"]).toBeUndefined();
    const miss = await request(`${app.url}/about?utm_source=ad-1&utm_campaign=spring`, { headers: plain });
    expect(miss.headers["x-page-cache"]).toBe("miss");
    // The stored copy is made off the request's path: wait for it.
    let hit = miss;
    for (let i = 0; i < 50 && hit.headers["x-page-cache"] !== "hit"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hit = await request(`${app.url}/about?utm_source=ad-2`, { headers: plain });
    }
    expect(hit.headers["x-page-cache"]).toBe("hit");
    // The query of the first visitor is not in the copy every visitor gets.
    expect(hit.body).not.toContain("ad-1");
    expect(hit.body).not.toContain("spring");
    expect(hit.body).not.toContain("utm_");
    for (const variant of ["/about?utm_source=ad-3&gclid=xyz", "/About", "/about/", "/gaf/../about", "/%61bout"]) {
      const answer = await request(`${app.url}${variant}`, { headers: plain });
      expect(answer.status, variant).toBe(200);
      expect(answer.headers["x-page-cache"], variant).toBe("hit");
      expect(answer.body, variant).toBe(hit.body);
    }
    // A spelling the router does not render as the page is not answered from its entry: the same 404 cold or warm.
    for (const variant of ["//about", "/about%2F"]) {
      const answer = await request(`${app.url}${variant}`, { headers: plain });
      expect(answer.status, variant).toBe(404);
      expect(answer.headers["x-page-cache"], variant).toBeUndefined();
    }
  });

  test("the query parameters that change a page (sent notice, reviews paging) are never served from (nor stored in) the cache", async () => {
    const paged = await request(`${app.url}/?reviews=2`, { headers: { "accept-encoding": "identity" } });
    expect(paged.status).toBe(200);
    expect(paged.headers["x-page-cache"]).toBeUndefined();
    const plain = { "accept-encoding": "identity" };
    const sent = await request(`${app.url}/contact?inspection-sent=inspection-form`, { headers: plain });
    expect(sent.status).toBe(200);
    expect(sent.headers["x-page-cache"]).toBeUndefined();
    expect(sent.body).toContain('data-variant="success"');
    // And the page without the parameter does not carry the notice (the two were not mixed up).
    const page = await request(`${app.url}/contact`, { headers: plain });
    expect(page.body).not.toContain('data-variant="success"');
  });
});

describe("emailed links (no APP_URL outside production: the address the server listens on)", () => {
  let app: RunningApp;
  let client: pg.Client;
  beforeAll(async () => {
    app = await startApp({
      env: { NODE_ENV: "test", APP_URL: undefined, TRUST_PROXY: "1", JOBS_ENABLED: "false", LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0", LOG_LEVEL: "warn" },
    });
    client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await app?.stop();
  }, 60_000);

  test("a forged X-Forwarded-Host reaches neither the page nor the copy the page cache hands to the next visitor", async () => {
    for (const path of ["/", "/gaf/shingles", "/sitemap.xml", "/robots.txt"]) {
      const first = await request(`${app.url}${path}`, { headers: forged });
      expect(first.status, path).toBe(200);
      expect(first.body, path).not.toContain(EVIL);
      expect(first.body, path).toContain(app.url);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = await request(`${app.url}${path}`, { headers: { "accept-encoding": "identity" } });
      expect(next.body, path).not.toContain(EVIL);
    }
  });

  test("a lead posted with a forged Host sends the confirmation and the staff alert with links to this site only", async () => {
    const form = new FormData();
    const fields = {
      submissionKey: `origin-test-${process.pid}-${Date.now()}`,
      firstName: "Siobhán",
      lastName: "O'Brien",
      email: "siobhan.obrien@example.com",
      phone: "614-555-0147",
      service: "storm-restoration",
      message: "Hail damage",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const encoded = new Request("http://form.invalid/", { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const answer = await request(`${app.url}/inspection-request`, {
      method: "POST",
      headers: { ...forged, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.length) },
      body,
    });
    expect(answer.status).toBe(200);
    const { rows } = await client.query<{ kind: string; text_body: string; html_body: string | null }>(
      "select kind, text_body, html_body from email_outbox where kind like 'lead.%' order by created_at",
    );
    expect(rows.map((row) => row.kind).sort()).toEqual(["lead.alert", "lead.confirmation"]);
    for (const row of rows) {
      expect(`${row.text_body}\n${row.html_body ?? ""}`, row.kind).not.toContain(EVIL);
    }
    const alert = rows.find((row) => row.kind === "lead.alert")!;
    expect(alert.html_body).toMatch(new RegExp(`href="${app.url.replace(/[.]/g, "\\.")}/admin/leads/[0-9a-f-]+"`));
  });
});

describe("start-up in production", () => {
  test.each([
    [{ APP_URL: undefined }, /APP_URL: required when NODE_ENV=production/],
    [{ APP_URL: "https://roofing.test/some/path" }, /APP_URL: must be the site's public address/],
    [{ APP_URL: "https://roofing.test", CRAWLER_ALLOW_PRIVATE_HOSTS: "127.0.0.1" }, /CRAWLER_ALLOW_PRIVATE_HOSTS: for tests only; not allowed when NODE_ENV=production/],
  ])("refuses %o, naming the variable", async (env, message) => {
    const port = await freePort();
    const server = spawnServer({ env: { HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", LOG_LEVEL: "warn", ...env } });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.logs()).toMatch(message);
  }, 30_000);
});
