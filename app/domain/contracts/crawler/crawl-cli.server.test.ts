import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { contractSources } from "~/db/schema";
import { CrawlerFixtureServer } from "../../../../tests/support/crawler-fixture-server";
import { runCrawlCli } from "./crawl-cli.server";
import { closeCrawlerAgents } from "./fetcher.server";
import { testSource } from "./test-source.server";

/**
 * The command line (`npm run crawl -- --source bidnet [--config NAME]`) and
 * the source test, against the fixture server on 127.0.0.1 (SYNTHETIC pages).
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const server = new CrawlerFixtureServer();
const savedEnv = { ...process.env };
const SEARCH = "/public/solicitations/open?location=229&solSearchStatus=openSolicitationsTab";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), tty: false }, out, err };
}

beforeAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
  resetConfigForTests();
  await server.start();
  await db().update(contractSources).set({
    baseUrl: server.origin,
    rateLimitConfig: { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: 50 },
  });
});

afterAll(async () => {
  await closeCrawlerAgents();
  await server.stop();
  process.env = savedEnv;
  resetConfigForTests();
});

beforeEach(async () => {
  server.reset();
  await db().execute(sql`truncate contract_opportunities, contract_crawl_logs, contract_crawl_sessions, crawl_host_slots, crawl_host_requests cascade`);
  server.route("/robots.txt", { status: 200, body: "User-agent: *\nDisallow: /private/\n" });
  server.html(`${SEARCH}&keywords=roof&pageNumberSelect=1`, read("synthetic_bidnet_public_search_roof_page1.html"));
  server.html(`${SEARCH}&keywords=roof&pageNumberSelect=2`, read("synthetic_bidnet_public_search_roof_page2.html"));
  server.html(`${SEARCH}&keywords=roofing&pageNumberSelect=1`, read("synthetic_bidnet_public_search_roofing_page1.html"));
  server.html("/ohio/solicitations/open-bids?keywords=roof", read("synthetic_bidnet_state_open_bids_ohio_roof.html"));
  server.html("/ohio/solicitations/open-bids?keywords=roofing", read("synthetic_bidnet_state_open_bids_ohio_empty.html"));
});

describe("npm run crawl", () => {
  it("runs one crawl in the foreground with progress lines and prints the counters and the log", async () => {
    const { io, out, err } = capture();
    const code = await runCrawlCli(["--source", "bidnet", "--config", "Ohio Roofing Contracts"], io, { ownDatabase: false });
    const text = out.join("");
    // The closing note of issue 10 shows this output (CRAWL_CLI_PRINT=1 prints it).
    if (process.env.CRAWL_CLI_PRINT) process.stderr.write(text);
    expect(err.join("")).toBe("");
    expect(code).toBe(0);
    expect(text).toMatch(/^Crawling BidNet Direct \(session [0-9a-f-]{36}\) \.\.\.\n/);
    expect(text).toContain("pages 1 · found 2 · new 2 · updated 0 · failed 0 · requests 2 · rate-limit hits 0\n");
    expect(text).toMatch(/Session [0-9a-f-]{36}: completed\n/);
    for (const line of [
      "  total_found        5",
      "  new_contracts      5",
      "  updated_contracts  0",
      "  failed_contracts   0",
      "  requests_made      6",
      "  pages_processed    5",
      "  rate_limit_hits    0",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(" info  Crawl completed: 5 found, 5 new, 0 updated, 0 failed\n");
  });

  it("refuses bad arguments, an unknown source and an unknown configuration", async () => {
    const a = capture();
    expect(await runCrawlCli([], a.io, { ownDatabase: false })).toBe(2);
    expect(a.err.join("")).toMatch(/--source <slug> is required/);
    const b = capture();
    expect(await runCrawlCli(["--source", "nope"], b.io, { ownDatabase: false })).toBe(2);
    expect(b.err.join("")).toBe('No source with slug "nope".\n');
    const c = capture();
    expect(await runCrawlCli(["--source", "bidnet", "--config", "Other"], c.io, { ownDatabase: false })).toBe(2);
    expect(c.err.join("")).toBe('BidNet Direct has no configuration named "Other".\n');
    const d = capture();
    expect(await runCrawlCli(["--source", "bidnet", "--bogus"], d.io, { ownDatabase: false })).toBe(2);
  });
});

describe("the source test", () => {
  const bidnetId = async () => (await db().select().from(contractSources).where(eq(contractSources.slug, "bidnet")))[0]!.id;

  it("HEAD to the listing search page through the same fetcher: working", async () => {
    const result = await testSource(await bidnetId());
    expect(result).toMatchObject({ ok: true, message: "Source is working correctly", status: 200 });
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", "/robots.txt"],
      ["HEAD", "/public/solicitations/open"],
    ]);
  });

  it("falls back to GET where HEAD is refused", async () => {
    server.route(`${SEARCH}&keywords=roof&pageNumberSelect=1`, {
      handler: (req, res) => {
        if (req.method === "HEAD") res.writeHead(405).end();
        else res.writeHead(200, { "content-type": "text/html" }).end("ok");
      },
    });
    const result = await testSource(await bidnetId());
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "HEAD", "GET"]);
  });

  it("fails on a refused address, with the fetcher's reason", async () => {
    await db().update(contractSources).set({ baseUrl: "http://169.254.169.254" }).where(eq(contractSources.slug, "govcb"));
    const govcb = (await db().select().from(contractSources).where(eq(contractSources.slug, "govcb")))[0]!;
    const result = await testSource(govcb.id);
    expect(result).toMatchObject({ ok: false, message: "Source test failed", status: null });
    expect(result.detail).toMatch(/metadata/);
  });
});
