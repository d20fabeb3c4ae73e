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
import { PgBoss } from "pg-boss";
import { currentJobsState } from "~/jobs/queue.server";
import { startJobs, stopJobs } from "~/jobs/worker.server";
import { cronExpressionSchema, isCronExpression } from "~/lib/cron-expression";
import { DIGEST_KIND, queueCrawlDigest } from "./digest.server";
import { closeCrawlerAgents } from "./fetcher.server";
import { COMPANY_TIME_ZONE, runScheduledCrawl, SCHEDULED_CRAWL_JOB, syncCrawlSchedules } from "./schedule.server";
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

describe("a schedule's expression", () => {
  it("the form's check refuses what is not a 5-field expression", () => {
    for (const good of ["0 6 * * *", "30 7 * * 1-5", "*/15 * * * 7", "0 6 1,15 * *", "0 0-23/2 * 1-12 0-6"]) expect(isCronExpression(good), good).toBe(true);
    for (const bad of ["", "0 6 * *", "60 6 * * *", "0 24 * * *", "0 6 0 * *", "a b c d e", "0 6 * * * *", "5-1 * * * *", "0 6 * * MON", "@daily", "0 6 31 2 *", "0 6 * * 0,7", "0 1-3,2 * * *"]) {
      expect(isCronExpression(bad), bad).toBe(false);
      expect(cronExpressionSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("every expression the form accepts is one pg-boss runs, at the wall-clock time it names in Columbus", () => {
    // previewSchedule evaluates an expression as the cron pass does (no database needed).
    const boss = new PgBoss({ connectionString: "postgres://unused@127.0.0.1:1/unused" });
    const from = new Date("2026-10-04T12:00:00Z");
    const preview = (cron: string, at = from) => boss.previewSchedule(cron, { tz: COMPANY_TIME_ZONE, from: at, count: 2 }).map((d) => d.toISOString());
    // 06:00 in Columbus is 10:00 UTC in summer time, 11:00 UTC in winter.
    expect(preview("0 6 * * *")).toEqual(["2026-10-05T10:00:00.000Z", "2026-10-06T10:00:00.000Z"]);
    expect(preview("0 6 * * *", new Date("2026-12-06T12:00:00Z"))).toEqual(["2026-12-07T11:00:00.000Z", "2026-12-08T11:00:00.000Z"]);
    expect(preview("30 7 * * 1-5", new Date("2026-10-02T12:00:00Z"))).toEqual(["2026-10-05T11:30:00.000Z", "2026-10-06T11:30:00.000Z"]); // Fri -> Mon
    expect(preview("0 6 * * 7")[0]).toBe("2026-10-11T10:00:00.000Z"); // 7 = Sunday
    // Generated expressions (fixed seed): whatever the form accepts, pg-boss accepts too.
    let seed = 20261127;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const piece = (min: number, max: number) => {
      const a = min + random(max - min + 1);
      const b = a + random(max - a + 1);
      return ["*", `${a}`, `${a}-${b}`, `*/${1 + random(9)}`, `${a}-${b}/${1 + random(5)}`, `${a},${b}`][random(6)]!;
    };
    let accepted = 0;
    for (let i = 0; i < 2_000; i++) {
      const expression = [piece(0, 59), piece(0, 23), piece(1, 31), piece(1, 12), piece(0, 7)].join(" ");
      if (!isCronExpression(expression)) continue;
      accepted++;
      expect(() => boss.previewSchedule(expression, { tz: COMPANY_TIME_ZONE, from, count: 1 }), expression).not.toThrow();
    }
    expect(accepted).toBeGreaterThan(1_000);
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

  it("an occurrence of a configuration's schedule starts one scheduled session, without anyone signed in", async () => {
    const [govcb] = await db().select().from(contractSources).where(eq(contractSources.slug, "govcb"));
    const [config] = await db()
      .update(contractSearchConfigs)
      .set({ scheduleCron: "0 6 * * *", lastScheduledAt: null })
      .where(eq(contractSearchConfigs.sourceId, govcb!.id))
      .returning();
    const data = { configId: config!.id, cron: "0 6 * * *" };
    const first = await runScheduledCrawl(data, new Date("2026-10-05T10:00:20Z"), createCrawlSession);
    expect(first).toEqual({ started: expect.any(String) });
    // The same job delivered again (after a crash), in the same minute or the next: nothing.
    expect(await runScheduledCrawl(data, new Date("2026-10-05T10:00:20Z"), createCrawlSession)).toEqual({ skipped: "already started" });
    const [session] = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.id, (first as { started: string }).started));
    expect(session).toMatchObject({ sessionType: "scheduled", status: "running", triggeredBy: null, searchParameters: { triggeredBy: "schedule" } });
    // The next day it runs again; while the previous one still runs, it is skipped with the reason.
    expect(await runScheduledCrawl(data, new Date("2026-10-06T10:00:03Z"), createCrawlSession)).toEqual({
      skipped: "already running",
      reason: "A crawl of Government Contract Bids is already running",
    });
    // A job written for an expression since changed, or a configuration since deactivated, does nothing.
    expect(await runScheduledCrawl({ ...data, cron: "0 7 * * *" }, new Date("2026-10-07T11:00:00Z"), createCrawlSession)).toEqual({
      skipped: "not scheduled any more",
    });
    await db().update(contractSearchConfigs).set({ isActive: false }).where(eq(contractSearchConfigs.id, config!.id));
    expect(await runScheduledCrawl(data, new Date("2026-10-08T10:00:00Z"), createCrawlSession)).toEqual({ skipped: "not scheduled any more" });
    await db().update(contractSearchConfigs).set({ scheduleCron: null, isActive: true }).where(eq(contractSearchConfigs.sourceId, govcb!.id));
  });

  it("each scheduled configuration is one keyed pg-boss schedule in the company's time zone, and pg-boss's cron pass runs it", async () => {
    process.env.JOBS_CRON_INTERVAL_SECONDS = "1";
    resetConfigForTests();
    await startJobs({ workers: true });
    try {
      const boss = currentJobsState()!.boss;
      const schedules = async () =>
        (await boss.getSchedules(SCHEDULED_CRAWL_JOB)).map((s) => ({ key: s.key, cron: s.cron, timezone: s.timezone, data: s.data })).sort((a, b) => a.key.localeCompare(b.key));
      const sources = await db().select().from(contractSources);
      const govcb = sources.find((s) => s.slug === "govcb")!;
      const configs = await db().select().from(contractSearchConfigs);
      const govcbConfig = configs.find((c) => c.sourceId === govcb.id && c.isDefault)!;
      const other = configs.find((c) => c.sourceId !== govcb.id)!;
      await db().update(contractSearchConfigs).set({ scheduleCron: "0 6 * * *" }).where(eq(contractSearchConfigs.id, other.id));
      await db().update(contractSearchConfigs).set({ scheduleCron: "30 7 * * 1-5" }).where(eq(contractSearchConfigs.id, govcbConfig.id));
      await syncCrawlSchedules();
      expect(await schedules()).toEqual(
        [
          { key: other.id, cron: "0 6 * * *", timezone: COMPANY_TIME_ZONE, data: { configId: other.id, cron: "0 6 * * *" } },
          { key: govcbConfig.id, cron: "30 7 * * 1-5", timezone: COMPANY_TIME_ZONE, data: { configId: govcbConfig.id, cron: "30 7 * * 1-5" } },
        ].sort((a, b) => a.key.localeCompare(b.key)),
      );
      // A deactivated source takes its configurations' schedules with it; a removed expression its own.
      await db().update(contractSources).set({ isActive: false }).where(eq(contractSources.id, other.sourceId));
      await db().update(contractSearchConfigs).set({ scheduleCron: "* * * * *" }).where(eq(contractSearchConfigs.id, govcbConfig.id));
      await syncCrawlSchedules();
      expect((await schedules()).map((s) => [s.key, s.cron])).toEqual([[govcbConfig.id, "* * * * *"]]);

      // Every minute: pg-boss's cron pass sends the job, which starts a scheduled session (bounded wait:
      // the next minute boundary plus the pass interval).
      const deadline = Date.now() + 75_000;
      let sessions: (typeof contractCrawlSessions.$inferSelect)[] = [];
      while (Date.now() < deadline && sessions.length === 0) {
        await new Promise((r) => setTimeout(r, 500));
        sessions = await db().select().from(contractCrawlSessions).where(eq(contractCrawlSessions.sessionType, "scheduled"));
      }
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ searchConfigId: govcbConfig.id, triggeredBy: null });
      await db().update(contractSources).set({ isActive: true }).where(eq(contractSources.id, other.sourceId));
      await db().update(contractSearchConfigs).set({ scheduleCron: null });
      await syncCrawlSchedules();
      expect(await schedules()).toEqual([]);
    } finally {
      await stopJobs();
      delete process.env.JOBS_CRON_INTERVAL_SECONDS;
      resetConfigForTests();
    }
  }, 120_000);

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
