import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { contractChanges, contractCrawlSessions, contractOpportunities } from "~/db/schema";
import { sourceIdOf } from "../../../../tests/support/contracts";
import type { ParsedContract } from "./adapters";
import { CONTRACT_CHANGES_KEPT } from "./contract-changes.server";
import { loadCategoryIds, storeContract } from "./store-contract.server";

const base: ParsedContract = {
  externalId: "hist-1",
  title: "Roof replacement, Fire Station 2",
  description: "Tear-off",
  agencyName: "City of Dublin",
  sourceUrl: "https://example.com/bids/hist-1",
  contractType: "government",
  estimatedValue: 100_000,
  currency: "USD",
  locationCity: "Dublin",
  locationState: "OH",
  locationCountry: "US",
  postedDate: "2026-11-01",
  deadlineDate: "2026-12-01T16:00:00-05:00",
  tags: ["bidnet", "government"],
  status: "active",
  rawData: { kind: "row" },
};

describe("storeContract's change history", () => {
  let sourceId = "";
  let categoryIds = new Map<string, string>();
  beforeAll(async () => {
    sourceId = await sourceIdOf("bidnet");
    categoryIds = await loadCategoryIds();
  });

  it("records which fields a re-crawl changed, old -> new, with the crawl session", async () => {
    const context = { sourceId, categoryIds };
    expect(await storeContract(base, context)).toBe("new");
    expect(await storeContract({ ...base, tags: ["government", "bidnet"] }, context)).toBe("unchanged");
    const [session] = await db().insert(contractCrawlSessions).values({ sourceId, status: "completed" }).returning({ id: contractCrawlSessions.id });
    const outcome = await storeContract({ ...base, deadlineDate: "2026-12-08T16:00:00-05:00", estimatedValue: 120_000, agencyName: null }, { ...context, sessionId: session!.id });
    expect(outcome).toBe("updated");
    const [row] = await db().select().from(contractOpportunities).where(eq(contractOpportunities.externalId, "hist-1"));
    const history = await db().select().from(contractChanges).where(eq(contractChanges.contractId, row!.id));
    expect(history).toHaveLength(1);
    expect(history[0]!.crawlSessionId).toBe(session!.id);
    expect(history[0]!.changes).toEqual([
      { field: "agencyName", from: "City of Dublin", to: null },
      { field: "estimatedValue", from: "100000", to: "120000" },
      { field: "deadlineDate", from: "2026-12-01T21:00:00.000Z", to: "2026-12-08T21:00:00.000Z" },
    ]);
    expect(row!.scrapeCount).toBe(3);
  });

  it("works without a session and keeps at most the last CONTRACT_CHANGES_KEPT entries", async () => {
    const context = { sourceId, categoryIds };
    const contract = { ...base, externalId: "hist-2" };
    await storeContract(contract, context);
    for (let i = 0; i < CONTRACT_CHANGES_KEPT + 5; i += 1) {
      expect(await storeContract({ ...contract, title: `Roof replacement, version ${i}` }, context)).toBe("updated");
    }
    const [row] = await db().select().from(contractOpportunities).where(eq(contractOpportunities.externalId, "hist-2"));
    const history = await db().select().from(contractChanges).where(eq(contractChanges.contractId, row!.id));
    expect(history).toHaveLength(CONTRACT_CHANGES_KEPT);
    expect(history.every((h) => h.crawlSessionId === null)).toBe(true);
    const titles = history.map((h) => h.changes[0]!.to);
    expect(titles).toContain(`Roof replacement, version ${CONTRACT_CHANGES_KEPT + 4}`);
    expect(titles).not.toContain("Roof replacement, version 0");
  });

  it("shortens long values", async () => {
    const context = { sourceId, categoryIds };
    const contract = { ...base, externalId: "hist-3" };
    await storeContract(contract, context);
    await storeContract({ ...contract, description: "x".repeat(5000) }, context);
    const [row] = await db().select().from(contractOpportunities).where(eq(contractOpportunities.externalId, "hist-3"));
    const [entry] = await db().select().from(contractChanges).where(eq(contractChanges.contractId, row!.id));
    expect(entry!.changes[0]!.to!.length).toBe(500);
  });
});
