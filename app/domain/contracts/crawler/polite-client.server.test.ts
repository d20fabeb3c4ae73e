import net from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { CrawlerFixtureServer, startGaps } from "../../../../tests/support/crawler-fixture-server";
import { CrawlFetchError } from "./errors";
import { closeCrawlerAgents, fetchPage } from "./fetcher.server";
import { PoliteClient, retryAfterMs } from "./polite-client.server";

/**
 * QUALITY S22 and R7 against a fixture HTTP server on 127.0.0.1 (reachable
 * because the test allow-lists 127.0.0.1 only; `localhost` and every other
 * private name stay refused).
 */

const server = new CrawlerFixtureServer();
const savedEnv = { ...process.env };
const FAST = { requestsPerMinute: 10_000, requestsPerHour: 100_000, delayBetweenRequestsMs: 0 };
const RETRY = { baseDelayMs: 20, maxDelayMs: 80 };

function client(options: ConstructorParameters<typeof PoliteClient>[0] = {}) {
  return new PoliteClient({ rateLimit: FAST, retry: RETRY, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<CrawlFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CrawlFetchError) return error;
    throw error;
  }
  throw new Error("expected a CrawlFetchError");
}

beforeAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
  resetConfigForTests();
  await server.start();
});

afterAll(async () => {
  await closeCrawlerAgents();
  await server.stop();
  process.env = savedEnv;
  resetConfigForTests();
});

beforeEach(async () => {
  server.reset();
  await db().execute(sql`truncate crawl_host_slots, crawl_host_requests`);
});

describe("the safe fetcher (S22)", () => {
  it("sends a User-Agent that names the company", async () => {
    server.html("/page", "<p>hi</p>");
    const response = await fetchPage(`${server.origin}/page`);
    expect(response.status).toBe(200);
    expect(response.body).toBe("<p>hi</p>");
    expect(server.requests[0]!.userAgent).toMatch(/BuckeyeValorRoofingBot\/1\.0; Buckeye Valor Roofing/);
  });

  it.each([
    ["dotted", "http://169.254.169.254/latest/meta-data/"],
    ["hex", "http://0xa9fea9fe/latest/meta-data/"],
    ["decimal", "http://2852039166/latest/meta-data/"],
    ["v4-mapped IPv6", "http://[::ffff:a9fe:a9fe]/latest/meta-data/"],
  ])("refuses a redirect to the metadata address written %s", async (_, target) => {
    server.route("/go", { status: 302, headers: { location: target } });
    const error = await rejection(fetchPage(`${server.origin}/go`));
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(/metadata/);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a host name that resolves to a loopback address, and other schemes", async () => {
    const port = server.port;
    server.route("/to-localhost", { status: 301, headers: { location: `http://localhost:${port}/page` } });
    server.html("/page", "secret");
    const error = await rejection(fetchPage(`${server.origin}/to-localhost`));
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(/loopback/);
    expect(server.requestsTo("/page")).toHaveLength(0);
    expect((await rejection(fetchPage(`http://[::1]:${port}/page`))).kind).toBe("refused");
    expect((await rejection(fetchPage("file:///etc/passwd"))).kind).toBe("refused");
    expect((await rejection(fetchPage("ftp://127.0.0.1/x"))).kind).toBe("refused");
    server.route("/to-file", { status: 302, headers: { location: "file:///etc/passwd" } });
    expect((await rejection(fetchPage(`${server.origin}/to-file`))).kind).toBe("refused");
  });

  it("follows at most 5 redirects, each hop checked", async () => {
    for (let i = 0; i < 7; i++) server.route(`/r${i}`, { status: 307, headers: { location: `/r${i + 1}` } });
    server.html("/r7", "end");
    server.html("/r5", "five");
    server.route("/r5", { status: 200, body: "five" });
    const five = await fetchPage(`${server.origin}/r0`);
    expect(five.body).toBe("five");
    expect(five.hops).toHaveLength(6);
    server.route("/r5", { status: 307, headers: { location: "/r6" } });
    const error = await rejection(fetchPage(`${server.origin}/r0`));
    expect(error.kind).toBe("too-many-redirects");
    expect(server.requestsTo("/r6")).toHaveLength(0);
  });

  it("cuts a 6 MiB body at the 5 MiB cap, with and without Content-Length", async () => {
    const big = "x".repeat(6 * 1024 * 1024);
    server.route("/big-declared", { status: 200, body: big });
    server.route("/big-chunked", {
      handler: async (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = "y".repeat(64 * 1024);
        for (let i = 0; i < 96 && !res.destroyed; i++) {
          if (!res.write(chunk)) await new Promise((r) => res.once("drain", r).once("close", r));
        }
        res.end();
      },
    });
    expect((await rejection(fetchPage(`${server.origin}/big-declared`))).kind).toBe("too-large");
    const chunked = await rejection(fetchPage(`${server.origin}/big-chunked`));
    expect(chunked.kind).toBe("too-large");
    expect(chunked.message).toBe("the body exceeds the 5 MiB cap");
  });

  it("cuts a slow body at the total time-out", async () => {
    server.route("/slow", {
      handler: async (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        for (let i = 0; i < 50 && !res.destroyed; i++) {
          res.write("<p>.</p>");
          await new Promise((r) => setTimeout(r, 100));
        }
        res.end();
      },
    });
    const started = performance.now();
    const error = await rejection(fetchPage(`${server.origin}/slow`, { limits: { totalTimeoutMs: 600 } }));
    expect(error.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("the polite client (R7)", () => {
  it("reads robots.txt once per host and obeys it; a disallowed page is never requested", async () => {
    server.route("/robots.txt", { status: 200, headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private/\n" });
    server.html("/public/a", "a");
    server.html("/private/b", "b");
    const c = client();
    expect((await c.fetch(`${server.origin}/public/a`)).body).toBe("a");
    const error = await rejection(c.fetch(`${server.origin}/private/b`));
    expect(error.kind).toBe("robots-disallowed");
    await c.fetch(`${server.origin}/public/a`);
    expect(server.requestsTo("/robots.txt")).toHaveLength(1);
    expect(server.requestsTo("/private/b")).toHaveLength(0);
    expect(c.counters.requestsMade).toBe(3);
  });

  it("obeys a rule for its own bot name, and treats a missing robots.txt as allow-all", async () => {
    server.route("/robots.txt", { status: 200, body: "User-agent: BuckeyeValorRoofingBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n" });
    server.html("/x", "x");
    expect((await rejection(client().fetch(`${server.origin}/x`))).kind).toBe("robots-disallowed");
    server.reset();
    server.html("/x", "x");
    expect((await client().fetch(`${server.origin}/x`)).status).toBe(200);
  });

  it("a redirect to another site obeys that site's robots.txt", async () => {
    const other = new CrawlerFixtureServer();
    await other.start();
    try {
      server.route("/robots.txt", { status: 200, body: "User-agent: *\nAllow: /\n" });
      server.route("/go", { status: 302, headers: { location: `${other.origin}/secret` } });
      other.route("/robots.txt", { status: 200, body: "User-agent: *\nDisallow: /secret\n" });
      other.html("/secret", "no");
      const error = await rejection(client().fetch(`${server.origin}/go`));
      expect(error.kind).toBe("robots-disallowed");
      expect(other.requests.map((r) => r.path)).toEqual(["/robots.txt"]);
    } finally {
      await other.stop();
    }
  });

  it("a redirect to a path of the same site that robots.txt disallows is never requested; an allowed one is followed", async () => {
    server.route("/robots.txt", { status: 200, body: "User-agent: *\nDisallow: /secret\n" });
    server.route("/go", { status: 302, headers: { location: "/secret/list" } });
    server.route("/moved", { status: 301, headers: { location: `${server.origin}/open` } });
    server.html("/secret/list", "no");
    server.html("/open", "yes");
    const c = client();
    const error = await rejection(c.fetch(`${server.origin}/go`));
    expect(error.kind).toBe("robots-disallowed");
    expect(error.url).toBe(`${server.origin}/secret/list`);
    expect(server.requestsTo("/secret/list")).toHaveLength(0);
    const response = await c.fetch(`${server.origin}/moved`);
    expect(response.body).toBe("yes");
    expect(server.requests.map((r) => r.path)).toEqual(["/robots.txt", "/go", "/moved", "/open"]);
  });

  it("reads only the first 512 KiB of robots.txt", async () => {
    const padding = `# ${"x".repeat(1_000)}\n`.repeat(525);
    server.route("/robots.txt", { status: 200, body: `User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n` });
    server.html("/late", "late");
    const c = client();
    expect((await rejection(c.fetch(`${server.origin}/early`))).kind).toBe("robots-disallowed");
    expect((await c.fetch(`${server.origin}/late`)).body).toBe("late");
  });

  it("matches a hostile 512 KiB robots.txt off the main thread: the event loop keeps turning", async () => {
    // One rule of half a MiB of '*': robots-parser's matching walks the URL once per '*' (seconds per URL
    // on the main thread, ADR 038/052).
    server.route("/robots.txt", { status: 200, body: `User-agent: *\nDisallow: /${"*".repeat(512 * 1024 - 40)}b\n` });
    server.html(`/${"a".repeat(2_000)}`, "<p>long</p>");
    const c = client();
    try {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const response = await c.fetch(`${server.origin}/${"a".repeat(2_000)}`);
      const elapsed = performance.now() - started;
      delay.disable();
      expect(response.body).toBe("<p>long</p>");
      // The match itself takes seconds (in the parser process); the main thread never waited that long.
      expect(delay.max / 1e6).toBeLessThan(Math.max(250, elapsed / 4));
      // A second URL of the site is matched without the file being read or sent again.
      const again = monitorEventLoopDelay({ resolution: 10 });
      again.enable();
      const secondStarted = performance.now();
      expect((await rejection(c.fetch(`${server.origin}/${"a".repeat(1_999)}b`))).kind).toBe("robots-disallowed");
      const secondElapsed = performance.now() - secondStarted;
      again.disable();
      expect(again.max / 1e6).toBeLessThan(Math.max(250, secondElapsed / 4));
      expect(server.requestsTo("/robots.txt")).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  it("robots.txt answering 5xx disallows the host", async () => {
    server.route("/robots.txt", { status: 500, body: "oops" });
    server.html("/x", "x");
    expect((await rejection(client().fetch(`${server.origin}/x`))).kind).toBe("robots-disallowed");
    expect(server.requestsTo("/robots.txt")).toHaveLength(4);
  });

  it("honours Retry-After on 429 and counts a rate-limit hit", async () => {
    server.route("/limited", {
      handler: (_req, res, hit) => {
        if (hit === 1) res.writeHead(429, { "retry-after": "1" }).end("slow down");
        else res.writeHead(200, { "content-type": "text/html" }).end("ok");
      },
    });
    const c = client({ robots: false });
    const response = await c.fetch(`${server.origin}/limited`);
    expect(response.status).toBe(200);
    const [first, second] = server.requestsTo("/limited");
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    expect(c.counters.rateLimitHits).toBe(1);
    expect(c.counters.requestsMade).toBe(2);
  });

  it("503 then 200: retried, and the Retry-After date form is understood", async () => {
    server.route("/flaky", {
      handler: (_req, res, hit) => {
        if (hit === 1) res.writeHead(503, { "retry-after": new Date(Date.now() + 300).toUTCString() }).end();
        else if (hit === 2) res.writeHead(503).end();
        else res.writeHead(200).end("ok");
      },
    });
    const c = client({ robots: false });
    const response = await c.fetch(`${server.origin}/flaky`);
    expect(response.status).toBe(200);
    expect(server.requestsTo("/flaky")).toHaveLength(3);
    expect(c.counters.rateLimitHits).toBe(1);
    expect(c.counters.retries).toBe(1);
    expect(retryAfterMs("120")).toBe(120_000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });

  it("retries other 5xx at most 3 times with growing, jittered, capped backoff; 4xx never", async () => {
    server.route("/down", { status: 502, body: "bad gateway" });
    server.route("/gone", { status: 404, body: "no" });
    const c = client({ robots: false, retry: { baseDelayMs: 100, maxDelayMs: 300 } });
    const response = await c.fetch(`${server.origin}/down`);
    expect(response.status).toBe(502);
    const gaps = startGaps(server.requestsTo("/down"));
    expect(gaps).toHaveLength(3);
    // Full jitter between half and all of 100, 200, 300 (capped) ms.
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[2]).toBeGreaterThanOrEqual(145);
    expect(Math.max(...gaps)).toBeLessThan(1_000);
    expect((await c.fetch(`${server.origin}/gone`)).status).toBe(404);
    expect(server.requestsTo("/gone")).toHaveLength(1);
    const backoffs = Array.from({ length: 50 }, (_, i) => c.backoffMs((i % 6) + 1));
    expect(Math.max(...backoffs)).toBeLessThanOrEqual(300);
    expect(new Set(backoffs).size).toBeGreaterThan(5);
  });

  it("retries network errors at most 3 times, then fails", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const c = client({ robots: false });
    const error = await rejection(c.fetch(`http://127.0.0.1:${port}/x`));
    expect(error.kind).toBe("network");
    expect(c.counters.requestsMade).toBe(4);
    expect(c.counters.retries).toBe(3);
  });

  it("keeps the configured delay between request starts per host, across two clients at once (one in flight)", async () => {
    server.route("/robots.txt", { status: 200, body: "User-agent: *\nAllow: /\n" });
    server.route("/p", {
      handler: async (_req, res) => {
        await new Promise((r) => setTimeout(r, 30));
        res.writeHead(200).end("p");
      },
    });
    const rateLimit = { requestsPerMinute: 1000, requestsPerHour: 10_000, delayBetweenRequestsMs: 150 };
    const a = client({ rateLimit });
    const b = client({ rateLimit });
    await Promise.all([
      (async () => { for (let i = 0; i < 4; i++) await a.fetch(`${server.origin}/p?a=${i}`); })(),
      (async () => { for (let i = 0; i < 4; i++) await b.fetch(`${server.origin}/p?b=${i}`); })(),
    ]);
    expect(server.requests).toHaveLength(10);
    const gaps = startGaps(server.requests);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(150);
  });

  it("never exceeds requests per minute: a request that would have to wait too long is given up", async () => {
    server.html("/m", "m");
    const rateLimit = { requestsPerMinute: 3, requestsPerHour: 100, delayBetweenRequestsMs: 0 };
    const c = client({ robots: false, rateLimit, maxSlotWaitMs: 2_000 });
    for (let i = 0; i < 3; i++) await c.fetch(`${server.origin}/m`);
    const error = await rejection(c.fetch(`${server.origin}/m`));
    expect(error.kind).toBe("rate-limit-wait");
    expect(server.requestsTo("/m")).toHaveLength(3);
  });
});
