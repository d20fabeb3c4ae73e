import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adapterFor } from ".";
import { bidnetAdapter, bidnetExternalId, isBidnetChallenge, parseBidnetPage } from "./bidnet";
import { govcbAdapter, govcbExternalId, parseGovcbPage } from "./govcb";
import { parseMonthDate, parseUsDate, statedValue } from "./parse-text";
import type { ParsedContract, SearchInput } from "./types";

/**
 * The adapters field by field against the real BidNet pages of
 * ../shared/crawler/fixtures (copied to tests/fixtures/crawler) and the
 * SYNTHETIC pages written from STRUCTURE.md (files named synthetic_*).
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const BASE = "https://www.bidnetdirect.com";

function bidnet(fields: Partial<ParsedContract> & Pick<ParsedContract, "externalId" | "title" | "sourceUrl">): ParsedContract {
  return {
    description: null,
    agencyName: null,
    contractType: "government",
    estimatedValue: null,
    currency: "USD",
    locationCity: null,
    locationState: null,
    locationCountry: "US",
    postedDate: null,
    deadlineDate: null,
    tags: ["bidnet", "government", "ohio"],
    status: "active",
    rawData: {},
    ...fields,
  };
}

describe("BidNet, real pages", () => {
  it("the Tennessee purchasing-group list (real excerpt): both rows, every field", () => {
    const page = parseBidnetPage(read("bidnet_purchasing_group_open_bids_tennessee_excerpt_2026-09-29.html"), `${BASE}/tennessee`, 200);
    expect(page.contracts).toEqual([
      bidnet({
        externalId: "444177732225",
        title: "Porte Cochere Addition For: Kingsport Senior Center",
        sourceUrl: `${BASE}/public/supplier/solicitations/statewide/444177732225/abstract?purchasingGroupId=388528051&origin=1`,
        locationState: "TN",
        postedDate: "2026-09-29",
        deadlineDate: "2026-10-22",
        rawData: { markup: "state-list", region: "Tennessee", published: "09/29/2026", closing: "10/22/2026", group: null },
      }),
      bidnet({
        externalId: "444178020062",
        title: "BHS Gym Audio",
        sourceUrl: `${BASE}/public/supplier/solicitations/statewide/444178020062/abstract?purchasingGroupId=388528051&origin=1`,
        locationState: "TN",
        postedDate: "2026-09-29",
        deadlineDate: "2026-10-19",
        rawData: { markup: "state-list", region: "Tennessee", published: "09/29/2026", closing: "10/19/2026", group: null },
      }),
    ]);
    expect(page.totalFound).toBe(272);
    expect(page.nextUrl).toBe(`${BASE}/tennessee/solicitations/open-bids/page2`);
    expect(page.blocked).toBe(false);
    expect(page.saysEmpty).toBe(false);
    expect(page.rowErrors).toEqual([]);
  });

  it("the logged-in supplier search (real, 25 rows): every row agrees with the page's own JSON data, the first row field by field", () => {
    const html = read("bidnet_private_supplier_search_results_2025-08-09.html");
    const page = parseBidnetPage(html, `${BASE}/private/supplier/solicitations/search`, 200);
    // The page carries, per row, an independent record of the id, name and location (awsMetricsAdditionalData).
    const oracle = [...html.matchAll(/awsMetricsAdditionalData = "(\{.*?)";/g)].map(
      (m) => JSON.parse(JSON.parse(`"${m[1]}"`) as string) as { solicitationId: string; solicitationName: string; location: string },
    );
    expect(oracle).toHaveLength(25);
    expect(page.contracts).toHaveLength(25);
    page.contracts.forEach((contract, i) => {
      expect(contract.externalId).toBe(oracle[i]!.solicitationId);
      expect(contract.title).toBe(oracle[i]!.solicitationName.replace(/\s+/g, " ").trim());
      expect(contract.rawData.region).toBe(oracle[i]!.location);
      expect(contract.sourceUrl).toMatch(new RegExp(`^${BASE}/private/supplier/interception/(open-solicitation|view-notice)/${contract.externalId}\\b`));
      expect(contract.postedDate).toBe("2025-08-08");
      expect(contract.deadlineDate).toMatch(/^2025-(08|09)-\d\dT\d\d:\d\d:00-0[4-7]:00$/);
    });
    expect(page.contracts[0]).toEqual(
      bidnet({
        externalId: "7396226958",
        title: "Babcock Ridge Trail at Culver Road Preserve",
        sourceUrl: `${BASE}/private/supplier/interception/open-solicitation/7396226958?target=view`,
        agencyName: "Town of Ithaca",
        locationState: "NY",
        postedDate: "2025-08-08",
        deadlineDate: "2025-09-10T10:00:00-07:00",
        rawData: {
          markup: "supplier-search",
          region: "New York",
          published: "08/08/2025",
          closing: "09/10/2025 10:00 AM PDT",
          group: "Member Agency Bids",
        },
      }),
    );
    // The member-agency rows name their agency, the federal rows none. (The sidecar says 4 and 21; the
    // page itself has 5 and 20: rows 1, 2, 13, 17 and 20 carry span.buyerIdentification.)
    expect(page.contracts.filter((c) => c.agencyName !== null).map((c) => c.agencyName)).toEqual([
      "Town of Ithaca",
      "City of Escondido",
      "Ouachita Parish Police Jury",
      "City of Colorado Springs",
      "City of Shafter",
    ]);
    expect(page.contracts.filter((c) => c.rawData.group === "Federal Bids" && c.agencyName === null)).toHaveLength(20);
    expect(page.totalFound).toBe(30048);
    expect(page.nextUrl).toMatch(/pageNumber=2/);
    expect(page.saysEmpty).toBe(false);
  });

  it("the AWS WAF challenge (real, HTTP 202) is blocked, never an empty result", () => {
    const html = read("bidnet_error_aws_waf_challenge_http202_2026-09.html");
    for (const status of [202, 200]) {
      const page = parseBidnetPage(html, `${BASE}/tennessee/solicitations/open-bids/page3`, status);
      expect(page.blocked).toBe(true);
      expect(page.saysEmpty).toBe(false);
    }
    expect(isBidnetChallenge(202, "<html></html>")).toBe(true);
    expect(isBidnetChallenge(200, read("bidnet_purchasing_group_open_bids_tennessee_excerpt_2026-09-29.html"))).toBe(false);
  });
});

describe("BidNet, SYNTHETIC pages", () => {
  const origin = "http://127.0.0.1:9";
  it("public keyword search page 1: entities decoded, whitespace collapsed, a missing closing date is null, rel=next", () => {
    const page = parseBidnetPage(read("synthetic_bidnet_public_search_roof_page1.html"), `${origin}/public/solicitations/open?keywords=roof`, 200);
    expect(page.contracts).toEqual([
      bidnet({
        externalId: "0000439051",
        title: "Roof Replacement & Repairs – Franklin County Engineer's Garage",
        sourceUrl: `${origin}/ohio/solicitations/open-bids/Roof-Replacement-and-Repairs/0000439051?origin=0`,
        locationState: "OH",
        postedDate: "2026-10-02",
        deadlineDate: "2026-11-24",
        rawData: { markup: "keyword-search", region: "Ohio", published: "10/02/2026", closing: "11/24/2026", group: "Member Agency Bids" },
      }),
      bidnet({
        externalId: "2682664817",
        title: "Low-Slope Roof Coating, Building 12",
        sourceUrl: `${origin}/not-stated/solicitations/open-bids/statewide/Low-Slope-Roof-Coating/2682664817?origin=0&target=view`,
        locationState: "OH",
        postedDate: "2026-10-01",
        deadlineDate: null,
        rawData: { markup: "keyword-search", region: "Ohio", published: "10/01/2026", closing: null, group: "Aggregated Bids" },
      }),
    ]);
    expect(page.totalFound).toBe(3);
    expect(page.nextUrl).toBe(`${origin}/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=2`);
  });

  it("public keyword search page 2 and the roofing page, every record", () => {
    const page2 = parseBidnetPage(read("synthetic_bidnet_public_search_roof_page2.html"), `${origin}/x`, 200);
    expect(page2.contracts).toEqual([
      bidnet({
        externalId: "0000441200",
        title: "Gutter and Downspout Replacement – Delaware City Schools",
        sourceUrl: `${origin}/ohio/solicitations/open-bids/Gutter-and-Downspout-Replacement/0000441200?origin=0`,
        locationState: "OH",
        postedDate: "2026-09-28",
        deadlineDate: "2026-10-30",
        rawData: { markup: "keyword-search", region: "Ohio", published: "09/28/2026", closing: "10/30/2026", group: null },
      }),
    ]);
    expect(page2.nextUrl).toBeNull();
    const roofing = parseBidnetPage(read("synthetic_bidnet_public_search_roofing_page1.html"), `${origin}/x`, 200);
    expect(roofing.contracts.map((c) => [c.externalId, c.title, c.postedDate, c.deadlineDate])).toEqual([
      ["0000439051", "Roof Replacement & Repairs – Franklin County Engineer's Garage", "2026-10-02", "2026-11-24"],
      ["0000441999", "Metal Roofing Panels for Salt Barn", "2026-09-30", "2026-10-15"],
    ]);
  });

  it("state list: the hidden template row above the real rows is not 'no results'; agency from .sol-buyer-name", () => {
    const page = parseBidnetPage(read("synthetic_bidnet_state_open_bids_ohio_roof.html"), `${origin}/ohio/solicitations/open-bids?keywords=roof`, 200);
    expect(page.saysEmpty).toBe(false);
    expect(page.contracts).toEqual([
      bidnet({
        externalId: "445100200300",
        title: "Roof Restoration — Licking County Courthouse",
        sourceUrl: `${origin}/public/supplier/solicitations/statewide/445100200300/abstract?purchasingGroupId=388528099&origin=1`,
        agencyName: "Licking County Commissioners",
        locationState: "OH",
        postedDate: "2026-10-03",
        deadlineDate: "2026-10-28",
        rawData: { markup: "state-list", region: "Ohio", published: "10/03/2026", closing: "10/28/2026", group: null },
      }),
    ]);
    expect(page.nextUrl).toBeNull();
  });

  it("an empty state list says so; a page with no rows and no empty text does not", () => {
    const empty = parseBidnetPage(read("synthetic_bidnet_state_open_bids_ohio_empty.html"), `${origin}/ohio`, 200);
    expect(empty).toMatchObject({ contracts: [], saysEmpty: true, totalFound: 0, blocked: false });
    const unknown = parseBidnetPage("<html><body><p>Welcome</p></body></html>", `${origin}/ohio`, 200);
    expect(unknown).toMatchObject({ contracts: [], saysEmpty: false, blocked: false });
  });

  it("builds every URL from the base URL and the configuration", () => {
    const input: SearchInput = {
      baseUrl: "http://127.0.0.1:4567",
      keywords: ["roof", "roof coating"],
      location: { state: "OH", locationId: "229" },
      customParameters: { solSearchStatus: "openSolicitationsTab", pageNumberSelect: 1, category: "320204" },
    };
    expect(bidnetAdapter.startPages(input)).toEqual([
      { url: "http://127.0.0.1:4567/public/solicitations/open?keywords=roof&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1&category=320204", keyword: "roof", kind: "keyword search" },
      { url: "http://127.0.0.1:4567/ohio/solicitations/open-bids?keywords=roof", keyword: "roof", kind: "state open bids" },
      { url: "http://127.0.0.1:4567/public/solicitations/open?keywords=roof+coating&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1&category=320204", keyword: "roof coating", kind: "keyword search" },
      { url: "http://127.0.0.1:4567/ohio/solicitations/open-bids?keywords=roof+coating", keyword: "roof coating", kind: "state open bids" },
    ]);
    expect(bidnetAdapter.startPages({ ...input, customParameters: { statePages: false } })).toHaveLength(2);
    expect(bidnetAdapter.maxPages(input)).toBe(5);
    expect(bidnetAdapter.maxPages({ ...input, customParameters: { maxPages: 500 } })).toBe(40);
  });

  it("a row whose link is malformed or not a web page is skipped with its reason; the others are read", () => {
    const html = read("synthetic_bidnet_public_search_roof_page1.html")
      .replace('href="/ohio/solicitations/open-bids/Roof-Replacement-and-Repairs/0000439051?origin=0"', 'href="javascript:alert(1)//0000439051"')
      .replace('href="/not-stated/solicitations/open-bids/statewide/', 'href="http://[bad/not-stated/solicitations/open-bids/statewide/');
    const page = parseBidnetPage(html, `${origin}/public/solicitations/open?keywords=roof`, 200);
    expect(page.contracts).toEqual([]);
    expect(page.rowErrors).toEqual([
      "row 1 (Roof Replacement & Repairs – Franklin County Engineer's Garage): not a web link javascript:alert(1)//0000439051",
      "row 2 (Low-Slope Roof Coating, Building 12): bad link http://[bad/not-stated/solicitations/open-bids/statewide/Low-Slope-Roof-Coating/2682664817?origin=0&target=view",
    ]);
  });

  it("external ids from each link shape", () => {
    expect(bidnetExternalId("/texas/solicitations/open-bids/Economic-Evaluation-Tool/0000421114?origin=0")).toBe("0000421114");
    expect(bidnetExternalId("/public/supplier/solicitations/statewide/443376575831/abstract")).toBe("443376575831");
    expect(bidnetExternalId("/private/supplier/interception/view-notice/2682664817?target=view")).toBe("2682664817");
    expect(bidnetExternalId("/somewhere", "searchResultSol_notice_123456")).toBe("123456");
    expect(bidnetExternalId("/somewhere")).toBeNull();
  });
});

describe("GovCB, SYNTHETIC pages", () => {
  const origin = "http://127.0.0.1:9";
  const govcb = (fields: Partial<ParsedContract> & Pick<ParsedContract, "externalId" | "title" | "sourceUrl">) =>
    bidnet({ tags: ["govcb", "government", "ohio"], locationState: "OH", ...fields });

  it("search page 1: every field of both bids, the stated value only where stated, Next", () => {
    const page = parseGovcbPage(read("synthetic_govcb_search_roof_page1.html"), `${origin}/search.htm?searchText=roof`, 200);
    expect(page.contracts).toEqual([
      govcb({
        externalId: "23761006",
        title: "ON-CALL ROOF REPAIR SERVICES",
        sourceUrl: `${origin}/government-bids/ON-CALL-ROOF-REPAIR-SERVICES-23761006.htm`,
        description: "Estimated value: $250,000. Repair of built-up & EPDM roofs and flashing at 12 buildings.",
        agencyName: "Columbus City Schools",
        estimatedValue: 250000,
        locationCity: "Columbus",
        postedDate: "2026-09-29",
        deadlineDate: "2026-10-20",
        rawData: { markup: "govcb-list", location: "Columbus City Schools, Columbus, OH", posted: "Sep 29, 2026", due: "Oct 20, 2026" },
      }),
      govcb({
        externalId: "NBD14874385965181826",
        title: "ROOF REPLACEMENT AT FIRE STATION 3",
        sourceUrl: `${origin}/government-bids/ROOF-REPLACEMENT-AT-FIRE-NBD14874385965181826.htm`,
        description: "Tear-off and replacement of the asphalt shingle roof. SDVOSB set-aside.",
        agencyName: "City of Westerville",
        postedDate: "2026-09-30",
        deadlineDate: null,
        rawData: { markup: "govcb-list", location: "City of Westerville, Ohio", posted: "Sep 30, 2026", due: null },
      }),
    ]);
    expect(page.nextUrl).toBe(`${origin}/search.htm?page=2`);
    expect(page.totalFound).toBe(3);
  });

  it("search page 2: the last page", () => {
    const page = parseGovcbPage(read("synthetic_govcb_search_roof_page2.html"), `${origin}/search.htm?page=2`, 200);
    expect(page.contracts).toEqual([
      govcb({
        externalId: "23800101",
        title: "GUTTER AND ROOF DRAIN CLEANING",
        sourceUrl: `${origin}/government-bids/GUTTER-AND-ROOF-DRAIN-CLEANING-23800101.htm`,
        agencyName: "Ohio Department of Transportation",
        postedDate: "2026-09-15",
        deadlineDate: "2026-11-02",
        rawData: { markup: "govcb-list", location: "Ohio Department of Transportation", posted: "Sep 15, 2026", due: "Nov 2, 2026" },
      }),
    ]);
    expect(page.nextUrl).toBeNull();
  });

  it("the search URL: gov[] sl and fed, the first keyword only, state OH, empty naicscode and catID", () => {
    const [start, ...rest] = govcbAdapter.startPages({
      baseUrl: "http://127.0.0.1:4567",
      keywords: ["roof", "roofing"],
      location: { state: "OH" },
      customParameters: { "gov[]": ["sl", "fed"] },
    });
    expect(rest).toEqual([]);
    expect(start).toEqual({
      url: "http://127.0.0.1:4567/search.htm?gov%5B%5D=sl&gov%5B%5D=fed&searchText=roof&state=OH&naicscode=&catID=",
      keyword: "roof",
      kind: "search",
    });
    expect(govcbExternalId("/government-bids/CARBIDE-BLADES-FOR-SNOW-ICE-REMOVAL-23761006.htm")).toBe("23761006");
    expect(govcbExternalId("/government_bids/detail/NBD00159765169318694.htm")).toBe("NBD00159765169318694");
  });

  it("a challenge page is blocked", () => {
    expect(parseGovcbPage("<html><body>captcha</body></html>", `${origin}/s`, 403).blocked).toBe(true);
  });

  it("one malformed link among good rows: that row (and one with a script link) is skipped with its reason, the rest is read", () => {
    const page = parseGovcbPage(read("synthetic_govcb_search_roof_bad_link.html"), `${origin}/search.htm?searchText=roof`, 200);
    expect(page.contracts.map((c) => [c.externalId, c.title, c.sourceUrl, c.locationCity])).toEqual([
      ["23900001", "ROOF COATING AT CITY HALL", `${origin}/government-bids/ROOF-COATING-AT-CITY-HALL-23900001.htm`, "Dublin"],
      ["23900003", "SHINGLE ROOF REPLACEMENT", `${origin}/government-bids/SHINGLE-ROOF-REPLACEMENT-23900003.htm`, "Columbus"],
    ]);
    expect(page.rowErrors).toEqual([
      "row 3 (GUTTER REPLACEMENT): bad link https://www.govcb.com:99999/government-bids/GUTTER-REPLACEMENT-23900002.htm",
      "row 5 (SCRIPT LINK): not a web link javascript:alert(document.cookie)//-23900004.htm",
    ]);
    // Its Next link is malformed too: no next page, rather than a failed page.
    expect(page.nextUrl).toBeNull();
    expect(page.totalFound).toBe(4);
  });
});

describe("text helpers", () => {
  it("dates: ISO, with the zone's offset when a time is given, null when missing or impossible", () => {
    expect(parseUsDate("10/22/2026 04:00 PM EDT")).toBe("2026-10-22T16:00:00-04:00");
    expect(parseUsDate("09/10/2025 12:05 AM PDT")).toBe("2025-09-10T00:05:00-07:00");
    expect(parseUsDate("02/30/2026")).toBeNull();
    expect(parseUsDate("")).toBeNull();
    expect(parseUsDate(undefined)).toBeNull();
    expect(parseMonthDate("May 15, 2020")).toBe("2020-05-15");
    expect(parseMonthDate("Sept 5, 2026")).toBe("2026-09-05");
    expect(parseMonthDate("Due: TBD")).toBeNull();
  });

  it("values only when stated", () => {
    expect(statedValue("Estimated value: $250,000.")).toBe(250000);
    expect(statedValue("Engineer's estimate $1.2 million")).toBe(1200000);
    expect(statedValue("Budget: $48,500.00")).toBe(48500);
    expect(statedValue("Bond of $5,000 required")).toBeNull();
    expect(statedValue(null)).toBeNull();
  });

  it("an unknown slug: No adapter found for source: {slug}", () => {
    expect(() => adapterFor("sam-gov")).toThrow("No adapter found for source: sam-gov");
    expect(() => adapterFor("constructor")).toThrow("No adapter found for source: constructor");
    expect(adapterFor("bidnet")).toBe(bidnetAdapter);
  });
});
