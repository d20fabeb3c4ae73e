import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { contractCrawlSessions, contractSources } from "~/db/schema";
import { startJobs, stopJobs } from "~/jobs/worker.server";
import { CrawlerFixtureServer } from "../../../../tests/support/crawler-fixture-server";
import { closeCrawlerAgents } from "./fetcher.server";
import { CrawlAlreadyRunningError, startCrawl } from "./start-crawl.server";

/**
 * startCrawl() -> the `contracts.crawl` job on real pg-boss workers -> a
 * completed session, against the fixture server (GovCB SYNTHETIC pages, a
 * slow first page so the second start finds the crawl running).
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const server = new CrawlerFixtureServer();
const savedEnv = { ...process.env };

beforeAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
  resetConfigForTests();
  await server.start();
  await db().update(contractSources).set({
    baseUrl: server.origin,
    rateLimitConfig: { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: 20 },
  });
  await startJobs({ workers: true });
}, 60_000);

afterAll(async () => {
  await stopJobs();
  await closeCrawlerAgents();
  await server.stop();
  process.env = savedEnv;
  resetConfigForTests();
}, 30_000);

describe("the contracts.crawl job", () => {
  it("runs a started crawl to completion on the workers; a second start meanwhile says it is running", async () => {
    server.route("/robots.txt", { status: 404, body: "" });
    server.route("/search.htm?gov[]=sl&gov[]=fed&searchText=roof&state=OH&naicscode=&catID=", {
      handler: async (_req, res) => {
        await new Promise((r) => setTimeout(r, 400));
        res.writeHead(200, { "content-type": "text/html" }).end(read("synthetic_govcb_search_roof_page1.html"));
      },
    });
    server.html("/search.htm?page=2", read("synthetic_govcb_search_roof_page2.html"));
    const [govcb] = await db().select().from(contractSources).where(eq(contractSources.slug, "govcb"));
    const started = await startCrawl({ sourceId: govcb!.id, sessionType: "manual" });
    await expect(startCrawl({ sourceId: govcb!.id })).rejects.toBeInstanceOf(CrawlAlreadyRunningError);

    const deadline = Date.now() + 20_000;
    let session;
    // Bounded wait for the worker.
    while (Date.now() < deadline) {
      [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, started.sessionId));
      if (session?.status !== "running") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(session).toMatchObject({ status: "completed", totalFound: 3, newContracts: 3, requestsMade: 3, pagesProcessed: 2 });
    // pg-boss marks the job completed just after the handler (which closed the session) returns.
    await expect
      .poll(async () => (await db().execute<{ state: string }>(sql`select state from pgboss.job where name = 'contracts.crawl'`)).rows.map((r) => r.state), {
        timeout: 10_000,
      })
      .toEqual(["completed"]);
  });
});
