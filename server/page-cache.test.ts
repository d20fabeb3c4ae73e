import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { markResponseUncacheable, requestContext } from "~/lib/logger.server";
import { PageCache } from "./page-cache";

/** A tiny app in front of which the cache sits, like server/app.ts. */
let renders = 0;
let nextStatus = 200;
let setCookie = false;
let degraded = false;
const cache = new PageCache({ maxEntries: 3 });
let baseUrl = "";
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.use((_req, _res, next) => requestContext.run({ requestId: "test" }, next));
  app.use((_req, res, next) => {
    res.locals.requestTokens = { cspNonce: `nonce-${Math.random().toString(36).slice(2)}` };
    next();
  });
  app.use(cache.middleware());
  app.get("/{*path}", (req, res) => {
    renders += 1;
    const nonce = res.locals.requestTokens.cspNonce as string;
    if (setCookie) res.setHeader("Set-Cookie", "a=b");
    if (degraded) markResponseUncacheable();
    res.status(nextStatus).type("html");
    // Stream in two chunks, as React's renderer does.
    res.write(`<html><script nonce="${nonce}" src="/a.js"></script>`);
    res.end(`<p>${req.path} render ${renders}</p><i nonce="${nonce}"></i></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache.invalidate("test");
  nextStatus = 200;
  setCookie = false;
  degraded = false;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  return { status: response.status, body: await response.text(), cache: response.headers.get("x-page-cache") };
}

describe("PageCache", () => {
  it("does not keep a page rendered with a failed read, so the next visitor gets a fresh render", async () => {
    degraded = true;
    expect((await get("/degraded")).cache).toBe("miss");
    degraded = false;
    expect((await get("/degraded")).cache).toBe("miss");
    expect((await get("/degraded")).cache).toBe("hit");
  });

  it("serves the second anonymous request from memory", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
  });

  it("gives every cached response its own nonce, everywhere it appears", async () => {
    const first = await get("/nonce");
    const second = await get("/nonce");
    const nonces = (body: string) => [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(second.cache).toBe("hit");
    expect(nonces(first.body)).toHaveLength(2);
    expect(new Set(nonces(second.body)).size).toBe(1);
    expect(nonces(second.body)[0]).not.toBe(nonces(first.body)[0]);
  });

  it("never caches requests with cookies, admin paths, or responses that set cookies or fail", async () => {
    await get("/with-cookie", { cookie: "session=1" });
    expect((await get("/with-cookie", { cookie: "session=1" })).cache).toBeNull();
    await get("/admin/leads");
    expect((await get("/admin/leads")).cache).toBeNull();
    setCookie = true;
    await get("/sets-cookie");
    setCookie = false;
    expect((await get("/sets-cookie")).cache).toBe("miss");
    nextStatus = 404;
    await get("/missing");
    expect((await get("/missing")).cache).toBe("miss");
  });

  it("forgets everything on invalidate, including a render that was in flight", async () => {
    await get("/services");
    cache.invalidate("cms_services");
    expect((await get("/services")).cache).toBe("miss");
    expect((await get("/services")).cache).toBe("hit");
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    for (const path of ["/1", "/2", "/3"]) await get(path);
    await get("/1"); // now /2 is the least recently used
    await get("/4");
    expect(cache.size).toBe(3);
    expect((await get("/2")).cache).toBe("miss");
    expect((await get("/1")).cache).toBe("hit");
  });
});
