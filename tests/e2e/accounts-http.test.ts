import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, inject, test, vi } from "vitest";
import { appDirectory, REPO_ROOT, spawnServer, useApp, type ServerProcess } from "../support/app-server";
import { createDatabase, dropDatabase } from "../support/db";
import { freePort } from "../support/net";

/**
 * Accounts over HTTP against the production server (`node server.js`,
 * NODE_ENV=production, TRUST_PROXY unset): the rate limiter with spoofed
 * headers, per-client buckets, a restart, the production cookie, and
 * `npm run create-admin` from the production build.
 *
 * Clients are told apart the only way the server trusts: their socket
 * address. Linux routes all of 127.0.0.0/8 to loopback, so each test
 * connects from its own 127.0.0.x.
 */

vi.setConfig({ testTimeout: 120_000 });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounts-http-"));
const ADMIN_EMAIL = "owner@roofing-http.test";
const app = useApp({ env: { ADMIN_EMAIL, DATA_DIR: dataDir } });
let adminPassword: string | undefined;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  url: string,
  { method = "GET", headers = {}, body, from = "127.0.0.1" }: { method?: string; headers?: Record<string, string>; body?: string; from?: string },
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

function signInApi(base: string, email: string, password: string, from: string, headers: Record<string, string> = {}) {
  return request(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
    from,
  });
}

function oneTimePassword(): string {
  adminPassword ??= /password: (\S+)/.exec(fs.readFileSync(path.join(dataDir, "first-admin-password.txt"), "utf8"))?.[1];
  if (!adminPassword) throw new Error("no one-time password in DATA_DIR");
  return adminPassword;
}

describe("rate limiting over HTTP (QUALITY S5)", () => {
  test("the 4th sign-in within 10 s gets 429 with Retry-After, however X-Forwarded-For and X-App-Client-Ip rotate (API)", async () => {
    const statuses: number[] = [];
    let last: HttpResult | undefined;
    for (let i = 1; i <= 4; i += 1) {
      last = await signInApi(app().url, ADMIN_EMAIL, `wrong-password-${i}`, "127.0.0.2", {
        "x-forwarded-for": `198.18.0.${i}`,
        "x-real-ip": `198.18.1.${i}`,
        "x-app-client-ip": `198.18.2.${i}`,
        forwarded: `for=198.18.3.${i}`,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const retryAfter = Number(last!.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
  });

  test("the /auth form gets the same: 429 with Retry-After on the 4th attempt, X-Forwarded-For rotating", async () => {
    const statuses: number[] = [];
    let last: HttpResult | undefined;
    for (let i = 1; i <= 4; i += 1) {
      last = await request(`${app().url}/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `198.19.0.${i}` },
        body: new URLSearchParams({ intent: "sign-in", email: ADMIN_EMAIL, password: `wrong-password-${i}` }).toString(),
        from: "127.0.0.3",
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(last!.body).toMatch(/Too many attempts\. Please wait \d+ seconds? and try again\./);
    expect(last!.body).toContain("Sign In Error");
  });

  test("clients without a forwarded header do not share one bucket", async () => {
    for (let i = 1; i <= 4; i += 1) await signInApi(app().url, ADMIN_EMAIL, "wrong-password-x", "127.0.0.4");
    expect((await signInApi(app().url, ADMIN_EMAIL, "wrong-password-x", "127.0.0.4")).status).toBe(429);
    // Another address is still served (wrong password: 401, not 429).
    expect((await signInApi(app().url, ADMIN_EMAIL, "wrong-password-x", "127.0.0.5")).status).toBe(401);
  });

  test("the count is kept in the database and survives a restart", async () => {
    const info = inject("testDatabase");
    const name = `${info.prefix}_rl_${process.pid}`;
    const databaseUrl = await createDatabase(info.adminUrl, name);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "accounts-restart-"));
    const start = async (): Promise<{ server: ServerProcess; url: string }> => {
      const port = await freePort();
      const server = spawnServer({
        env: { HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dir, JOBS_ENABLED: "false", LOG_LEVEL: "warn" },
      });
      const url = `http://127.0.0.1:${port}`;
      await server.waitUntilHealthy(url);
      return { server, url };
    };
    let running: ServerProcess | undefined;
    try {
      const first = await start();
      running = first.server;
      for (let i = 1; i <= 3; i += 1) expect((await signInApi(first.url, "someone@example.test", "wrong-password-x", "127.0.0.6")).status).toBe(401);
      await first.server.stop();

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: number }>("select count from rate_limits where key = '127.0.0.6|/sign-in/email'");
        expect(rows[0]?.count).toBe(3);
        const second = await start();
        running = second.server;
        // However long the restart took, the stored attempts are recent (as after a quick restart).
        await client.query("update rate_limits set last_request = $1 where key = '127.0.0.6|/sign-in/email'", [Date.now()]);
        const fourth = await signInApi(second.url, "someone@example.test", "wrong-password-x", "127.0.0.6");
        expect(fourth.status).toBe(429);
        expect(Number(fourth.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      } finally {
        await client.end();
      }
    } finally {
      await running?.stop();
      await dropDatabase(info.adminUrl, name);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("sessions and accounts over HTTP", () => {
  test("the production session cookie is __Host- prefixed, Secure, HttpOnly and SameSite=Lax (S10)", async () => {
    const result = await signInApi(app().url, ADMIN_EMAIL, oneTimePassword(), "127.0.0.7");
    expect(result.status).toBe(200);
    const cookies = result.headers["set-cookie"] ?? [];
    const session = cookies.find((c) => c.startsWith("__Host-roofing.session_token="));
    expect(session, cookies.join("\n")).toBeDefined();
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/; Domain=/i);
  });

  test('a sign-up with `status: "approved"` is still pending', async () => {
    const email = `eager-${process.pid}@example.test`;
    const result = await request(`${app().url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "E G", firstName: "Eager", lastName: "Beaver", email, password: "Soffit-Fascia-Gutter-31", status: "approved" }),
      from: "127.0.0.8",
    });
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ user: { email, status: "pending" } });
    const client = new pg.Client({ connectionString: app().databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("select status from users where email = $1", [email]);
      expect(rows).toEqual([{ status: "pending" }]);
    } finally {
      await client.end();
    }
  });

  test("a cross-site sign-in is refused (403)", async () => {
    const result = await request(`${app().url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "sign-in", email: ADMIN_EMAIL, password: "x" }).toString(),
      from: "127.0.0.9",
    });
    expect(result.status).toBe(403);
  });

  test("`npm run create-admin` works from the production build and its one-time password signs in", async () => {
    const dir = appDirectory();
    fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
    for (const file of ["scripts/create-admin.js", "scripts/run-built-command.js"]) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
    const email = `cli-admin-${process.pid}@example.test`;
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: app().databaseUrl, DATA_DIR: dataDir };
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/create-admin.js", "--email", email, "--first-name", "Cli", "--last-name", "Admin"], {
      cwd: dir,
      env,
      timeout: 60_000,
    });
    const password = /One-time password:\s+(\S+)/.exec(stdout)?.[1];
    expect(password, stdout).toBeTruthy();
    const result = await signInApi(app().url, email, password!, "127.0.0.10");
    expect(result.status).toBe(200);
  });
});
