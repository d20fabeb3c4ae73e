import http from "node:http";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { embeddedConnectionString } from "~/db/embedded-postgres.server";
import { spawnServer, waitForLog, type ServerProcess } from "../support/app-server";
import { freePort, waitFor } from "../support/net";
import { killPostgresIn, livePostmasterPid, postgresPidsFor } from "../support/processes";
import { makeTempDir, removeTempDir } from "../support/temp-dirs";

/**
 * The production server on its default database: the embedded PostgreSQL
 * (no DATABASE_URL), in a temp DATA_DIR. One data directory for the whole
 * file; the tests run in order and build on each other:
 * first start -> SIGKILL -> restart over the leftover PostgreSQL -> SIGTERM.
 */

const SEEDED_PHONE = "(614) 555-0147";

let dataDir: string;
let cluster: string;
let pgPort: number;
let port: number;
let url: string;
let server: ServerProcess | undefined;

function embeddedEnv(extra: Record<string, string | undefined> = {}) {
  return {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    ...extra,
  };
}

async function startServer(): Promise<ServerProcess> {
  server = spawnServer({ env: embeddedEnv() });
  await server.waitUntilHealthy(url);
  return server;
}

async function withEmbeddedClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: embeddedConnectionString(dataDir, pgPort) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = makeTempDir("lifecycle");
  cluster = path.join(dataDir, "postgres");
  pgPort = await freePort();
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (server && !server.hasExited()) await server.stop("SIGKILL");
  // Also stops a PostgreSQL server a failed test left running.
  await removeTempDir(dataDir);
});

beforeEach((context) => {
  context.onTestFailed(() => {
    if (server) console.error(`---- server log (last 60 lines) ----\n${server.logTail(60)}\n---- end of server log ----`);
  });
});

describe("first start on a new data directory", () => {
  test("initialises the embedded database, answers /healthz with JSON, and serves the seeded content", async () => {
    await startServer();
    expect(server!.logs()).toContain("initialising a new PostgreSQL data directory");
    expect(livePostmasterPid(cluster)).toBeGreaterThan(0);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("content-type")).toMatch(/^application\/json/);
    expect(health.headers.get("cache-control")).toBe("no-store");
    // No SMTP_URL: the site is up, and says that no email is sent (issue 32 item 3), in /healthz and in the log.
    expect(await health.json()).toEqual({ status: "ok", database: "ok", jobs: "ok", mail: "not configured" });
    expect(server!.logs()).toMatch(/"setting":"SMTP_URL".*SMTP_URL is not set: no email is sent/);

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect((await home.text()).includes(SEEDED_PHONE), `the home page shows the seeded phone ${SEEDED_PHONE}`).toBe(true);
  });

  test("HTML responses carry the security headers (production mode); only pages that hydrate carry a nonce", async () => {
    const policy = (csp: string) =>
      new Map(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!, values]),
      );

    // A public page does not hydrate: no inline script may run, and its HTML is the same for everyone (ADR 030).
    const response = await fetch(`${url}/`);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = response.headers.get("content-security-policy") ?? "";
    const directives = policy(csp);
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toBeDefined();
    const html = await response.text();
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) {
      // Our own module files, or data blocks (JSON-LD) that never run; no nonce anywhere.
      expect(tag).toMatch(/ src="\/assets\/[\w.-]+\.js"| type="application\/ld\+json"/);
      expect(tag).not.toContain("nonce");
    }
    expect((await fetch(`${url}/`)).headers.get("content-security-policy")).toBe(csp);

    // A page that hydrates (sign-in): its inline scripts carry this response's nonce, new every time.
    const signIn = await fetch(`${url}/auth`);
    expect(signIn.status).toBe(200);
    const signInCsp = signIn.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy(signInCsp).get("script-src") ?? [];
    const nonceSource = scriptSrc.find((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v));
    expect(nonceSource, `script-src has a nonce: ${signInCsp}`).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonce = nonceSource!.slice("'nonce-".length, -1);
    const inline = ((await signIn.text()).match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/ src=/.test(tag));
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
    const again = (await fetch(`${url}/auth`)).headers.get("content-security-policy");
    expect(again).not.toBe(signInCsp);

    // Responses that are not pages get the nonce policy too.
    expect((await fetch(`${url}/healthz`)).headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);

    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}/);
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("hashed /assets/* files are cached for a year, immutable", async () => {
    const html = await (await fetch(`${url}/`)).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${url}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
      await response.arrayBuffer();
    }
  });

  test("HTML is gzip-compressed for clients that accept it", async () => {
    const response = await fetch(`${url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary") ?? "").toMatch(/accept-encoding/i);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);

    const identity = await fetch(`${url}/`, { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    await identity.arrayBuffer();
  });
});

describe("crash and restart", () => {
  const email = `lifecycle-${Date.now()}@example.test`;

  test("after SIGKILL the PostgreSQL child is left running", async () => {
    await withEmbeddedClient((client) =>
      client.query("insert into users (name, email, first_name, last_name) values ($1, $2, $3, $4)", [
        "Lifecycle Probe",
        email,
        "Lifecycle",
        "Probe",
      ]),
    );
    const result = await server!.stop("SIGKILL");
    expect(result.signal).toBe("SIGKILL");
    const postmaster = livePostmasterPid(cluster);
    expect(postmaster, "postmaster.pid names a live process").toBeGreaterThan(0);
    expect(postgresPidsFor(dataDir)).toContain(postmaster);
  });

  test("the next start stops the leftover server, comes up, and the committed row is still there", async () => {
    const leftover = livePostmasterPid(cluster);
    await startServer();
    expect(server!.logs()).toContain(`left running by an earlier process (pid ${leftover})`);
    const fresh = livePostmasterPid(cluster);
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).not.toBe(leftover);

    const { rows } = await withEmbeddedClient((client) => client.query("select name from users where email = $1", [email]));
    expect(rows).toEqual([{ name: "Lifecycle Probe" }]);
    const html = await (await fetch(`${url}/`)).text();
    expect(html.includes(SEEDED_PHONE), `the home page shows the seeded phone ${SEEDED_PHONE}`).toBe(true);
  });

  test("SIGTERM: a request in flight completes, the process exits 0 within 10 s, and no PostgreSQL process remains for the data directory", async () => {
    // An inspection request whose body is still arriving when SIGTERM comes (QUALITY R4): half of it is
    // sent, the signal, then the rest; the server answers it, with its lead committed, before it exits.
    const boundary = "lifecycle-r4-boundary";
    const fields: Record<string, string> = {
      formId: "inspection-form",
      submissionKey: `r4-${Date.now()}-abcdefghijkl`,
      firstName: "Terry",
      lastName: "Termination",
      email: "terry@example.com",
      phone: "(614) 555-0142",
      message: "Sent while the server was stopping.",
    };
    const body = Buffer.from(
      `${Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("")}--${boundary}--\r\n`,
    );
    let request: http.ClientRequest | undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = http.request(
        `${url}/inspection-request`,
        { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(body.length) } },
        (response) => {
          let text = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.write(body.subarray(0, body.length >> 1));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = server!.stop("SIGTERM", 12_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    request!.end(body.subarray(body.length >> 1));
    const answered = await answer;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ ok: true, title: "Request Submitted!" });

    const result = await stopping;
    expect(result, server!.logTail(20)).toMatchObject({ code: 0, signal: null });
    expect(result.ms).toBeLessThan(10_000);
    expect(server!.logs()).toContain("shutdown complete");
    expect(postgresPidsFor(dataDir)).toEqual([]);
    expect(livePostmasterPid(cluster)).toBeUndefined();
  });
});

describe("the embedded database is killed while the app runs (issue 32 item 5)", () => {
  test("kill -9 of the postmaster: the app starts it again by itself, says so, and the site answers within 15 s; cached pages are served meanwhile", { timeout: 120_000 }, async () => {
    await startServer();
    try {
      // The home page in the page cache: asked until an answer comes from it (the page is stored once its
      // compressed forms are made, which a loaded machine takes a while to do).
      await waitFor(async () => {
        const response = await fetch(`${url}/`);
        await response.arrayBuffer();
        return (response.status === 200 && response.headers.get("x-page-cache") === "hit") || undefined;
      }, {
        timeoutMs: 10_000,
        message: "the home page served from the page cache",
      });
      const before = livePostmasterPid(cluster);
      expect(before).toBeGreaterThan(0);
      process.kill(before!, "SIGKILL");
      // Bounded: what the issue asks is an answer within 15 s, with nobody's help. The answer counts once a new
      // postmaster holds the data directory (a request in the instant after the kill may still find the old one).
      // Meanwhile the cached home page is served: an anonymous visitor still sees the site.
      const status = (path: string) =>
        fetch(`${url}${path}`).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
      const deadline = Date.now() + 15_000;
      let back = false;
      const home: number[] = [];
      const health: number[] = [];
      while (!back && Date.now() < deadline) {
        const now = livePostmasterPid(cluster);
        const [page, check] = await Promise.all([status("/"), status("/healthz")]);
        home.push(page);
        health.push(check);
        back = now !== undefined && now !== before && check === 200;
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back, "a new postmaster, and /healthz 200 again").toBe(true);
      expect(health, "/healthz while the database was away").toContain(503);
      expect(home.filter((code) => code !== 200), "the cached home page meanwhile").toEqual([]);
      expect(server!.logs()).toMatch(/"level":40.*embedded PostgreSQL is not running: its process ended without being stopped/);
      // Said once pg_ctl's wait returns, which can be a moment after the new server took its first query.
      await waitForLog(server!, (log) => log.includes("embedded PostgreSQL started again on 127.0.0.1:"), 10_000);
      expect((await fetch(`${url}/`)).status).toBe(200);
    } finally {
      const result = await server!.stop("SIGTERM");
      expect(result.code).toBe(0);
      // Nothing left for the tests after this one, whatever happened above.
      await killPostgresIn(cluster);
    }
    expect(livePostmasterPid(cluster)).toBeUndefined();
  });
});

describe.concurrent("bad settings stop the process with a message naming the variable", () => {
  test.for([
    ["PORT", "abc"],
    ["EMBEDDED_PG_PORT", "5432"],
    ["DATABASE_URL", "mysql://root@127.0.0.1/db"],
    ["SHUTDOWN_TIMEOUT_MS", "60000"],
  ] as const)("%s=%s", async ([name, value], { onTestFailed }) => {
    const bad = spawnServer({ env: embeddedEnv({ [name]: value }) });
    onTestFailed(() => console.error(`---- server log ----\n${bad.logTail(30)}\n----`));
    const result = await exitWithin(bad, 15_000);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(bad.logs()).toMatch(new RegExp(`\\b${name}: `));
    // It never got as far as starting PostgreSQL.
    expect(postgresPidsFor(dataDir)).toEqual([]);
  });
});

describe("a start that fails after the database is up", () => {
  test("(HTTP port taken) exits non-zero and leaves no PostgreSQL running", async () => {
    // Occupy the HTTP port: PostgreSQL, migrations and jobs start first, then listen() fails.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", () => resolve()));
    try {
      server = spawnServer({ env: embeddedEnv() });
      const result = await exitWithin(server, 30_000);
      expect(result.code).not.toBe(0);
      expect(server.logs()).toMatch(/EADDRINUSE/);
      await waitFor(() => postgresPidsFor(dataDir).length === 0, {
        timeoutMs: 5_000,
        message: "the embedded PostgreSQL of the failed start to stop",
      });
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});

async function exitWithin(process: ServerProcess, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      process.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the process did not exit within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (!process.hasExited()) await process.stop("SIGKILL");
  }
}
