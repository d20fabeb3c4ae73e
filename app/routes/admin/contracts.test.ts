import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { contractCrawlLogs, contractCrawlSessions, contractSearchConfigs, contractSources } from "~/db/schema";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { createSession, createUser } from "../../../tests/support/factories";
import { action, loader } from "./contracts";
import { loader as progressLoader } from "./contracts.sessions.$id";
import { loader as logLoader } from "./contracts.sessions.$id.log[.]txt";

/**
 * /admin/contracts on the server: Get Contracts' answers (spec 2 §5, §8
 * word for word) and what each writes, the filters' 400, and the crawl
 * progress and log routes (ADR 028). Background jobs do not run in this
 * process, which is how "Failed to start crawling" is reached for real.
 */

const context = { cspNonce: "", requestId: "contracts", formKey: "" };
let cookie = "";

async function source(slug: string) {
  const [row] = await db().select().from(contractSources).where(eq(contractSources.slug, slug));
  return row!;
}
async function defaultConfig(sourceId: string) {
  const [row] = await db().select().from(contractSearchConfigs).where(eq(contractSearchConfigs.sourceId, sourceId));
  return row!;
}
const start = (fields: Record<string, string>) => postAdminAction(action, "/admin/contracts", cookie, { intent: "start-crawl", ...fields });
const sessions = () => db().select().from(contractCrawlSessions);

beforeEach(async () => {
  cookie = await freshAdminSession();
});

describe("Get Contracts", () => {
  it("without a source: Please select a source to crawl, and nothing is written", async () => {
    const answer = await start({ sourceId: "", searchConfigId: "" });
    expect(answer.status).toBe(422);
    expect(answer.body.toast).toMatchObject({ title: "Error", text: "Please select a source to crawl" });
    expect(await sessions()).toEqual([]);
  });

  it("an unknown, inactive or mismatched source or configuration: Invalid source or configuration", async () => {
    const bidnet = await source("bidnet");
    const govcb = await source("govcb");
    const bidnetConfig = await defaultConfig(bidnet.id);
    for (const fields of [
      { sourceId: "not-an-id", searchConfigId: bidnetConfig.id },
      { sourceId: bidnet.id, searchConfigId: "" },
      { sourceId: crypto.randomUUID(), searchConfigId: bidnetConfig.id },
      { sourceId: govcb.id, searchConfigId: bidnetConfig.id },
    ]) {
      const answer = await start(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.toast.text).toBe("Invalid source or configuration");
    }
    await db().update(contractSources).set({ isActive: false }).where(eq(contractSources.id, bidnet.id));
    const inactive = await start({ sourceId: bidnet.id, searchConfigId: bidnetConfig.id });
    expect(inactive.body.toast.text).toBe("Invalid source or configuration");
    expect(await sessions()).toEqual([]);
  });

  it("a source being crawled says so", async () => {
    const bidnet = await source("bidnet");
    const config = await defaultConfig(bidnet.id);
    await db().insert(contractCrawlSessions).values({ sourceId: bidnet.id, searchConfigId: config.id, status: "running" });
    const answer = await start({ sourceId: bidnet.id, searchConfigId: config.id });
    expect(answer.status).toBe(409);
    expect(answer.body.toast.text).toBe("A crawl of BidNet Direct is already running");
    expect(await sessions()).toHaveLength(1);
  });

  it("when the job cannot be sent: Failed to start crawling, and the session is closed as failed", async () => {
    const bidnet = await source("bidnet");
    const config = await defaultConfig(bidnet.id);
    const answer = await start({ sourceId: bidnet.id, searchConfigId: config.id });
    expect(answer.status).toBe(500);
    expect(answer.body.toast).toMatchObject({ title: "Error", text: "Failed to start crawling" });
    const [session] = await sessions();
    expect(session).toMatchObject({ status: "failed", errorMessage: "Failed to start crawling", sourceId: bidnet.id });
  });

  it("is for admins only", async () => {
    const staffer = await createUser({ kind: "approved" });
    const { cookie: userCookie } = await createSession(staffer);
    const bidnet = await source("bidnet");
    const config = await defaultConfig(bidnet.id);
    await expect(postAdminAction(action, "/admin/contracts", userCookie, { intent: "start-crawl", sourceId: bidnet.id, searchConfigId: config.id })).rejects.toMatchObject({ status: 302 });
    expect(await sessions()).toEqual([]);
  });
});

describe("the list's loader", () => {
  it("answers 400 with the reason for filters it cannot use, and the whole list", async () => {
    const request = new Request("http://app.test/admin/contracts?min=abc", { headers: { cookie } });
    const result = (await loader({ request, params: {}, context } as never)) as unknown as {
      data: { filterError: string | null; workspace: Promise<{ ok: boolean }> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.filterError).toMatch(/Minimum value|min/i);
    expect((await result.data.workspace).ok).toBe(true);
  });
});

describe("a crawl's progress and log", () => {
  it("gives the counters and the latest lines in order, 404 for another id, and the whole log as a dated file", async () => {
    const bidnet = await source("bidnet");
    const [session] = await db()
      .insert(contractCrawlSessions)
      .values({ sourceId: bidnet.id, status: "running", pagesProcessed: 2, requestsMade: 4, totalFound: 7, newContracts: 3, updatedContracts: 1, rateLimitHits: 1 })
      .returning();
    await db().insert(contractCrawlLogs).values([
      { sessionId: session!.id, logLevel: "info", message: "Crawl started: BidNet Direct / Ohio Roofing Contracts", loggedAt: sql`now() - interval '2 seconds'` },
      { sessionId: session!.id, logLevel: "warn", message: "HTTP 404 for keyword 'roof': Not Found", context: { url: "https://example.test/x" }, loggedAt: sql`now() - interval '1 second'` },
    ]);
    const get = (id: string) =>
      progressLoader({ request: new Request(`http://app.test/admin/contracts/sessions/${id}`, { headers: { cookie } }), params: { id }, context } as never) as unknown as Promise<{
        data: { progress: { session: Record<string, unknown>; log: { message: string; level: string }[] } | null };
        init: { status: number; headers: Record<string, string> };
      }>;
    const found = await get(session!.id);
    expect(found.init.status).toBe(200);
    expect(found.init.headers["Cache-Control"]).toBe("private, no-store");
    expect(found.data.progress!.session).toMatchObject({ status: "running", sourceName: "BidNet Direct", pagesProcessed: 2, requestsMade: 4, totalFound: 7, newContracts: 3, updatedContracts: 1, rateLimitHits: 1 });
    expect(found.data.progress!.log.map((l) => [l.level, l.message])).toEqual([
      ["info", "Crawl started: BidNet Direct / Ohio Roofing Contracts"],
      ["warn", "HTTP 404 for keyword 'roof': Not Found"],
    ]);
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) expect((await get(id)).init.status).toBe(404);

    const file = (await logLoader({ request: new Request("http://app.test/x", { headers: { cookie } }), params: { id: session!.id }, context } as never)) as Response;
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename=crawl-log-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await file.text();
    expect(text).toContain("Source: BidNet Direct");
    expect(text).toContain("Pages 2, requests 4, found 7, new 3, updated 1, failed 0, rate-limit waits 1");
    expect(text).toMatch(/WARN {2}HTTP 404 for keyword 'roof': Not Found \{"url":"https:\/\/example\.test\/x"\}/);
  });
});
