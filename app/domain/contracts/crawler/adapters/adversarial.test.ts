import { describe, expect, it } from "vitest";
import { adversarialPages, MIB } from "../../../../../tests/fixtures/crawler/adversarial-pages";
import { categorySlugFor } from "../categorize";
import { relevanceOf } from "../relevance";
import { adapterFor, adapterSlugs, type ParsedContract, type ParsedPage } from ".";
import { bidnetExternalId } from "./bidnet";
import { govcbExternalId } from "./govcb";
import { countBefore, FIELD_LIMITS, parseMonthDate, parseUsDate, stateCode, statedValue, webUrl } from "./parse-text";
import { MAX_ROW_ERRORS, MAX_ROWS } from "./row-errors";

/**
 * Crawled pages are hostile input (issue 19, ADR 038): every adapter's parse function gets every page of
 * tests/fixtures/crawler/adversarial-pages.ts (2 MiB each: long digit runs where a count is read, deep
 * nesting, huge attributes, long whitespace runs, a page of rows, unclosed tags, long runs of what each
 * pattern looks for) and must stay under a second, return a page (never throw) and keep every field
 * within what it can hold. The old code took 40-60 s on some of these, never finished others, and threw
 * on deep nesting.
 *
 * One generous bound, not a benchmark: the real pages parse in a few milliseconds, and about half of the
 * time here is the HTML parser's own (cheerio's `load`). The parse is timed in CPU time up to three times
 * and the fastest counts, so that a machine busy with other work does not fail it; a parse over 5 s is not
 * run again (no busy machine explains that).
 */

const PAGE_URL = "https://bids.example.com/search?page=1";
const SIZE = 2 * MIB;
const BOUND_MS = 1_000;
const HOPELESS_MS = 5_000;

/**
 * The fastest of up to three timed runs of `work` (stops at the first under `BOUND_MS`), in CPU time (user +
 * system) rather than on the wall clock: on a machine running other tests beside this one (CI's two cores)
 * the wall clock also counts the time the process waited for a core, which says nothing of the parse.
 */
function fastest<T>(work: () => T): { ms: number; result: T } {
  let best: { ms: number; result: T } | undefined;
  for (let run = 0; run < 3; run++) {
    const started = process.cpuUsage();
    const result = work();
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    if (!best || ms < best.ms) best = { ms, result };
    if (ms < BOUND_MS || ms > HOPELESS_MS) break;
  }
  return best!;
}

function expectBounded(contract: ParsedContract) {
  expect(contract.title.length).toBeGreaterThan(0);
  expect(contract.title.length).toBeLessThanOrEqual(FIELD_LIMITS.title);
  expect(contract.description?.length ?? 0).toBeLessThanOrEqual(FIELD_LIMITS.description);
  expect(contract.agencyName?.length ?? 0).toBeLessThanOrEqual(FIELD_LIMITS.name);
  expect(contract.locationCity?.length ?? 0).toBeLessThanOrEqual(FIELD_LIMITS.name);
  expect(contract.sourceUrl.length).toBeLessThanOrEqual(FIELD_LIMITS.url);
  expect(contract.sourceUrl).toMatch(/^https?:\/\//);
  expect(contract.externalId.length).toBeLessThanOrEqual(FIELD_LIMITS.url);
  for (const value of Object.values(contract.rawData)) expect(value?.length ?? 0).toBeLessThanOrEqual(2 * FIELD_LIMITS.name);
}

const pages = adversarialPages(SIZE);

describe.each(adapterSlugs())("the %s adapter on hostile pages of 2 MiB", (slug) => {
  it.each(pages.map((page) => [page.name, page.html] as const))("%s: under a second, a page back, every field bounded", (_, html) => {
    expect(html.length).toBeGreaterThan(1.5 * MIB);
    const { ms, result } = fastest(() => {
      try {
        return adapterFor(slug).parsePage(html, PAGE_URL, 200);
      } catch (error) {
        return error as Error;
      }
    });
    expect(result).not.toBeInstanceOf(Error);
    expect(ms, `${Math.round(ms)} ms`).toBeLessThan(BOUND_MS);
    const page = result as ParsedPage;
    expect(page.contracts.length).toBeLessThanOrEqual(MAX_ROWS);
    page.contracts.forEach(expectBounded);
    expect(page.rowErrors.length).toBeLessThanOrEqual(MAX_ROW_ERRORS + 2);
    for (const reason of page.rowErrors) expect(reason.length).toBeLessThan(1_000);
    if (page.nextUrl !== null) {
      expect(page.nextUrl.length).toBeLessThanOrEqual(FIELD_LIMITS.url);
      expect(page.nextUrl).toMatch(/^https?:\/\//);
    }
  });
});

/** 2 MiB of each kind of text the patterns look for, for the text helpers and the relevance rules. */
const TEXTS: [string, string][] = [
  ["digits", "7".repeat(SIZE)],
  ["digits and commas", "1,".repeat(SIZE / 2)],
  ["whitespace of every kind", " \u00a0\n\t\u200b".repeat(SIZE / 5)],
  ["dates without a year", "12/12/".repeat(SIZE / 6)],
  ["month names", "Sept ".repeat(SIZE / 5)],
  ["'estimated value $' without an amount", "estimated contract value $ ".repeat(SIZE / 27)],
  ["'budget' and spaces", "budget      ".repeat(SIZE / 12)],
  ["slashes and digits", "/123456".repeat(SIZE / 7)],
  ["dashes and digits", "-1234567".repeat(SIZE / 8)],
  ["'OH' and commas", ", OH".repeat(SIZE / 4)],
  ["place names without a boundary", "Columbus".repeat(SIZE / 8)],
  ["veteran words", "service-disabled veteran ".repeat(SIZE / 25)],
];

describe("the text helpers and the relevance rules on 2 MiB of what their patterns look for", () => {
  it.each(TEXTS)("%s: every helper under a second", (_, text) => {
    const contract: ParsedContract = {
      externalId: "1234567",
      title: text,
      description: text,
      agencyName: text,
      sourceUrl: "https://bids.example.com/1234567",
      contractType: "government",
      estimatedValue: null,
      currency: "USD",
      locationCity: text,
      locationState: "OH",
      locationCountry: "US",
      postedDate: null,
      deadlineDate: null,
      tags: [],
      status: "active",
      rawData: {},
    };
    const { ms } = fastest(() => {
      countBefore(text, /results?|open solicitations?/);
      countBefore(text, /bids?|results?/);
      parseUsDate(text);
      parseMonthDate(text);
      statedValue(text);
      stateCode(text);
      webUrl(text, PAGE_URL);
      bidnetExternalId(text, text);
      govcbExternalId(text);
      relevanceOf(contract, ["roof", "roof coating"]);
      categorySlugFor(text, text);
    });
    expect(ms, `${Math.round(ms)} ms`).toBeLessThan(BOUND_MS);
  });

  it("a count is read whatever precedes it, and a number too long to be one is none", () => {
    expect(countBefore(`${"9".repeat(50)}x 1,234 results`, /results?/)).toBe(1234);
    expect(countBefore("1 - 25 of 272 results", /results?|open solicitations?/)).toBe(272);
    expect(countBefore(" 1 Open Solicitations", /results?|open solicitations?/)).toBe(1);
    expect(countBefore(`${"9".repeat(40)} results`, /results?/)).toBeNull();
    expect(countBefore("3 bids found", /bids?|results?/)).toBe(3);
  });

  it("links: relative ones resolved; malformed, script, over-long ones refused with the reason", () => {
    expect(webUrl("/government-bids/X-23761006.htm", PAGE_URL)).toEqual({ url: "https://bids.example.com/government-bids/X-23761006.htm" });
    expect(webUrl("https://www.govcb.com:99999/x", PAGE_URL)).toEqual({ problem: "bad link https://www.govcb.com:99999/x" });
    expect(webUrl("javascript:alert(1)", PAGE_URL)).toEqual({ problem: "not a web link javascript:alert(1)" });
    expect(webUrl(" JavaScript:alert(1)", PAGE_URL)).toEqual({ problem: "not a web link  JavaScript:alert(1)" });
    expect(webUrl(`/${"a".repeat(3_000)}`, PAGE_URL)).toMatchObject({ problem: expect.stringMatching(/^a link longer than 2048 characters/) });
  });
});
