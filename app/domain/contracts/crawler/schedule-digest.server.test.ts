import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { contractCrawlSessions, contractDigestSubscribers, contractSearchConfigs, contractSources, emailOutbox } from "~/db/schema";
import { createUser } from "../../../../tests/support/factories";
import { CrawlerFixtureServer } from "../../../../tests/support/crawler-fixture-server";
import { handleCrawlJob } from "./crawl.job.server";
import { cronMatches, cronExpressionSchema, parseCron } from "./cron";
import { DIGEST_KIND, queueCrawlDigest } from "./digest.server";
import { closeCrawlerAgents } from "./fetcher.server";
import { COMPANY_TIME_ZONE, runScheduleTick } from "./schedule.server";
import { createCrawlSession } from "./start-crawl.server";

/**
 * Scheduled crawls (a cron expression per configuration, in the company's
 * time zone) and the digest email of new contracts to admins who opted in,
 * against the fixture server (GovCB SYNTHETIC pages).
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const server = new CrawlerFixtureServer();
const savedEnv = { ...process.env };

describe("cron", () => {
  it("parses and matches in the company's time zone", () => {
    const daily6 = parseCron("0 6 * * *")!;
    // 06:00 in Columbus is 10:00 UTC in summer time, 11:00 UTC in winter.
    expect(cronMatches(daily6, new Date("2026-10-05T10:00:00Z"), COMPANY_TIME_ZONE)).toBe(true);
    expect(cronMatches(daily6, new Date("2026-10-05T10:01:00Z"), COMPANY_TIME_ZONE)).toBe(false);
    expect(cronMatches(daily6, new Date("2026-12-07T11:00:00Z"), COMPANY_TIME_ZONE)).toBe(true);
    expect(cronMatches(daily6, new Date("2026-12-07T10:00:00Z"), COMPANY_TIME_ZONE)).toBe(false);
    const weekdays = parseCron("30 7 * * 1-5")!;
    expect(cronMatches(weekdays, new Date("2026-10-05T11:30:00Z"), COMPANY_TIME_ZONE)).toBe(true); // Monday
    expect(cronMatches(weekdays, new Date("2026-10-04T11:30:00Z"), COMPANY_TIME_ZONE)).toBe(false); // Sunday
    expect(parseCron("*/15 * * * 7")?.weekdays.has(0)).toBe(true);
    for (const bad of ["", "0 6 * *", "60 6 * * *", "0 24 * * *", "0 6 0 * *", "a b c d e", "0 6 * * * *", "5-1 * * * *"]) {
      expect(parseCron(bad)).toBeNull();
      expect(cronExpressionSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("scheduled crawls and the digest", () => {
  beforeAll(async () => {
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
    process.env.APP_URL = "https://roofing.test";
    resetConfigForTests();
    await server.start();
    await db().update(contractSources).set({
      baseUrl: server.origin,
      rateLimitConfig: { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: 20 },
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
    await db().execute(sql`truncate contract_opportunities, contract_crawl_logs, contract_crawl_sessions, crawl_host_slots, crawl_host_requests, email_outbox cascade`);
    server.route("/robots.txt", { status: 404, body: "" });
    server.html("/search.htm?gov[]=sl&gov[]=fed&searchText=roof&state=OH&naicscode=&catID=", read("synthetic_govcb_search_roof_page1.html"));
    server.html("/search.htm?page=2", read("synthetic_govcb_search_roof_page2.html"));
  });

  it("a configuration's schedule starts one scheduled session in its minute, without anyone signed in", async () => {
    const [govcb] = await db().select().from(contractSources).where(eq(contractSources.slug, "govcb"));
    await db().update(contractSearchConfigs).set({ scheduleCron: "0 6 * * *", lastScheduledAt: null }).where(eq(contractSearchConfigs.sourceId, govcb!.id));
    const at6 = new Date("2026-10-05T10:00:20Z");
    const first = await runScheduleTick(at6, createCrawlSession);
    expect(first.started).toHaveLength(1);
    // The same minute again (a second worker, a repeated tick): nothing.
    expect((await runScheduleTick(new Date("2026-10-05T10:00:50Z"), createCrawlSession)).started).toEqual([]);
    expect((await runScheduleTick(new Date("2026-10-05T10:01:00Z"), createCrawlSession)).started).toEqual([]);
    const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, first.started[0]!));
    expect(session).toMatchObject({ sessionType: "scheduled", status: "running", triggeredBy: null, searchParameters: { triggeredBy: "schedule" } });
    // The next day it runs again; while the previous one still runs, it is skipped with the reason.
    const next = await runScheduleTick(new Date("2026-10-06T10:00:00Z"), createCrawlSession);
    expect(next.started).toEqual([]);
    expect(next.skipped).toEqual([{ configId: expect.any(String), reason: "A crawl of Government Contract Bids is already running" }]);
    await db().update(contractSearchConfigs).set({ scheduleCron: null }).where(eq(contractSearchConfigs.sourceId, govcb!.id));
  });

  it("after a scheduled crawl with new contracts, each opted-in admin gets one digest; nobody else; never twice", async () => {
    const subscribed = await createUser({ kind: "admin" });
    const subscribedSuper = await createUser({ kind: "super_admin" });
    await createUser({ kind: "admin" }); // not opted in
    const customer = await createUser({ kind: "customer" }); // opted in, not an admin
    const rejected = await createUser({ kind: "rejected", roles: ["admin"] });
    await db().insert(contractDigestSubscribers).values([subscribed, subscribedSuper, customer, rejected].map((u) => ({ userId: u.id })));
    const [govcb] = await db().select().from(contractSources).where(eq(contractSources.slug, "govcb"));

    const created = await createCrawlSession({ sourceId: govcb!.id, sessionType: "scheduled", triggeredBy: "schedule" });
    const job = { id: "job-s", retryCount: 0, data: { sessionId: created.sessionId, sourceId: created.sourceId } };
    expect((await handleCrawlJob(job)).outcome).toBe("completed");
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, DIGEST_KIND));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([subscribed.email, subscribedSuper.email].sort());
    const mail = mails[0]!;
    expect(mail.relatedId).toBe(created.sessionId);
    expect(mail.subject).toBe("3 new contracts from Government Contract Bids (Ohio Roofing Contracts)");
    expect(mail.textBody).toContain(
      `ON-CALL ROOF REPAIR SERVICES\nAgency: Columbus City Schools\nDeadline: Oct 20, 2026\n${server.origin}/government-bids/ON-CALL-ROOF-REPAIR-SERVICES-23761006.htm`,
    );
    expect(mail.textBody).toContain("ROOF REPLACEMENT AT FIRE STATION 3\nAgency: City of Westerville\nDeadline: no deadline given");
    expect(mail.textBody).toContain("Open the contracts: https://roofing.test/admin/contracts");
    expect(mail.htmlBody).toContain("GUTTER AND ROOF DRAIN CLEANING");
    // Queuing the same run's digest again (a retried job) sends nothing.
    expect(await queueCrawlDigest({ sessionId: created.sessionId, sourceName: "x", configName: null, contracts: [{ title: "t" } as never] })).toEqual([]);

    // The next scheduled run finds nothing new: no digest.
    const again = await createCrawlSession({ sourceId: govcb!.id, sessionType: "scheduled", triggeredBy: "schedule" });
    await handleCrawlJob({ id: "job-t", retryCount: 0, data: { sessionId: again.sessionId, sourceId: again.sourceId } });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, DIGEST_KIND))).toHaveLength(2);

    // A manual crawl with new contracts sends no digest.
    await db().execute(sql`truncate contract_opportunities cascade`);
    const manual = await createCrawlSession({ sourceId: govcb!.id, sessionType: "manual" });
    await handleCrawlJob({ id: "job-u", retryCount: 0, data: { sessionId: manual.sessionId, sourceId: manual.sourceId } });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, DIGEST_KIND))).toHaveLength(2);
  });
});
