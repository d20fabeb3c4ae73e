import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { contractCrawlLogs, contractCrawlSessions, contractOpportunities, contractSearchConfigs, contractSources } from "~/db/schema";
import { CrawlerFixtureServer, startGaps } from "../../../../tests/support/crawler-fixture-server";
import { handleCrawlJob } from "./crawl.job.server";
import { closeCrawlerAgents } from "./fetcher.server";
import { runCrawl } from "./run-crawl.server";
import { CrawlAlreadyRunningError, createCrawlSession, InvalidCrawlRequestError } from "./start-crawl.server";

/**
 * Real crawls of the seeded sources, pointed at a fixture HTTP server on
 * 127.0.0.1 that serves the real BidNet pages and the SYNTHETIC pages of
 * tests/fixtures/crawler. Checks every stored field, de-duplication, blocked
 * sessions, robots.txt, the per-host delay, one crawl per source, restart
 * survival and the §8 log texts.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const server = new CrawlerFixtureServer();
const savedEnv = { ...process.env };
const DELAY_MS = 120;
const CLIENT = { client: { retry: { baseDelayMs: 20, maxDelayMs: 60 } } };

const SEARCH = "/public/solicitations/open?location=229&solSearchStatus=openSolicitationsTab";
const routes = {
  roof1: `${SEARCH}&keywords=roof&pageNumberSelect=1`,
  roof2: `${SEARCH}&keywords=roof&pageNumberSelect=2`,
  roofing1: `${SEARCH}&keywords=roofing&pageNumberSelect=1`,
  stateRoof: "/ohio/solicitations/open-bids?keywords=roof",
  stateRoofing: "/ohio/solicitations/open-bids?keywords=roofing",
};

function serveBidnet(overrides: Partial<Record<keyof typeof routes, string>> = {}) {
  server.route("/robots.txt", { status: 200, headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private/\n" });
  const pages: Record<keyof typeof routes, string> = {
    roof1: read("synthetic_bidnet_public_search_roof_page1.html"),
    roof2: read("synthetic_bidnet_public_search_roof_page2.html"),
    roofing1: read("synthetic_bidnet_public_search_roofing_page1.html"),
    stateRoof: read("synthetic_bidnet_state_open_bids_ohio_roof.html"),
    stateRoofing: read("synthetic_bidnet_state_open_bids_ohio_empty.html"),
    ...overrides,
  };
  for (const [name, route] of Object.entries(routes)) server.html(route, pages[name as keyof typeof routes]);
}

async function source(slug: string) {
  const [row] = await db().select().from(contractSources).where(eq(contractSources.slug, slug));
  return row!;
}

async function crawl(slug = "bidnet", options: Parameters<typeof runCrawl>[1] = {}) {
  const created = await createCrawlSession({ sourceId: (await source(slug)).id, sessionType: "manual" });
  const outcome = await runCrawl(created.sessionId, { ...CLIENT, ...options });
  const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, created.sessionId));
  const logs = await db()
    .select()
    .from(contractCrawlLogs)
    .where(eq(contractCrawlLogs.sessionId, created.sessionId))
    .orderBy(asc(contractCrawlLogs.loggedAt));
  return { outcome, session: session!, logs, messages: logs.map((l) => l.message) };
}

async function stored(slug = "bidnet") {
  const src = await source(slug);
  return db()
    .select()
    .from(contractOpportunities)
    .where(eq(contractOpportunities.sourceId, src.id))
    .orderBy(asc(contractOpportunities.externalId));
}

const categorySlug = async (id: string | null) =>
  id ? ((await db().execute<{ slug: string }>(sql`select slug from contract_categories where id = ${id}`)).rows[0]?.slug ?? null) : null;

beforeAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
  resetConfigForTests();
  await server.start();
  const rateLimitConfig = { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: DELAY_MS };
  await db().update(contractSources).set({ baseUrl: server.origin, rateLimitConfig });
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
});

describe("a BidNet crawl against the fixture server", () => {
  it("stores every record with every field, counts truthfully, logs each step and keeps the per-host delay", async () => {
    serveBidnet();
    const { session, messages } = await crawl();
    expect(session).toMatchObject({
      status: "completed",
      sessionType: "manual",
      totalFound: 5,
      newContracts: 5,
      updatedContracts: 0,
      failedContracts: 0,
      // robots.txt + roof p1, p2 + state roof + roofing p1 + state roofing
      requestsMade: 6,
      pagesProcessed: 5,
      rateLimitHits: 0,
      errorMessage: null,
      errorDetails: null,
      searchParameters: { keywords: ["roof", "roofing"], location: { state: "OH", locationId: "229" }, configuration: "Ohio Roofing Contracts" },
    });
    expect(session.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(session.durationSeconds)).toBe(true);
    expect(session.completedAt).not.toBeNull();
    expect(messages[0]).toBe("Crawl started: BidNet Direct / Ohio Roofing Contracts");
    expect(messages.at(-1)).toBe("Crawl completed: 5 found, 5 new, 0 updated, 0 failed");
    expect(messages).toContain("Page 1 of keyword search 'roof': 2 solicitations");
    expect(messages).toContain("Page 1 of state open bids 'roofing': 0 solicitations");
    expect(messages.some((m) => m.startsWith("No results could be read"))).toBe(false);

    const rows = await stored();
    const o = server.origin;
    const common = {
      contractType: "government", currency: "USD", locationCountry: "US", locationCity: null, status: "active",
      tags: ["bidnet", "government", "ohio"], scrapeCount: 1, isActive: true, isFeatured: false, isBookmarked: false,
      description: null, estimatedValue: null, contactPerson: null, contactEmail: null, contactPhone: null,
    };
    const expected = [
      { externalId: "0000439051", title: "Roof Replacement & Repairs – Franklin County Engineer's Garage", agencyName: null,
        sourceUrl: `${o}/ohio/solicitations/open-bids/Roof-Replacement-and-Repairs/0000439051?origin=0`, locationState: "OH",
        posted: "2026-10-02T12:00:00.000Z", deadline: "2026-11-24T12:00:00.000Z", category: "roof-replacement" },
      { externalId: "0000441200", title: "Gutter and Downspout Replacement – Delaware City Schools", agencyName: null,
        sourceUrl: `${o}/ohio/solicitations/open-bids/Gutter-and-Downspout-Replacement/0000441200?origin=0`, locationState: "OH",
        posted: "2026-09-28T12:00:00.000Z", deadline: "2026-10-30T12:00:00.000Z", category: "gutters-siding" },
      { externalId: "0000441999", title: "Metal Roofing Panels for Salt Barn", agencyName: null,
        sourceUrl: `${o}/ohio/solicitations/open-bids/Metal-Roofing-Panels-for-Salt-Barn/0000441999?origin=0`, locationState: "OH",
        posted: "2026-09-30T12:00:00.000Z", deadline: "2026-10-15T12:00:00.000Z", category: "sheet-metal-flashing" },
      { externalId: "2682664817", title: "Low-Slope Roof Coating, Building 12", agencyName: null,
        sourceUrl: `${o}/not-stated/solicitations/open-bids/statewide/Low-Slope-Roof-Coating/2682664817?origin=0&target=view`, locationState: "OH",
        posted: "2026-10-01T12:00:00.000Z", deadline: null, category: "roof-coatings" },
      { externalId: "445100200300", title: "Roof Restoration — Licking County Courthouse", agencyName: "Licking County Commissioners",
        sourceUrl: `${o}/public/supplier/solicitations/statewide/445100200300/abstract?purchasingGroupId=388528099&origin=1`, locationState: "OH",
        posted: "2026-10-03T12:00:00.000Z", deadline: "2026-10-28T12:00:00.000Z", category: "roof-coatings" },
    ];
    expect(rows).toHaveLength(expected.length);
    for (const [i, want] of expected.entries()) {
      const row = rows[i]!;
      const { posted, deadline, category, ...fields } = want;
      expect(row).toMatchObject({ ...common, ...fields });
      expect(row.postedDate?.toISOString() ?? null).toBe(posted);
      expect(row.deadlineDate?.toISOString() ?? null).toBe(deadline);
      expect(await categorySlug(row.categoryId)).toBe(category);
      expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.lastScrapedAt).not.toBeNull();
      expect(row.priorityScore).toBeGreaterThanOrEqual(1);
      expect(row.workStartDate).toBeNull();
    }

    // Start-to-start spacing per host, from the server's own request log.
    expect(server.requests).toHaveLength(6);
    expect(Math.min(...startGaps(server.requests))).toBeGreaterThanOrEqual(DELAY_MS);
    expect(server.requests.every((r) => /BuckeyeValorRoofingBot/.test(r.userAgent))).toBe(true);
  });

  it("a second crawl of the same pages creates 0 new rows; a changed page counts as updated and keeps its first-seen date", async () => {
    serveBidnet();
    await crawl();
    const before = await stored();
    const second = await crawl();
    expect(second.session).toMatchObject({ status: "completed", totalFound: 5, newContracts: 0, updatedContracts: 0 });
    const after = await stored();
    expect(after).toHaveLength(5);
    expect(after.every((r) => r.scrapeCount === 2)).toBe(true);
    expect(after.map((r) => r.createdAt.getTime())).toEqual(before.map((r) => r.createdAt.getTime()));

    server.reset();
    serveBidnet({
      roofing1: read("synthetic_bidnet_public_search_roofing_page1.html")
        .replace("Metal Roofing Panels for Salt Barn", "Metal Roofing Panels for Salt Barn (Addendum 1)")
        .replace("10/15/2026", "10/22/2026"),
    });
    const third = await crawl();
    expect(third.session).toMatchObject({ status: "completed", totalFound: 5, newContracts: 0, updatedContracts: 1 });
    const changed = (await stored()).find((r) => r.externalId === "0000441999")!;
    const original = before.find((r) => r.externalId === "0000441999")!;
    expect(changed.title).toBe("Metal Roofing Panels for Salt Barn (Addendum 1)");
    expect(changed.deadlineDate?.toISOString()).toBe("2026-10-22T12:00:00.000Z");
    expect(changed.createdAt.getTime()).toBe(original.createdAt.getTime());
    expect(changed.scrapeCount).toBe(3);
    expect(changed.contentHash).not.toBe(original.contentHash);
  });

  it("the WAF challenge (real page, HTTP 202) ends the session as blocked, never as 0 results", async () => {
    serveBidnet();
    server.route(routes.roof1, { status: 202, headers: { "content-type": "text/html" }, body: read("bidnet_error_aws_waf_challenge_http202_2026-09.html") });
    const { session, messages } = await crawl();
    expect(session.status).toBe("failed");
    expect(session.errorMessage).toBe(
      `Blocked: 127.0.0.1:${server.port} answered with a bot challenge (HTTP 202) instead of results. Nothing more was read; this is not "0 results". Try again later.`,
    );
    expect(session.errorDetails).toMatchObject({ kind: "blocked", status: 202 });
    expect(messages).toContain(session.errorMessage);
    // Nothing after the block was requested.
    expect(server.requestsTo("/ohio/solicitations/open-bids")).toHaveLength(0);
  });

  it("a burst of 403s ends the session as blocked", async () => {
    serveBidnet();
    for (const route of [routes.roof1, routes.stateRoof, routes.roofing1]) server.route(route, { status: 403, body: "Forbidden" });
    const { session, messages } = await crawl();
    expect(session.status).toBe("failed");
    expect(session.errorMessage).toMatch(/^Blocked: .* answered with HTTP 403 3 times in a row instead of results/);
    expect(messages).toContain(`HTTP 403 for keyword 'roof': Forbidden (keyword search page 1, ${server.origin}${routes.roof1.replace("?location=229&solSearchStatus=openSolicitationsTab&keywords=roof&", "?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&")})`);
    expect(messages).toContain(`HTTP 403 for keyword 'roof': Forbidden (state open bids page 1, ${server.origin}${routes.stateRoof})`);
  });

  it("obeys robots.txt: a disallowed search is logged, skipped and never requested", async () => {
    serveBidnet();
    server.route("/robots.txt", { status: 200, body: "User-agent: *\nDisallow: /public/\n" });
    const { session, messages } = await crawl();
    expect(session.status).toBe("completed");
    expect(server.requests.filter((r) => r.path.startsWith("/public/"))).toHaveLength(0);
    expect(messages).toContain(
      `Skipped (robots.txt disallows): ${server.origin}/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1`,
    );
    expect(session).toMatchObject({ totalFound: 1, newContracts: 1, requestsMade: 3, pagesProcessed: 2 });
  });

  it("a non-ok answer is logged with the §8 text and that search skipped; a contract that fails to save is counted and logged", async () => {
    serveBidnet();
    server.route(routes.roofing1, { status: 404, body: "no" });
    await db().execute(sql`
      create or replace function crawl_test_refuse() returns trigger language plpgsql as $$
      begin if new.title like '%Gutter%' then raise exception 'refused by test trigger'; end if; return new; end $$`);
    await db().execute(sql`create trigger crawl_test_refuse before insert on contract_opportunities for each row execute function crawl_test_refuse()`);
    try {
      const { session, messages } = await crawl();
      expect(messages).toContain(
        `HTTP 404 for keyword 'roofing': Not Found (keyword search page 1, ${server.origin}/public/solicitations/open?keywords=roofing&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1)`,
      );
      expect(messages).toContain("Failed to save contract: Gutter and Downspout Replacement – Delaware City Schools");
      expect(session).toMatchObject({ status: "completed", totalFound: 4, newContracts: 3, failedContracts: 1 });
    } finally {
      await db().execute(sql`drop trigger crawl_test_refuse on contract_opportunities`);
    }
  });

  it("follows next-page links on the source's own origin only: a link to another site is logged and not followed", async () => {
    const other = new CrawlerFixtureServer();
    await other.start();
    try {
      const page1 = read("synthetic_bidnet_public_search_roof_page1.html").replaceAll('href="/public/solicitations/open?', `href="${other.origin}/public/solicitations/open?`);
      serveBidnet({ roof1: page1 });
      other.route("/robots.txt", { status: 404, body: "" });
      other.html(routes.roof2, read("synthetic_bidnet_public_search_roof_page2.html"));
      const { session, logs } = await crawl();
      expect(session.status).toBe("completed");
      expect(other.requests).toHaveLength(0);
      const next = `${other.origin}/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=2`;
      expect(logs.filter((l) => l.message.startsWith("Not following")).map((l) => [l.logLevel, l.message])).toEqual([
        ["warn", `Not following the next-page link to another site (${next}): only pages on ${server.origin} are crawled`],
      ]);
      expect(server.requests.map((r) => r.url)).not.toContain(routes.roof2);
      expect(session).toMatchObject({ totalFound: 4, pagesProcessed: 4 });
    } finally {
      await other.stop();
    }
  });

  it("a page the parser cannot read within its time limit fails that search only, with a log line; the crawl goes on", async () => {
    // 40,000 open divs then 40,000 stray </p>: parse5 needs ~25 s (each </p> searches every open element).
    serveBidnet({ roof1: `<html><body>${"<div>".repeat(40_000)}${"</p>".repeat(40_000)}</body></html>` });
    const started = performance.now();
    const { session, logs } = await crawl("bidnet", { parser: { timeoutMs: 1_000 } });
    expect(performance.now() - started).toBeLessThan(10_000);
    const url = `${server.origin}/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1`;
    expect(logs.filter((l) => l.logLevel === "error").map((l) => l.message)).toEqual([
      `Error searching for keyword 'roof' (keyword search page 1, ${url}): the page took more than 1 s to parse`,
    ]);
    // The other three searches ran and stored what they found.
    expect(session).toMatchObject({ status: "completed", totalFound: 3, newContracts: 3, pagesProcessed: 3 });
  });

  it("retries 503 then 200 and honours Retry-After on 429 inside a crawl, counting rate-limit hits", async () => {
    serveBidnet();
    const roof1 = read("synthetic_bidnet_public_search_roof_page1.html");
    server.route(routes.roof1, {
      handler: (_req, res, hit) => {
        if (hit === 1) res.writeHead(503).end();
        else res.writeHead(200, { "content-type": "text/html" }).end(roof1);
      },
    });
    server.route(routes.stateRoof, {
      handler: (_req, res, hit) => {
        if (hit === 1) res.writeHead(429, { "retry-after": "1" }).end();
        else res.writeHead(200, { "content-type": "text/html" }).end(read("synthetic_bidnet_state_open_bids_ohio_roof.html"));
      },
    });
    const { session } = await crawl();
    expect(session).toMatchObject({ status: "completed", totalFound: 5, rateLimitHits: 1, requestsMade: 8 });
    const [first, second] = server.requestsTo("/ohio/solicitations/open-bids").filter((r) => r.url.includes("keywords=roof") && !r.url.includes("roofing"));
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_000);
  });
});

describe("a crawl that fails fast and says why", () => {
  const firstSearch = () =>
    `${server.origin}/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1`;
  const withBudget = async <T>(seconds: string, run: () => Promise<T>): Promise<T> => {
    process.env.CRAWL_SOURCE_BUDGET_SECONDS = seconds;
    resetConfigForTests();
    try {
      return await run();
    } finally {
      delete process.env.CRAWL_SOURCE_BUDGET_SECONDS;
      resetConfigForTests();
    }
  };

  it("a site whose every page drips a byte every 100 ms fails within the source's time budget, saying so", async () => {
    server.route("/robots.txt", { status: 404, body: "" });
    for (const route of Object.values(routes)) server.drip(route, { intervalMs: 100 });
    const started = performance.now();
    // The fetcher's own 30 s time-out is left as it is: the budget (5 s) is what stops the crawl.
    const { session, logs } = await withBudget("5", () => crawl());
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(5 + 4);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(session.status).toBe("failed");
    expect(session.errorMessage).toBe(
      "Scraping error: the site stopped answering: no page read in 5 s (the source's time budget, CRAWL_SOURCE_BUDGET_SECONDS), " +
        `the page was still loading; stopped at keyword search 'roof' (page 1, ${firstSearch()})`,
    );
    expect(session.errorDetails).toMatchObject({ kind: "source-budget", budgetSeconds: 5 });
    expect(logs.at(-1)?.message).toBe(session.errorMessage);
    // Nothing after the first page was tried.
    expect(server.requests.filter((r) => r.path !== "/robots.txt")).toHaveLength(1);
  });

  it("stops after 3 requests in a row time out: the site stopped answering", async () => {
    server.route("/robots.txt", { status: 404, body: "" });
    for (const route of Object.values(routes)) server.drip(route, { intervalMs: 100 });
    const started = performance.now();
    const { session } = await crawl("bidnet", { client: { ...CLIENT.client, limits: { totalTimeoutMs: 500 } } });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(session.errorMessage).toBe(
      "Scraping error: the site stopped answering: 3 requests in a row timed out (the page did not load within 0.5 s); " +
        `stopped at keyword search 'roof' (page 1, ${firstSearch()})`,
    );
    expect(session.errorDetails).toMatchObject({ kind: "unresponsive" });
    expect(server.requests.filter((r) => r.path !== "/robots.txt")).toHaveLength(3);
  });

  it("every search over the 5 MiB cap: the session names the first page and the cap", async () => {
    serveBidnet();
    const big = "x".repeat(5 * 1024 * 1024 + 1);
    for (const route of Object.values(routes)) server.html(route, big);
    const { session, logs } = await crawl();
    expect(session.errorMessage).toBe(
      `Scraping error: every search failed; the first: keyword search 'roof' (page 1, ${firstSearch()}): the body exceeds the 5 MiB cap`,
    );
    // Each log line names its page: the keyword search and the state page are told apart.
    const errors = logs.filter((l) => l.logLevel === "error").map((l) => l.message);
    expect(errors).toContain(
      `Error searching for keyword 'roof' (keyword search page 1, ${firstSearch()}): the body exceeds the 5 MiB cap`,
    );
    expect(errors).toContain(
      `Error searching for keyword 'roof' (state open bids page 1, ${server.origin}/ohio/solicitations/open-bids?keywords=roof): the body exceeds the 5 MiB cap`,
    );
  });

  it("a source on the metadata address: refused, and the session says why", async () => {
    const bidnet = await source("bidnet");
    await db().update(contractSources).set({ baseUrl: "http://169.254.169.254" }).where(eq(contractSources.id, bidnet.id));
    try {
      const { session } = await crawl();
      expect(session.errorMessage).toBe(
        "Scraping error: every search failed; the first: keyword search 'roof' " +
          "(page 1, http://169.254.169.254/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1): " +
          "refused: 169.254.169.254 is a metadata address",
      );
      expect(session.requestsMade).toBe(0);
    } finally {
      await db().update(contractSources).set({ baseUrl: server.origin }).where(eq(contractSources.id, bidnet.id));
    }
  });
});

describe("sessions", () => {
  it("one crawl per source at a time: a second start says so", async () => {
    const bidnet = await source("bidnet");
    await createCrawlSession({ sourceId: bidnet.id });
    await expect(createCrawlSession({ sourceId: bidnet.id })).rejects.toThrow(new CrawlAlreadyRunningError("BidNet Direct", null).message);
    await expect(createCrawlSession({ sourceId: bidnet.id })).rejects.toThrow("A crawl of BidNet Direct is already running");
    // Another source is independent.
    await createCrawlSession({ sourceId: (await source("govcb")).id });
  });

  it("an invalid source or configuration: the §8 text", async () => {
    await expect(createCrawlSession({ sourceId: "not-a-uuid" })).rejects.toThrow(InvalidCrawlRequestError);
    await expect(createCrawlSession({ sourceId: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow("Invalid source or configuration");
    const govcb = await source("govcb");
    const [bidnetConfig] = await db().select().from(contractSearchConfigs).where(eq(contractSearchConfigs.sourceId, (await source("bidnet")).id));
    await expect(createCrawlSession({ sourceId: govcb.id, searchConfigId: bidnetConfig!.id })).rejects.toThrow("Invalid source or configuration");
  });

  it("survives a restart: the retried job closes the stale session as failed and crawls in a new one", async () => {
    serveBidnet();
    const created = await createCrawlSession({ sourceId: (await source("bidnet")).id, sessionType: "scheduled" });
    // The first attempt died (no handler ran to the end); pg-boss retries the job.
    const result = await handleCrawlJob(
      { id: "job-1", retryCount: 1, data: { sessionId: created.sessionId, sourceId: created.sourceId } },
      undefined,
      CLIENT,
    );
    expect(result.outcome).toBe("completed");
    const [stale] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, created.sessionId));
    expect(stale).toMatchObject({ status: "failed", errorMessage: "Interrupted: the crawl stopped before it finished (app restart or worker failure)" });
    const [fresh] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, result.sessionId!));
    expect(fresh).toMatchObject({ status: "completed", sessionType: "scheduled", newContracts: 5 });
    // A duplicate delivery of the same job does nothing.
    expect((await handleCrawlJob({ id: "job-1", retryCount: 2, data: { sessionId: created.sessionId, sourceId: created.sourceId } })).outcome).toBe("skipped");
  });

  it("a crawl that reaches its time limit is closed as failed, keeps what it found and is not retried", async () => {
    serveBidnet();
    // Page 2 of 'roof' never comes: the run is stopped by its time limit (the worker's signal) meanwhile.
    server.route(routes.roof2, {
      handler: async (_req, res) => {
        await new Promise<void>((resolve) => {
          res.on("close", resolve);
          setTimeout(resolve, 10_000);
        });
        if (!res.destroyed) res.writeHead(200, { "content-type": "text/html" }).end(read("synthetic_bidnet_public_search_roof_page2.html"));
      },
    });
    const created = await createCrawlSession({ sourceId: (await source("bidnet")).id, sessionType: "manual" });
    const result = await handleCrawlJob(
      { id: "job-time", retryCount: 0, data: { sessionId: created.sessionId, sourceId: created.sourceId } },
      { signal: AbortSignal.timeout(1_500) },
      CLIENT,
    );
    expect(result).toEqual({ outcome: "failed", sessionId: created.sessionId });
    const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, created.sessionId));
    expect(session).toMatchObject({ status: "failed", errorMessage: "Stopped: the crawl ran longer than its time limit. What was found until then is kept." });
    expect(session!.completedAt).not.toBeNull();
    // Page 1's two solicitations were stored before the stop.
    expect((await stored()).length).toBe(2);
    // The job did not fail, so pg-boss has nothing to retry; a redelivery finds the session closed.
    expect((await handleCrawlJob({ id: "job-time", retryCount: 1, data: { sessionId: created.sessionId, sourceId: created.sourceId } })).outcome).toBe("skipped");
  });

  it("an unknown adapter fails the session: No adapter found for source: {slug}", async () => {
    const [other] = await db()
      .insert(contractSources)
      .values({ name: "SAM.gov", slug: "sam-gov", baseUrl: server.origin })
      .returning();
    await db().insert(contractSearchConfigs).values({ sourceId: other!.id, name: "Default", keywords: ["roof"], isDefault: true });
    const { session, messages } = await crawl("sam-gov");
    expect(session).toMatchObject({ status: "failed", errorMessage: "No adapter found for source: sam-gov" });
    expect(messages).toContain("No adapter found for source: sam-gov");
  });
});

describe("a GovCB crawl against the fixture server (SYNTHETIC pages)", () => {
  it("one search with the first keyword, Next followed, every record stored", async () => {
    server.route("/robots.txt", { status: 404, body: "" });
    server.html("/search.htm?gov[]=sl&gov[]=fed&searchText=roof&state=OH&naicscode=&catID=", read("synthetic_govcb_search_roof_page1.html"));
    server.html("/search.htm?page=2", read("synthetic_govcb_search_roof_page2.html"));
    const { session } = await crawl("govcb");
    expect(session).toMatchObject({ status: "completed", totalFound: 3, newContracts: 3, requestsMade: 3, pagesProcessed: 2 });
    const rows = await stored("govcb");
    expect(rows.map((r) => [r.externalId, r.title, r.agencyName, r.locationCity, r.locationState, r.estimatedValue, r.postedDate?.toISOString(), r.deadlineDate?.toISOString() ?? null, r.tags])).toEqual([
      ["23761006", "ON-CALL ROOF REPAIR SERVICES", "Columbus City Schools", "Columbus", "OH", 250000, "2026-09-29T12:00:00.000Z", "2026-10-20T12:00:00.000Z", ["govcb", "government", "ohio"]],
      ["23800101", "GUTTER AND ROOF DRAIN CLEANING", "Ohio Department of Transportation", null, "OH", null, "2026-09-15T12:00:00.000Z", "2026-11-02T12:00:00.000Z", ["govcb", "government", "ohio"]],
      ["NBD14874385965181826", "ROOF REPLACEMENT AT FIRE STATION 3", "City of Westerville", null, "OH", null, "2026-09-30T12:00:00.000Z", null, ["govcb", "government", "ohio", "veteran-set-aside"]],
    ]);
    expect(rows.map((r) => r.description)).toEqual([
      "Estimated value: $250,000. Repair of built-up & EPDM roofs and flashing at 12 buildings.",
      null,
      "Tear-off and replacement of the asphalt shingle roof. SDVOSB set-aside.",
    ]);
  });
});

describe("a GovCB page with a malformed link", () => {
  it("skips that row (and a script link) with a warning and stores the rest of the page", async () => {
    server.route("/robots.txt", { status: 404, body: "" });
    server.html("/search.htm?gov[]=sl&gov[]=fed&searchText=roof&state=OH&naicscode=&catID=", read("synthetic_govcb_search_roof_bad_link.html"));
    const { session, logs } = await crawl("govcb");
    expect(session).toMatchObject({ status: "completed", totalFound: 2, newContracts: 2, pagesProcessed: 1, errorMessage: null });
    expect((await stored("govcb")).map((r) => [r.externalId, r.title, r.sourceUrl])).toEqual([
      ["23900001", "ROOF COATING AT CITY HALL", `${server.origin}/government-bids/ROOF-COATING-AT-CITY-HALL-23900001.htm`],
      ["23900003", "SHINGLE ROOF REPLACEMENT", `${server.origin}/government-bids/SHINGLE-ROOF-REPLACEMENT-23900003.htm`],
    ]);
    expect(logs.filter((l) => l.logLevel === "warn").map((l) => l.message)).toEqual([
      "Error converting contract: row 3 (GUTTER REPLACEMENT): bad link https://www.govcb.com:99999/government-bids/GUTTER-REPLACEMENT-23900002.htm",
      "Error converting contract: row 5 (SCRIPT LINK): not a web link javascript:alert(document.cookie)//-23900004.htm",
    ]);
  });
});

describe("stale sessions", () => {
  it("a running session silent for 15 minutes with no job is closed when the source is crawled again", async () => {
    const bidnet = await source("bidnet");
    const first = await createCrawlSession({ sourceId: bidnet.id });
    await db().update(contractCrawlSessions).set({ startedAt: sql`now() - interval '16 minutes'` }).where(eq(contractCrawlSessions.id, first.sessionId));
    const second = await createCrawlSession({ sourceId: bidnet.id });
    const [closed] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, first.sessionId));
    expect(closed).toMatchObject({ status: "failed", errorDetails: { kind: "interrupted" } });
    expect(second.sessionId).not.toBe(first.sessionId);
  });
});
