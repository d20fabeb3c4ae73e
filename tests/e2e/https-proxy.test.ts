import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { parseEnv } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test, vi } from "vitest";
import * as schema from "~/db/schema";
import { REPO_ROOT, spawnServer, type ServerProcess } from "../support/app-server";
import { useBrowser } from "../support/browser";
import { findCaddy, startCaddy, testCaddyfile, type RunningCaddy } from "../support/caddy";
import { createDatabase, dropDatabase } from "../support/db";
import { createUser, setUserPassword, TEST_PASSWORD } from "../support/factories";
import { noiseJpeg } from "../support/media-images";
import { freePort, waitFor } from "../support/net";
import { SESSION_COOKIE } from "../support/staff";
import { makeTempDir } from "../support/temp-dirs";

/**
 * Issue 32 item 2: the production path, proven end to end. The app runs as the service does (`node server.js`,
 * what `npm run serve` runs: NODE_ENV=production, APP_URL on https, HOST and TRUST_PROXY from
 * deploy/roofing-site.env) behind Caddy running deploy/Caddyfile (its names and ports adapted, certificates
 * from Caddy's local authority: `local_certs`, i.e. `tls internal` for every site). Through the HTTPS address:
 * plain HTTP is redirected, HSTS is sent, every cookie is Secure and the session cookie keeps `__Host-`; a
 * homeowner sends a request with a photo, staff sign in and download it, the homeowner sees it in the portal
 * (Chromium, one context); the address recorded for a lead, in the audit log and by both rate limiters is the
 * client's own, whatever X-Forwarded-For it sends; and a restart of the app behind Caddy loses no
 * acknowledged request (Caddy holds new requests while the app is down: `lb_try_duration`).
 */

vi.setConfig({ testTimeout: 120_000 });

const caddy = findCaddy();
const HOST = "www.roofing.localhost";
const BARE_HOST = "roofing.localhost";

if ("missing" in caddy) {
  test("HTTPS through Caddy (issue 32 item 2)", (context) => {
    context.skip(caddy.missing);
  });
} else {
  describe("the production path: HTTPS through Caddy (issue 32 item 2)", () => {
    const info = inject("testDatabase");
    const databaseName = `${info.prefix}_https_${process.pid}`;
    const dataDir = makeTempDir("https-app");
    const caddyDir = makeTempDir("https-caddy");
    const browser = useBrowser();
    let appPort = 0;
    let httpPort = 0;
    let httpsPort = 0;
    let origin = "";
    let databaseUrl = "";
    let env: Record<string, string> = {};
    let app: ServerProcess | undefined;
    let proxy: RunningCaddy | undefined;
    let pool: pg.Pool;
    let ca: Buffer;
    let context: BrowserContext;

    beforeAll(async () => {
      [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
      origin = `https://${HOST}:${httpsPort}`;
      databaseUrl = await createDatabase(info.adminUrl, databaseName);
      // The deployed settings file's network settings, as an operator leaves them.
      const deployed = parseEnv(fs.readFileSync(path.join(REPO_ROOT, "deploy/roofing-site.env"), "utf8"));
      expect(deployed).toMatchObject({ HOST: "127.0.0.1", TRUST_PROXY: "127.0.0.1" });
      env = {
        HOST: deployed.HOST!,
        TRUST_PROXY: deployed.TRUST_PROXY!,
        PORT: String(appPort),
        APP_URL: origin,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        JOBS_ENABLED: "false",
        LOG_LEVEL: "info",
      };
      app = spawnServer({ env });
      proxy = startCaddy(caddy.path, caddyDir, testCaddyfile({ host: HOST, bareHost: BARE_HOST, appPort, httpPort, httpsPort }));
      await app.waitUntilHealthy(`http://127.0.0.1:${appPort}`);
      ca = await waitFor(() => fs.existsSync(path.join(caddyDir, "data/caddy/pki/authorities/local/root.crt")) && proxy!.rootCertificate(), {
        timeoutMs: 30_000,
        message: `Caddy's local authority (log: ${proxy.logs().slice(-2000)})`,
      });
      await waitFor(async () => (await send("/healthz")).status === 200, { timeoutMs: 30_000, message: "the app through Caddy" });
      pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      context = await browser().newContext({ baseURL: origin, ignoreHTTPSErrors: true });
      context.setDefaultTimeout(20_000);
    });

    afterAll(async () => {
      await context?.close();
      await pool?.end();
      await proxy?.stop();
      await app?.stop();
      await dropDatabase(info.adminUrl, databaseName);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(caddyDir, { recursive: true, force: true });
    });

    beforeEach((testContext) => {
      testContext.onTestFailed(() => {
        console.error(`---- app (last 40 lines) ----\n${app?.logTail(40)}\n---- caddy (last 20 lines) ----\n${proxy?.logs().split("\n").slice(-20).join("\n")}`);
      });
    });

    interface Answer {
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
    }

    /**
     * One request to Caddy over a new connection from `from` (Linux routes all of 127.0.0.0/8 to loopback, so
     * each client has an address of its own), checking Caddy's certificate against its local authority.
     */
    function send(
      target: string,
      { method = "GET", headers = {}, body, from = "127.0.0.1", host = HOST, secure = true }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string; host?: string; secure?: boolean } = {},
    ): Promise<Answer> {
      const port = secure ? httpsPort : httpPort;
      return new Promise((resolve, reject) => {
        const options = { host: "127.0.0.1", port, path: target, method, localAddress: from, agent: false as const, headers: { host: `${host}:${port}`, ...headers } };
        const onResponse = (response: http.IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        };
        const request = secure ? https.request({ ...options, servername: host, ca }, onResponse) : http.request(options, onResponse);
        request.on("error", reject);
        request.setTimeout(30_000, () => request.destroy(new Error(`no answer to ${method} ${target} within 30 s`)));
        request.end(body);
      });
    }

    const BOUNDARY = "https-proxy-test-boundary-7Qe";

    function leadPost(email: string, key: string, extra: Record<string, string> = {}): { headers: Record<string, string>; body: Buffer } {
      const fields: Record<string, string> = {
        formId: "inspection-form",
        submissionKey: key,
        landingPath: "/contact",
        firstName: "Pat",
        lastName: "Proxy",
        email,
        phone: "(614) 555-0147",
        service: "roof-repair",
        message: "Sent through the HTTPS proxy.",
        ...extra,
      };
      const body = Buffer.from(
        Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + `--${BOUNDARY}--\r\n`,
      );
      return { headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json", origin }, body };
    }

    /** A download as the page's own script would fetch it (the browser's cookies, its name resolution). */
    function fetchInPage(page: Page, href: string): Promise<{ status: number; type: string | null; hsts: string | null; bytes: number }> {
      return page.evaluate(async (url) => {
        const response = await fetch(url);
        const body = await response.arrayBuffer();
        return { status: response.status, type: response.headers.get("content-type"), hsts: response.headers.get("strict-transport-security"), bytes: body.byteLength };
      }, href);
    }

    /** What a client behind no proxy of ours might send to pass for someone else. */
    const forged = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}`, "x-real-ip": `198.51.100.${n}`, forwarded: `for=192.0.2.${n};proto=https`, "x-app-client-ip": `198.18.0.${n}` });

    test("plain HTTP is redirected to HTTPS, the bare name to www; HSTS on pages (also from the page cache) and /healthz says mail is not configured", async () => {
      const plain = await send("/about?utm_source=card", { secure: false });
      expect(plain.status).toBe(308);
      // Caddy's redirect names the standard HTTPS port (443 on a server; this test's port stands in for it).
      expect(plain.headers.location).toBe(`https://${HOST}/about?utm_source=card`);
      const bare = await send("/about", { host: BARE_HOST });
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe(`${origin}/about`);

      for (const round of ["rendered", "from the page cache"]) {
        const page = await send("/about");
        expect(page.status, round).toBe(200);
        expect(page.headers["strict-transport-security"], round).toBe("max-age=31536000; includeSubDomains");
        // Every absolute link is the APP_URL's, whatever Host reached the app.
        expect(page.body, round).toContain(`<link rel="canonical" href="${origin}/about"`);
      }
      const health = await send("/healthz");
      expect(JSON.parse(health.body)).toEqual({ status: "ok", database: "ok", jobs: "never seen", mail: "not configured" });
      expect(health.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(app!.logs()).toMatch(/"setting":"SMTP_URL".*SMTP_URL is not set/);
    });

    test("in Chromium: a request with a photo, staff sign in and download it, the homeowner sees it in the portal; every cookie Secure, the session cookie __Host-", async () => {
      const database = drizzle(pool, { schema, casing: "snake_case" });
      const email = `https-homeowner-${process.pid}@example.com`;
      const page = await context.newPage();
      expect((await page.goto("/contact", { waitUntil: "domcontentloaded" }))?.status()).toBe(200);
      await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
      const form = page.locator("#inspection-form form[data-inspection-form]");
      await form.getByLabel("First name").fill("Hannah");
      await form.getByLabel("Last name").fill("Https");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Phone").fill("(614) 555-0100");
      await form.getByLabel("I have insurance documents or photos of the damage").check();
      await form.locator("input[type=file]").setInputFiles([{ name: "porch-roof.jpg", mimeType: "image/jpeg", buffer: await noiseJpeg(320, 240) }]);
      await form.getByRole("button", { name: "Request Free Inspection" }).click();
      await expect.poll(() => form.locator("[data-inspection-notice]").innerText(), { timeout: 30_000 }).toContain("Request Submitted!");
      const { rows: leads } = await pool.query<{ id: string; client_ip: string }>("select id, host(client_ip) as client_ip from leads where email = $1", [email]);
      expect(leads).toHaveLength(1);
      const leadId = leads[0]!.id;

      // Staff sign in through the form, over HTTPS.
      const admin = await createUser({ kind: "admin", db: database, overrides: { firstName: "Sam", lastName: "Secure" } });
      await setUserPassword(admin, TEST_PASSWORD, { db: database });
      await page.goto("/auth", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      const cookies = await context.cookies();
      expect(cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
      for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
      expect(cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ domain: HOST, path: "/", httpOnly: true, sameSite: "Lax" });

      await page.goto(`/admin/leads/${leadId}`, { waitUntil: "domcontentloaded" });
      await page.getByRole("heading", { level: 1, name: "Hannah Https" }).waitFor();
      const file = await fetchInPage(page, (await page.getByRole("link", { name: "Download porch-roof.jpg" }).getAttribute("href"))!);
      expect(file).toMatchObject({ status: 200, type: "image/jpeg", hsts: "max-age=31536000; includeSubDomains" });

      // The homeowner's own account (their confirmed email): the portal shows the request and its photo.
      await page.getByRole("button", { name: "Sign Out" }).click();
      await page.waitForURL((url) => url.pathname !== "/admin" && !url.pathname.startsWith("/admin/"));
      const customer = await createUser({ kind: "customer", db: database, overrides: { email, firstName: "Hannah", lastName: "Https" } });
      await setUserPassword(customer, TEST_PASSWORD, { db: database });
      await page.goto("/auth", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/portal");
      await page.goto(`/portal/requests/${leadId}`, { waitUntil: "domcontentloaded" });
      const portalFile = await fetchInPage(page, (await page.getByRole("link", { name: "Download porch-roof.jpg" }).getAttribute("href"))!);
      expect(portalFile).toMatchObject({ status: 200, type: "image/jpeg" });
      for (const cookie of await context.cookies()) expect(cookie, cookie.name).toMatchObject({ secure: true });
      await page.close();
    });

    test("the sign-in's Set-Cookie headers: every one Secure, the session __Host- (host-only, path /)", async () => {
      const database = drizzle(pool, { schema, casing: "snake_case" });
      const user = await createUser({ kind: "admin", db: database });
      await setUserPassword(user, TEST_PASSWORD, { db: database });
      const signIn = await send("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin, ...forged(6) },
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
        from: "127.0.0.6",
      });
      expect(signIn.status).toBe(200);
      const setCookies = signIn.headers["set-cookie"] ?? [];
      expect(setCookies.length).toBeGreaterThan(0);
      for (const cookie of setCookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
      const session = setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(session, setCookies.join("\n")).toBeDefined();
      expect(session).toMatch(/;\s*Path=\/(;|$)/i);
      expect(session).not.toMatch(/;\s*Domain=/i);
      // Recorded with the client's own address: the session and the audit log.
      const { rows: sessions } = await pool.query<{ ip_address: string }>("select ip_address from sessions where user_id = $1", [user.id]);
      expect(sessions.map((s) => s.ip_address)).toEqual(["127.0.0.6"]);
      const { rows: audit } = await pool.query<{ ip_address: string }>("select ip_address from audit_log where action = 'auth.sign_in' and actor_email = $1", [user.email]);
      expect(audit.map((a) => a.ip_address)).toEqual(["127.0.0.6"]);
    });

    test("the client's own address for a lead, the audit log and both rate limiters; a forged X-Forwarded-For changes none of them", async () => {
      const email = `https-forged-${process.pid}@example.com`;
      const lead = leadPost(email, `https-forged-${process.pid}`);
      const posted = await send("/inspection-request", { method: "POST", headers: { ...lead.headers, ...forged(2) }, body: lead.body, from: "127.0.0.2" });
      expect(posted.status, posted.body).toBe(200);
      const { rows: leads } = await pool.query<{ client_ip: string }>("select host(client_ip) as client_ip from leads where email = $1", [email]);
      expect(leads).toEqual([{ client_ip: "127.0.0.2" }]);
      const { rows: buckets } = await pool.query<{ bucket: string }>("select bucket from lead_rate_limits where bucket like '%:127.0.0.2' or bucket ~ ':(203|198|192)\\.'");
      expect(buckets.map((b) => b.bucket).sort()).toEqual(["h:127.0.0.2", "m:127.0.0.2"]);

      // The sign-in limiter: the 4th attempt within 10 s from one client is refused, however the header rotates;
      // another client is not.
      const attempts: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const attempt = await send("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin, ...forged(10 + i) },
          body: JSON.stringify({ email: "nobody@example.com", password: `wrong-password-${i}` }),
          from: "127.0.0.5",
        });
        attempts.push(attempt.status);
      }
      expect(attempts).toEqual([401, 401, 401, 429]);
      const other = await send("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-x" }),
        from: "127.0.0.7",
      });
      expect(other.status).toBe(401);
      const { rows: limits } = await pool.query<{ key: string }>("select key from rate_limits");
      const keys = limits.map((l) => l.key);
      expect(keys).toEqual(expect.arrayContaining(["127.0.0.5|/sign-in/email", "127.0.0.6|/sign-in/email", "127.0.0.7|/sign-in/email"]));
      expect(keys.filter((key) => !key.startsWith("127.0.0."))).toEqual([]);
      const { rows: failures } = await pool.query<{ ip_address: string }>(
        "select distinct ip_address from audit_log where action = 'auth.sign_in' and outcome = 'failure' and actor_email = 'nobody@example.com'",
      );
      expect(failures.map((f) => f.ip_address).sort()).toEqual(["127.0.0.5", "127.0.0.7"]);
    });

    test("a restart of the app behind Caddy loses no acknowledged request: pages asked for meanwhile wait and are served, a post is answered 502 and sent again makes one lead", async () => {
      interface Sent {
        i: number;
        sentAt: number;
        status: number;
      }
      interface Post extends Sent {
        email: string;
        key: string;
      }
      const posts: Post[] = [];
      const pages: Sent[] = [];
      const runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
      let stop = false;
      const post = async (p: Post, from: string): Promise<void> => {
        const { headers, body } = leadPost(p.email, p.key);
        const answer = await send("/inspection-request", { method: "POST", headers, body, from });
        p.status = answer.status === 200 && (JSON.parse(answer.body) as { ok?: unknown }).ok === true ? 200 : answer.status;
      };
      // Each post from an address of its own: the per-client limit (5 a minute) never applies here.
      const from = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
      const pause = () => new Promise((resolve) => setTimeout(resolve, 60));
      const posting = (async () => {
        for (let i = 0; !stop; i += 1) {
          const p: Post = { i, email: `restart-${runTag}-${i}@example.com`, key: `restart-${runTag}-${i}`, sentAt: Date.now(), status: 0 };
          posts.push(p);
          await post(p, from(i)).catch(() => {});
          await pause();
        }
      })();
      const reading = Array.from({ length: 2 }, async () => {
        for (let i = 0; !stop; i += 1) {
          const p: Sent = { i, sentAt: Date.now(), status: 0 };
          pages.push(p);
          p.status = await send("/about").then((answer) => answer.status, () => 0);
          await pause();
        }
      });
      const acked = () => posts.filter((p) => p.status === 200).length;
      await waitFor(() => acked() >= 3, { timeoutMs: 30_000, message: "3 acknowledged posts before the restart" });

      // What `systemctl restart` does: SIGTERM, wait for the exit, start again. The app stops listening at once.
      const downAt = Date.now();
      const stopped = await app!.stop("SIGTERM");
      expect(stopped.code).toBe(0);
      app = spawnServer({ env });
      await app.waitUntilHealthy(`http://127.0.0.1:${appPort}`);
      const upAt = Date.now();
      const before = acked();
      await waitFor(() => acked() >= before + 3, { timeoutMs: 30_000, message: "3 acknowledged posts after the restart" });
      stop = true;
      await Promise.all([posting, ...reading]);

      // Every request was answered, by the app or by Caddy: none left hanging or cut.
      expect([...posts, ...pages].filter((p) => p.status === 0)).toEqual([]);
      // A page asked for while the app was down waited for it (lb_try_duration 15 s) and was served.
      const pagesWhileDown = pages.filter((p) => p.sentAt >= downAt && p.sentAt < upAt && upAt - p.sentAt < 14_000);
      expect(pagesWhileDown.filter((p) => p.status !== 200)).toEqual([]);
      // (A restart longer than Caddy's 15 s, on a machine loaded past reason, leaves no page to judge by.)
      if (upAt - downAt < 14_000) expect(pagesWhileDown.length, `the app was down ${upAt - downAt} ms`).toBeGreaterThan(0);
      // A post is acknowledged (200), or the client is told it was not (Caddy 2.6 cannot send a post's body
      // again after a refused connection: 502, ADR 056). Sent again with its key, as the form's script lets the
      // visitor do, it makes its lead, once, whether or not the first one reached the app.
      const told = posts.filter((p) => p.status !== 200);
      expect(told.filter((p) => p.status !== 502 && p.status !== 503)).toEqual([]);
      for (const p of told) await post(p, from(p.i + 1000));
      expect(told.filter((p) => p.status !== 200)).toEqual([]);
      const { rows } = await pool.query<{ email: string; n: number }>("select email, count(*)::int as n from leads where email = any($1) group by email", [posts.map((p) => p.email)]);
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
      expect(rows).toHaveLength(posts.length);
      console.info(`restart behind Caddy: down ${upAt - downAt} ms; ${posts.length} posts (${told.length} answered 502/503, sent again), ${pages.length} page loads (${pagesWhileDown.length} while down, all served)`);
    });
  });
}
