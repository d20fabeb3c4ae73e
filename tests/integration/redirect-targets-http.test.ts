import http from "node:http";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import * as schema from "~/db/schema";
import { startApp, type RunningApp } from "../support/app-server";
import { createSession, createUser, setUserPassword, TEST_PASSWORD } from "../support/factories";
import { seededRandom } from "../support/prng";
import { SESSION_COOKIE, sessionCookieValue } from "../support/staff";

/**
 * Issue 19, finding 1 (open redirect after sign-in), over HTTP against the production server: whatever
 * `redirectTo` says, signing in (the form's action), coming back to /auth signed in (its loader) and the
 * anonymous form (its hidden field and links) only ever name a path on this site. The values are the
 * reported ones plus generated ones: dot segments, encoded and doubled slashes, backslashes, tabs and
 * newlines, look-alikes of "/", absolute and scheme-relative URLs.
 */

// Each sign-in hashes the password (scrypt, ~0.6 s, longer on a busy machine).
vi.setConfig({ testTimeout: 90_000 });

const SECRET = "redirect-targets-http-secret-0123456789abcdef";
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

const REPORTED = ["/.//evil.example/phish", "/..//evil.example", "/a/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example"];
const OTHERS = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/%2f%2fevil.example",
  "/%252f%252fevil.example",
  "/%5c%5cevil.example",
  "/\uff0f\uff0fevil.example",
  "/\u2215\u2215evil.example",
  "https://evil.example/phish",
  "https:evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "//evil.example/%2e%2e",
  "javascript:alert(document.domain)",
  " /.//evil.example",
  "\\\\evil.example",
];
const PIECES = ["/", "//", "\\", ".", "..", "/./", "/../", "%2e", "%2f", "%5c", "%252e", "\t", "\n", "\uff0f", "\u2215", "evil.example", "https:", "?", "#"];

function generated(count: number): string[] {
  const random = seededRandom(SEED);
  return Array.from({ length: count }, () => {
    let value = "/";
    for (let i = 1 + random.int(5); i > 0; i -= 1) value += random.pick(PIECES);
    return value;
  });
}

const ATTACKS = [...REPORTED, ...OTHERS, ...generated(60)];

interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(url: string, { method = "GET", headers = {}, body, from }: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}) {
  return new Promise<HttpResult>((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function decodeHtmlAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("redirect targets over HTTP (issue 19)", () => {
  let app: RunningApp;
  let pool: pg.Pool;
  let cookie = "";
  let email = "";

  /** A path on this site, however the browser reads it: one "/" then neither "/" nor "\". */
  function expectOnThisSite(target: string | undefined, input: string): void {
    const label = `redirectTo=${JSON.stringify(input)} -> ${JSON.stringify(target)}`;
    expect(target, label).toBeDefined();
    expect(target!, label).toMatch(/^\/(?![/\\])/);
    expect(/^[\u0021-\u007e]*$/.test(target!), label).toBe(true);
    const resolved = new URL(target!, app.url);
    expect(resolved.origin, label).toBe(app.url);
    expect(resolved.pathname, label).toMatch(/^\/(?!\/)/);
  }

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: "error", BETTER_AUTH_SECRET: SECRET } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    const appDb = drizzle(pool, { schema, casing: "snake_case" });
    const admin = await createUser({ kind: "admin", db: appDb });
    await setUserPassword(admin, TEST_PASSWORD, { db: appDb });
    email = admin.email;
    cookie = `${SESSION_COOKIE}=${sessionCookieValue((await createSession(admin, { db: appDb })).token, SECRET)}`;
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await app?.stop();
  }, 60_000);

  test("signing in with the form ends on this site, whatever redirectTo says", async () => {
    // Three sign-ins per client address per 10 s: each attempt comes from its own loopback address.
    const values = [...REPORTED, "//evil.example", "/\\evil.example", "https://evil.example/phish", "/\t/evil.example", "/%2f%2fevil.example"];
    for (const [i, value] of values.entries()) {
      const body = new URLSearchParams({ intent: "sign-in", email, password: TEST_PASSWORD, redirectTo: value }).toString();
      const response = await request(`${app.url}/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body,
        from: `127.0.0.${10 + i}`,
      });
      expect(response.status, `${JSON.stringify(value)}: ${response.body.slice(0, 300)}`).toBe(302);
      expect(response.headers["set-cookie"]?.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      expectOnThisSite(response.headers.location, value);
      expect(response.headers.location).toBe("/admin");
    }
    // A real path is kept.
    const kept = await request(`${app.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "sign-in", email, password: TEST_PASSWORD, redirectTo: "/admin/users?status=pending" }).toString(),
      from: "127.0.0.60",
    });
    expect(kept.headers.location).toBe("/admin/users?status=pending");
  });

  test(`a signed-in visit to /auth goes to a path on this site (${ATTACKS.length} values)`, async () => {
    for (const value of ATTACKS) {
      const response = await request(`${app.url}/auth?redirectTo=${encodeURIComponent(value)}`, { headers: { cookie } });
      expect(response.status, JSON.stringify(value)).toBe(302);
      expectOnThisSite(response.headers.location, value);
    }
    const kept = await request(`${app.url}/auth?redirectTo=${encodeURIComponent("/admin/leads?status=new")}`, { headers: { cookie } });
    expect(kept.headers.location).toBe("/admin/leads?status=new");
  });

  test(`the anonymous form never carries a target off this site (${ATTACKS.length} values)`, async () => {
    for (const value of ATTACKS) {
      const response = await request(`${app.url}/auth?redirectTo=${encodeURIComponent(value)}`);
      expect(response.status, JSON.stringify(value)).toBe(200);
      const field = /<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(response.body);
      expect(field, "the hidden redirectTo field").not.toBeNull();
      expectOnThisSite(decodeHtmlAttribute(field![1]!), value);
      // The link to the other form (Create Account) passes the same, judged, target on.
      for (const link of response.body.matchAll(/href="(\/auth\?[^"]*)"/g)) {
        const target = new URL(decodeHtmlAttribute(link[1]!), app.url).searchParams.get("redirectTo");
        if (target !== null) expectOnThisSite(target, value);
      }
    }
    const first = await request(`${app.url}/auth?redirectTo=${encodeURIComponent(REPORTED[0]!)}`);
    expect(first.body).not.toContain("//evil.example/phish\"");
    expect(first.body).toContain('<input type="hidden" name="redirectTo" value="/admin"/>');
  });

  test("the inspection form's no-JavaScript answer stays on this site when the request's path is only slashes", async () => {
    // The router matches "//" and "/.//" as the home page; its answer used to send the browser to "//?inspection-sent=...".
    for (const [i, path] of ["//?index", "///?index", "/.//?index", "/contact"].entries()) {
      const body = new URLSearchParams({
        formId: "inspection-form",
        submissionKey: `redirect-targets-${SEED}-${i}-abcdefgh`,
        firstName: "Jane",
        lastName: "Doe",
        email: "jane@example.com",
        phone: "(614) 555-0147",
      }).toString();
      const response = await request(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body,
        from: `127.0.0.${70 + i}`,
      });
      expect(response.status, `${path}: ${response.body.slice(0, 300)}`).toBe(303);
      expectOnThisSite(response.headers.location, path);
      expect(response.headers.location).toMatch(/^\/(contact)?\?inspection-sent=inspection-form#inspection-form$/);
    }
  });
});
