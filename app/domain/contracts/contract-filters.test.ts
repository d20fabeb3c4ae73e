import { describe, expect, it } from "vitest";
import { CONTRACT_PIPELINE_STAGES, CONTRACT_STATUSES } from "~/db/schema/contracts";
import {
  CONTRACT_STATUS_VALUES,
  contractFiltersToSearchParams,
  DEFAULT_CONTRACT_FILTERS,
  parseContractFilters,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type ContractFilters,
} from "./contract-filters";

const parse = (query: string) => parseContractFilters(new URLSearchParams(query));

function ok(query: string): ContractFilters {
  const result = parse(query);
  if (!result.ok) throw new Error(`expected ${query} to parse: ${result.message}`);
  return result.filters;
}

describe("contract filters", () => {
  it("share their values with the database's checks", () => {
    expect([...CONTRACT_STATUS_VALUES]).toEqual([...CONTRACT_STATUSES]);
    expect([...PIPELINE_STAGES]).toEqual([...CONTRACT_PIPELINE_STAGES]);
    expect(Object.values(PIPELINE_STAGE_LABELS)).toEqual(["New", "Reviewing", "Bidding", "Submitted", "Won", "Lost", "No bid"]);
  });

  it("an empty URL is the defaults", () => {
    expect(ok("")).toEqual(DEFAULT_CONTRACT_FILTERS);
    expect(contractFiltersToSearchParams(DEFAULT_CONTRACT_FILTERS).toString()).toBe("");
  });

  it("reads every parameter", () => {
    expect(
      ok(
        "q=+Roof++repair+&source=bidnet&source=govcb&category=roofing&state=oh&min=100&max=5000&posted_from=2026-01-01&posted_to=2026-02-01" +
          "&deadline_from=2026-03-01&deadline_to=2026-03-31&status=active&status=closed&stage=new&stage=no_bid&bookmarked=1&veteran=1&closing_soon=1&sort=value&page=3&other=x",
      ),
    ).toEqual({
      q: "Roof repair",
      sources: ["bidnet", "govcb"],
      categories: ["roofing"],
      state: "OH",
      minValue: 100,
      maxValue: 5000,
      postedFrom: "2026-01-01",
      postedTo: "2026-02-01",
      deadlineFrom: "2026-03-01",
      deadlineTo: "2026-03-31",
      statuses: ["active", "closed"],
      stages: ["new", "no_bid"],
      bookmarked: true,
      veteran: true,
      closingSoon: true,
      sort: "value",
      page: 3,
    });
  });

  it("round-trips: serialise then parse gives the same filters, in a canonical order", () => {
    const samples = [
      "",
      "page=2",
      "sort=deadline&state=TX",
      "q=%C3%A9cole+roofing&min=0",
      "stage=won&status=awarded&category=a&category=b&veteran=1",
      "posted_from=2024-02-29&deadline_to=2030-12-31&bookmarked=1&closing_soon=1&sort=relevance&page=10000",
    ];
    for (const sample of samples) {
      const filters = ok(sample);
      const text = contractFiltersToSearchParams(filters).toString();
      expect(ok(text)).toEqual(filters);
      expect(contractFiltersToSearchParams(ok(text)).toString()).toBe(text);
    }
    expect(contractFiltersToSearchParams(ok("page=2&q=x&state=oh")).toString()).toBe("q=x&state=OH&page=2");
  });

  it("treats empty values as absent and repeated values once", () => {
    expect(ok("q=&state=&source=&sort=&page=&min=&posted_from=")).toEqual(DEFAULT_CONTRACT_FILTERS);
    expect(ok("source=bidnet&source=bidnet").sources).toEqual(["bidnet"]);
  });

  it.each([
    ["q=" + "a".repeat(201), "at most 200"],
    ["q=a%00b", "control"],
    ["q=a%E2%80%AEb", "text-direction"],
    ["q=a%09b", "control"],
    ["q=a&q=b", "more than once"],
    ["source=Bid%20Net", "not a valid source"],
    ["source=%27+OR+1%3D1--", "not a valid source"],
    ["category=../x", "not a valid category"],
    [Array.from({ length: 21 }, (_, i) => `source=s${i}`).join("&"), "at most 20"],
    ["state=Ohio", "two-letter"],
    ["state=O1", "two-letter"],
    ["min=-1", "whole number of dollars"],
    ["min=1.5", "whole number of dollars"],
    ["max=1e9", "whole number of dollars"],
    ["max=9999999999999", "whole number of dollars"],
    ["min=10&max=5", "not be more than"],
    ["posted_from=2026-02-30", "Posted from: February 2026 has no 30th day (it has 28)."],
    ["posted_to=2026-13-01", "Posted to: there is no month 13."],
    ["deadline_from=26-01-01", "date written YYYY-MM-DD"],
    ["deadline_to=2026-1-1", "date written YYYY-MM-DD"],
    ["deadline_from=tomorrow", "date written YYYY-MM-DD"],
    ["posted_from=2026-03-02&posted_to=2026-03-01", "Posted from must not be after"],
    ["deadline_from=2026-03-02&deadline_to=2026-03-01", "Deadline from must not be after"],
    ["status=open", "not a valid contract status"],
    ["stage=done", "not a valid pipeline stage"],
    ["bookmarked=true", "must be 1"],
    ["veteran=yes", "must be 1"],
    ["closing_soon=0", "must be 1"],
    ["sort=title", "Sort must be one of"],
    ["sort=posted%3BDROP+TABLE", "Sort must be one of"],
    ["page=0", "from 1 to 10000"],
    ["page=10001", "from 1 to 10000"],
    ["page=-1", "from 1 to 10000"],
    ["page=1.5", "from 1 to 10000"],
    ["page=99999999999999999999", "from 1 to 10000"],
    ["page=1&page=2", "more than once"],
  ])("refuses %s", (query, message) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it("lists every problem at once, each with its field, and gives back what was typed", () => {
    const result = parse("q=roof&min=5000&max=100&posted_from=2026-03-02&posted_to=2026-03-01&state=Ohio&status=active");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { field: "state", message: "State must be a two-letter code like OH." },
      { field: "max", message: "Minimum value must not be more than the maximum value." },
      { field: "posted_to", message: "Posted from must not be after posted to." },
    ]);
    expect(result.message).toContain("Posted from must not be after posted to.");
    expect(result.input).toEqual({ q: ["roof"], state: ["Ohio"], min: ["5000"], max: ["100"], posted_from: ["2026-03-02"], posted_to: ["2026-03-01"], status: ["active"] });
  });

  it("reports a reversed range beside a value that is wrong itself", () => {
    const result = parse("min=abc&max=5&posted_from=2026-03-02&posted_to=2026-03-01");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.field)).toEqual(["min", "posted_to"]);
  });
});
