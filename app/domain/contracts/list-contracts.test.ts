import { beforeAll, describe, expect, it } from "vitest";
import { insertContract } from "../../../tests/support/contracts";
import { truncate } from "../../../tests/support/test-database";
import { DEFAULT_CONTRACT_FILTERS, type ContractFilters } from "./contract-filters";
import { hasAnyContracts } from "./has-any-contracts.server";
import { listContractFilterOptions } from "./list-contract-filter-options.server";
import { listContracts } from "./list-contracts.server";

const f = (over: Partial<ContractFilters> = {}): ContractFilters => ({ ...DEFAULT_CONTRACT_FILTERS, ...over });
const titles = async (over: Partial<ContractFilters> = {}) => (await listContracts(f(over))).contracts.map((c) => c.title);
const day = (iso: string) => new Date(iso);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);

describe("listContracts", () => {
  beforeAll(async () => {
    await truncate("contract_opportunities");
    expect(await hasAnyContracts()).toBe(false);
    await insertContract({
      title: "Roofing replacement at City Hall",
      agencyName: "City of Columbus",
      description: "Tear-off and new membrane",
      locationState: "OH",
      locationCity: "Columbus",
      estimatedValue: 250_000,
      postedDate: day("2026-03-10T12:00:00Z"),
      deadlineDate: inDays(3),
      priorityScore: 90,
      categorySlug: "roof-replacement",
      tags: ["bidnet", "veteran-set-aside"],
      sourceUrl: "https://example.com/bid/1",
    });
    await insertContract({
      title: "Gutter cleaning",
      agencyName: "Franklin County ROOF Authority",
      description: null,
      locationState: "OH",
      estimatedValue: 5_000,
      postedDate: day("2026-03-12T03:30:00Z"), // 2026-03-11 23:30 in New York
      deadlineDate: inDays(30),
      priorityScore: 40,
      sourceSlug: "govcb",
      isBookmarked: true,
      pipelineStage: "bidding",
      sourceUrl: "javascript:alert(1)",
    });
    await insertContract({
      title: "Parking lot paving",
      description: "Includes a small reroof of the booth; 100% asphalt_mix",
      locationState: "KY",
      estimatedValue: null,
      postedDate: null,
      deadlineDate: null,
      priorityScore: 10,
      status: "closed",
    });
    await insertContract({ title: "Hidden roofing job", isActive: false, locationState: "OH" });
  });

  it("lists only active contracts, newest posted first with undated last", async () => {
    expect(await hasAnyContracts()).toBe(true);
    expect(await titles()).toEqual(["Gutter cleaning", "Roofing replacement at City Hall", "Parking lot paving"]);
  });

  it("returns the list item's fields", async () => {
    const page = await listContracts(f({ q: "city hall" }));
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 50, hasMore: false });
    expect(page.contracts[0]).toMatchObject({
      title: "Roofing replacement at City Hall",
      agencyName: "City of Columbus",
      locationCity: "Columbus",
      locationState: "OH",
      estimatedValue: 250_000,
      currency: "USD",
      status: "active",
      sourceUrl: "https://example.com/bid/1",
      postedDate: "2026-03-10T12:00:00.000Z",
      source: { name: "BidNet Direct", slug: "bidnet" },
      category: { name: "Roof Replacement", slug: "roof-replacement" },
      priorityScore: 90,
      veteranSetAside: true,
      isBookmarked: false,
      pipelineStage: "new",
    });
    const gutter = (await listContracts(f({ q: "gutter" }))).contracts[0]!;
    expect(gutter.sourceUrl).toBeNull();
    expect(gutter.category).toBeNull();
    expect(gutter.veteranSetAside).toBe(false);
  });

  it("searches title, agency and description case-insensitively, by substring, every word", async () => {
    expect(await titles({ q: "roof" })).toEqual(["Gutter cleaning", "Roofing replacement at City Hall", "Parking lot paving"]);
    expect(await titles({ q: "ROOFING" })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ q: "membrane" })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ q: "franklin roof" })).toEqual(["Gutter cleaning"]);
    expect(await titles({ q: "franklin paving" })).toEqual([]);
    expect(await titles({ q: "hidden" })).toEqual([]);
  });

  it("matches % _ and \\ literally", async () => {
    expect(await titles({ q: "100%" })).toEqual(["Parking lot paving"]);
    expect(await titles({ q: "%" })).toEqual(["Parking lot paving"]);
    expect(await titles({ q: "asphalt_mix" })).toEqual(["Parking lot paving"]);
    expect(await titles({ q: "g_l" })).toEqual([]);
    expect(await titles({ q: "\\" })).toEqual([]);
    expect(await titles({ q: "' OR 1=1--" })).toEqual([]);
  });

  it("filters by source, category, state, value, status, stage, bookmark, veteran and closing soon", async () => {
    expect(await titles({ sources: ["govcb"] })).toEqual(["Gutter cleaning"]);
    expect(await titles({ sources: ["govcb", "bidnet"] })).toHaveLength(3);
    expect(await titles({ sources: ["nope"] })).toEqual([]);
    expect(await titles({ categories: ["roof-replacement"] })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ state: "KY" })).toEqual(["Parking lot paving"]);
    expect(await titles({ minValue: 5_000 })).toEqual(["Gutter cleaning", "Roofing replacement at City Hall"]);
    expect(await titles({ minValue: 5_001 })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ maxValue: 5_000 })).toEqual(["Gutter cleaning"]);
    expect(await titles({ minValue: 1_000, maxValue: 10_000 })).toEqual(["Gutter cleaning"]);
    expect(await titles({ statuses: ["closed"] })).toEqual(["Parking lot paving"]);
    expect(await titles({ statuses: ["active", "closed"] })).toHaveLength(3);
    expect(await titles({ stages: ["bidding"] })).toEqual(["Gutter cleaning"]);
    expect(await titles({ stages: ["new"] })).toEqual(["Roofing replacement at City Hall", "Parking lot paving"]);
    expect(await titles({ bookmarked: true })).toEqual(["Gutter cleaning"]);
    expect(await titles({ veteran: true })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ closingSoon: true })).toEqual(["Roofing replacement at City Hall"]);
  });

  it("filters dates by the company's calendar day", async () => {
    expect(await titles({ postedFrom: "2026-03-11", postedTo: "2026-03-11" })).toEqual(["Gutter cleaning"]);
    expect(await titles({ postedFrom: "2026-03-12" })).toEqual([]);
    expect(await titles({ postedTo: "2026-03-10" })).toEqual(["Roofing replacement at City Hall"]);
    const soon = inDays(10).toISOString().slice(0, 10);
    expect(await titles({ deadlineTo: soon })).toEqual(["Roofing replacement at City Hall"]);
    expect(await titles({ deadlineFrom: soon })).toEqual(["Gutter cleaning"]);
  });

  it("sorts by deadline, value and relevance, nulls last", async () => {
    expect(await titles({ sort: "deadline" })).toEqual(["Roofing replacement at City Hall", "Gutter cleaning", "Parking lot paving"]);
    expect(await titles({ sort: "value" })).toEqual(["Roofing replacement at City Hall", "Gutter cleaning", "Parking lot paving"]);
    expect(await titles({ sort: "relevance" })).toEqual(["Roofing replacement at City Hall", "Gutter cleaning", "Parking lot paving"]);
  });

  it("pages with a stable order and tells whether more follow", async () => {
    const first = await listContracts(f({ page: 1 }), 2);
    expect(first).toMatchObject({ total: 3, page: 1, perPage: 2, hasMore: true });
    const second = await listContracts(f({ page: 2 }), 2);
    expect(second).toMatchObject({ total: 3, page: 2, hasMore: false });
    expect([...first.contracts, ...second.contracts].map((c) => c.title)).toEqual(await titles());
    expect((await listContracts(f({ page: 9 }), 2)).contracts).toEqual([]);
  });

  it("keeps ties in id order so pages never overlap", async () => {
    await truncate("contract_opportunities");
    const rows = [];
    for (let i = 0; i < 7; i += 1) rows.push(await insertContract({ title: `Tie ${i}`, priorityScore: 5, postedDate: day("2026-01-01T12:00:00Z") }));
    const ids = rows.map((r) => r.id).sort();
    for (const sort of ["posted", "deadline", "value", "relevance"] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page += 1) seen.push(...(await listContracts(f({ sort, page }), 3)).contracts.map((c) => c.id));
      expect(seen).toEqual(ids);
    }
  });

  it("offers the sources, categories and states to filter by", async () => {
    await insertContract({ title: "x", locationState: "WV" });
    await insertContract({ title: "y", locationState: "AL", isActive: false });
    const options = await listContractFilterOptions();
    expect(options.sources.map((s) => s.slug)).toEqual(expect.arrayContaining(["bidnet", "govcb"]));
    expect(options.categories.map((c) => c.slug)).toContain("roofing");
    expect(options.states).toEqual(["WV"]);
  });
});
