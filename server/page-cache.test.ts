import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noteDatabaseError } from "~/db/availability.server";
import { markResponseUncacheable, requestContext } from "~/lib/logger.server";
import { matchRoutes } from "react-router";
import { PAGE_CACHE_CONTROL, PageCache, preferredEncoding } from "./page-cache";

/** A tiny app in front of which the cache sits, like server/app.ts (compression first, then the cache). */
let renders = 0;
let nextStatus = 200;
let setCookie = false;
let degraded = false;
const PAGES = ["/services", "/about", "/etag", "/with-cookie", "/sets-cookie", "/missing", "/hydrated", "/head", "/degraded", "/admin/leads", "/compressed", "/1", "/2", "/3", "/4", "/never-stored"];
const cache = new PageCache({ paths: PAGES, bypassParams: ["sent"], maxEntries: 3 });
let baseUrl = "";
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.use((_req, _res, next) => requestContext.run({ requestId: "test" }, next));
  app.use(compression());
  app.use(cache.middleware());
  app.get("/{*path}", (req, res) => {
    renders += 1;
    if (setCookie) res.setHeader("Set-Cookie", "a=b");
    if (degraded) markResponseUncacheable();
    const hydrates = req.path === "/hydrated";
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", hydrates ? "script-src 'self' 'nonce-abc123abc123abc123'" : "script-src 'self'");
    res.status(nextStatus).type("html");
    // Stream in two chunks, as React's renderer does; long enough to be worth compressing.
    res.write(`<html><script type="module" src="/a.js"></script>${"<p>roofing</p>".repeat(200)}`);
    res.end(`<p>${req.path} render ${renders}</p></html>`);
  });
  // As server/app.ts: hits are answered before Express, everything else goes through it.
  server = http.createServer((req, res) => {
    if (!cache.serveHit(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
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

/** Raw response: the body bytes as sent (not decoded), and the headers that matter here. */
async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity", ...headers }, method });
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  // fetch decodes gzip and br itself; `raw` is then the decoded body.
  return {
    status: response.status,
    body: raw.toString("utf8"),
    encoding,
    cache: response.headers.get("x-page-cache"),
    etag: response.headers.get("etag"),
    headers: response.headers,
  };
}

/** Requests `path` until it comes from the cache (the entry is stored once its compressed forms are made). */
async function cached(path: string) {
  for (let i = 0; i < 50; i += 1) {
    const answer = await get(path);
    if (answer.cache === "hit") return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${path} was never served from the cache`);
}

describe("PageCache", () => {
  it("does not keep a page rendered with a failed read, so the next visitor gets a fresh render", async () => {
    degraded = true;
    expect((await get("/degraded")).cache).toBe("miss");
    await new Promise((resolve) => setTimeout(resolve, 50));
    degraded = false;
    expect((await get("/degraded")).cache).toBe("miss");
    await cached("/degraded");
  });

  it("serves the same bytes to every anonymous visitor, with a strong ETag and a Cache-Control a CDN may keep", async () => {
    const first = await get("/about");
    expect(first.cache).toBe("miss");
    let second = await cached("/about");
    let third = await get("/about");
    // (The page may have been rendered again while the first render was being compressed, by the misses
    // `cached` made meanwhile: such a render, finishing late on a busy machine, stores the newer copy once.
    // Bounded: once those are done, every visitor gets the same bytes.)
    for (let i = 0; i < 20 && third.etag !== second.etag; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = third;
      third = await get("/about");
    }
    expect(third.cache).toBe("hit");
    expect(second.body).toMatch(/<p>\/about render \d+<\/p>/);
    expect(third.body).toBe(second.body);
    expect(second.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(third.etag).toBe(second.etag);
    expect(second.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(second.body));
    // Answered before Express: the page's security headers replayed, and a request id of its own.
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(third.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const { etag } = await (async () => {
      await get("/etag");
      return cached("/etag");
    })();
    for (const header of [etag!, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await get("/etag", { "if-none-match": header });
      expect(answer.status, header).toBe(304);
      expect(answer.body).toBe("");
      expect(answer.etag).toBe(etag);
    }
    expect((await get("/etag", { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("sends the stored brotli or gzip form the client accepts, the same page once decoded", async () => {
    await get("/compressed");
    const plain = await cached("/compressed");
    for (const [accept, expected] of [
      ["br, gzip", "br"],
      ["gzip, deflate", "gzip"],
      ["gzip;q=1, br;q=0", "gzip"],
      ["*", "br"],
    ] as const) {
      const response = await fetch(`${baseUrl}/compressed`, { headers: { "accept-encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBe(expected);
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(await response.text()).toBe(plain.body);
    }
    // What is on the wire really is brotli (node's http client does not decode).
    const wire = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${baseUrl}/compressed`, { headers: { "accept-encoding": "br" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve(Buffer.concat(parts)));
      }).on("error", reject);
    });
    expect(wire.length).toBeLessThan(Buffer.byteLength(plain.body) / 4);
    expect(zlib.brotliDecompressSync(wire).toString("utf8")).toBe(plain.body);
  });

  it("answers HEAD from memory without a body", async () => {
    await get("/head");
    await cached("/head");
    const answer = await get("/head", {}, "HEAD");
    expect(answer.cache).toBe("hit");
    expect(answer.body).toBe("");
  });

  it("never keeps a page with a CSP nonce (it hydrates), requests with cookies, admin paths, or responses that set cookies or fail", async () => {
    await get("/hydrated");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get("/hydrated")).cache).toBe("miss");
    await get("/with-cookie", { cookie: "session=1" });
    expect((await get("/with-cookie", { cookie: "session=1" })).cache).toBeNull();
    await get("/admin/leads");
    expect((await get("/admin/leads")).cache).toBeNull();
    setCookie = true;
    await get("/sets-cookie");
    setCookie = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get("/sets-cookie")).cache).toBe("miss");
    nextStatus = 404;
    await get("/missing");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get("/missing")).cache).toBe("miss");
  });

  it("forgets everything on invalidate, including a page being compressed", async () => {
    await get("/services");
    cache.invalidate("cms_services");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get("/services")).cache).toBe("miss");
    await cached("/services");
    cache.invalidate("cms_services");
    expect((await get("/services")).cache).toBe("miss");
  });

  it("while the database is away, a page it no longer holds is answered with its last copy, not rendered", async () => {
    nextStatus = 200;
    await get("/about");
    await cached("/about");
    cache.invalidate("*"); // the listener reconnected after the database restarted: everything may have changed
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    noteDatabaseError(refused);
    try {
      nextStatus = 503; // what the render would answer now
      const before = renders;
      const stale = await get("/about");
      expect(stale.status).toBe(200);
      expect(stale.cache).toBe("stale");
      expect(stale.headers.get("cache-control")).toBe("no-store");
      // The stored render (which of the renders before the first hit got stored last depends on timing).
      expect(stale.body).toMatch(/<p>\/about render \d+<\/p><\/html>$/);
      // A page never stored has no copy: it is rendered (and answers what the render answers).
      expect((await get("/never-stored")).status).toBe(503);
      expect(renders).toBe(before + 1);
    } finally {
      noteDatabaseError(refused, Date.now() - 60_000); // the database is back
    }
    // Back: rendered again, and stored again.
    nextStatus = 200;
    expect((await get("/about")).cache).toBe("miss");
    await cached("/about");
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    for (const path of ["/1", "/2", "/3"]) {
      await get(path);
      await cached(path);
    }
    await get("/1"); // now /2 is the least recently used
    await get("/4");
    await cached("/4");
    expect(cache.size).toBe(3);
    expect((await get("/2")).cache).toBe("miss");
    expect((await get("/1")).cache).toBe("hit");
  });
});

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, honours q=0 and *", () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*;q=0")).toBeNull();
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("deflate")).toBeNull();
  });
});

describe("keys (issue 19: keyed on what is rendered, never on the Host header or the query string)", () => {
  it("a request's Host, X-Forwarded-Host and query string do not make another entry", async () => {
    await get("/services?utm_source=a", { host: "evil.example", "x-forwarded-host": "evil.example" });
    await cached("/services");
    const before = renders;
    for (const variant of ["/services", "/services?utm_source=b", "/services?gclid=1&utm_campaign=x"]) {
      expect((await get(variant, { host: `other-${variant.length}.example` })).cache, variant).toBe("hit");
    }
    expect(renders).toBe(before);
    expect(cache.size).toBe(1);
  });

  it("another spelling of a listed path is answered from its entry but never rendered into the cache", async () => {
    const rendered = await get("/SERVICES/");
    expect(rendered.cache).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.size).toBe(0);
    await get("/services");
    await cached("/services");
    for (const variant of ["/Services", "/services/", "/x/../services", "/%73ervices", "/services//", "/%2e/services"]) {
      expect((await get(variant)).cache, variant).toBe("hit");
    }
    // Spellings the router does not send to the page are not answered from its entry.
    for (const variant of ["//services", "/services%2F", "/services.data", "/services/x"]) {
      expect((await get(variant)).cache, variant).not.toBe("hit");
    }
  });

  it("a query parameter that changes the page is neither looked up nor stored", async () => {
    await get("/about");
    await cached("/about");
    const before = renders;
    expect((await get("/about?sent=form")).cache).toBeNull();
    expect((await get("/about?utm_source=x&sent=1")).cache).toBeNull();
    expect(renders).toBe(before + 2);
  });

  it("a path that is not listed is never stored, however it is spelled", async () => {
    for (const path of ["/unlisted", "/Unlisted", "/services.data", "/services/x"]) await get(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.size).toBe(0);
  });

  it("keyOf: the listed form, or undefined", () => {
    expect(cache.keyOf("/services?utm_source=a")).toEqual({ key: "/services", exact: true });
    expect(cache.keyOf("/SERVICES/?a=b")).toEqual({ key: "/services", exact: false });
    expect(cache.keyOf("/services?sent=1")).toBeUndefined();
    expect(cache.keyOf("/services%3Fx")).toBeUndefined();
    expect(cache.keyOf("//services")).toBeUndefined();
    expect(cache.keyOf("/unlisted")).toBeUndefined();
  });

  it("answers a spelling from the cache exactly when the router renders that page for it", () => {
    // Generated spellings of the listed paths; the router's answer over the same list is the reference.
    const routes = PAGES.map((path) => ({ path }));
    const pieces = ["", "/", "//", ".", "..", "%2e", "%2F", "%5C", "\\", "x", "X", ".data", "?a=b", "%73", "S"];
    let seed = 20261127;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3_000; i += 1) {
      const base = PAGES[Math.floor(next() * PAGES.length)]!;
      const cut = Math.floor(next() * (base.length + 1));
      const piece = pieces[Math.floor(next() * pieces.length)]!;
      const spelled = next() < 0.3 ? base.toUpperCase() : base;
      const url = `${spelled.slice(0, cut)}${piece}${spelled.slice(cut)}`;
      const key = cache.keyOf(url);
      if (!url.startsWith("/") || url.includes("?sent") || url.split("?")[0]!.endsWith(".data")) continue;
      let pathname: string;
      try {
        pathname = new URL(`http://localhost${url}`).pathname;
      } catch {
        expect(key, url).toBeUndefined();
        continue;
      }
      const routed = matchRoutes(routes, pathname)?.at(-1)?.route.path;
      expect(key?.key, url).toBe(routed);
    }
  });
});

describe("byte budget", () => {
  it("keeps the stored pages (identity, brotli and gzip forms together) within maxBytes", async () => {
    const page = `<html>${"<p>roofing in central Ohio</p>".repeat(2_000)}</html>`; // ~60 KB, ~62 KB stored
    const small = new PageCache({ paths: ["/a", "/b", "/c"], maxBytes: 150_000 });
    const app = express();
    app.use((_req, _res, next) => requestContext.run({ requestId: "test" }, next));
    app.use(small.middleware());
    app.get("/{*path}", (_req, res) => {
      res.type("html").send(page);
    });
    const budgetServer = http.createServer((req, res) => {
      if (!small.serveHit(req, res)) app(req, res);
    });
    budgetServer.listen(0, "127.0.0.1");
    await new Promise((resolve) => budgetServer.once("listening", resolve));
    const url = `http://127.0.0.1:${(budgetServer.address() as AddressInfo).port}`;
    try {
      for (const path of ["/a", "/b", "/c"]) {
        await fetch(`${url}${path}`).then((r) => r.arrayBuffer());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Two fit in 150 KB, three do not: the least recently used went.
      expect(small.size).toBe(2);
      expect((await fetch(`${url}/a`)).headers.get("x-page-cache")).toBe("miss");
      expect((await fetch(`${url}/c`)).headers.get("x-page-cache")).toBe("hit");
    } finally {
      await new Promise<void>((resolve) => budgetServer.close(() => resolve()));
    }
  });
});
