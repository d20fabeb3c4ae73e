import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type RunningApp } from "../support/app-server";

/**
 * How rendered pages leave the server (server/react-router-handler.ts, ADR 034). A public page does not
 * hydrate and is rendered to one buffer: it is written whole, with its length, and compressed like any
 * other response. A page that hydrates is streamed. A cookie keeps these requests out of the page cache,
 * so every one of them is rendered.
 */
describe("rendered pages on the wire", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: "error" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  function get(path: string, headers: Record<string, string>, method = "GET", body?: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${app.url}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  const visitor = { cookie: "theme=dark", "accept-encoding": "identity" };

  test("a public page is written whole: its length is known, and it is the same bytes compressed or not", async () => {
    const plain = await get("/", visitor);
    expect(plain.status).toBe(200);
    expect(plain.headers["x-page-cache"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(plain.headers["transfer-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8", 0, 15)).toBe("<!DOCTYPE html>");
    expect(plain.body.toString()).toContain("</html>");

    const gzipped = await get("/", { ...visitor, "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);

    const brotli = await get("/services", { ...visitor, "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const services = await get("/services", visitor);
    expect(zlib.brotliDecompressSync(brotli.body).equals(services.body)).toBe(true);
  });

  test("HEAD answers a public page's headers without a body", async () => {
    const head = await get("/services", visitor, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(head.body.length).toBe(0);
  });

  test("a page that hydrates is streamed with its nonce; a missing page gets the 404 page whole", async () => {
    const auth = await get("/auth", visitor);
    expect(auth.status).toBe(200);
    expect(auth.headers["content-length"]).toBeUndefined();
    expect(auth.headers["transfer-encoding"]).toBe("chunked");
    const nonce = /'nonce-([^']+)'/.exec(String(auth.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(auth.body.toString()).toContain(`nonce="${nonce}"`);

    const missing = await get("/no-such-page", visitor);
    expect(missing.status).toBe(404);
    expect(missing.headers["content-length"]).toBe(String(missing.body.length));
    expect(missing.body.toString()).toContain("</html>");
  });

  test("a rendered page tells its render time in Server-Timing; a page from the cache and a post do not", async () => {
    const timing = /^app;dur=(\d+\.\d{2})$/;
    const rendered = await get("/", visitor);
    expect(rendered.headers["server-timing"]).toMatch(timing);
    expect(Number(timing.exec(String(rendered.headers["server-timing"]))?.[1])).toBeGreaterThan(0);
    const streamed = await get("/auth", visitor);
    expect(streamed.headers["server-timing"]).toMatch(timing);

    // Anonymous: once stored (compressed off the request's path), the page is a cache hit, which renders
    // nothing and replays no timing.
    const anonymous = () => get("/services", { "accept-encoding": "identity" });
    await expect.poll(async () => (await anonymous()).headers["x-page-cache"], { timeout: 10_000 }).toBe("hit");
    expect((await anonymous()).headers["server-timing"]).toBeUndefined();

    // A precise duration on a post (a sign-in) would help guess which accounts exist.
    const form = "email=someone%40example.com&password=wrong-password";
    const post = await get("/auth", { ...visitor, origin: app.url, "content-type": "application/x-www-form-urlencoded", "content-length": String(form.length) }, "POST", form);
    expect(post.status).toBeLessThan(500);
    expect(post.headers["server-timing"]).toBeUndefined();
  });
});
