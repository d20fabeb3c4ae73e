import { attr, boundedText, type Element, findAll, findFirst, findPath, type Match, nextElement, parseHtml } from "./dom";
import type { ParsedContract, ParsedPage, SearchInput, SourceAdapter, StartPage } from "./types";
import { countBefore, FIELD_LIMITS, parseMonthDate, statedValue, webUrl } from "./parse-text";
import { MAX_ROWS, RowErrors } from "./row-errors";

/**
 * GovCB (STRUCTURE.md §2). One start page: the search with gov[] = sl and fed,
 * the first keyword only and state OH (spec §7). No real GovCB page exists in
 * the fixtures: the parser follows the sister site's documented template
 * (§2.1, governmentbidders.com: one bid per odd table row, its description in
 * the row under it, "Next" in .list-navi) and the detail URL shape of §2.2
 * (`/government-bids/<SLUG>-<ID>.htm`, ID = 8 digits or NBD + 17 digits).
 * The search path is unverified; `customParameters.searchPath` overrides it.
 * Crawled pages are hostile input (ADR 038): fields are read with the bounded
 * walks of dom.ts and cut to FIELD_LIMITS, at most MAX_ROWS rows a page, and
 * a row whose link is malformed is skipped with its reason (webUrl).
 */

const GOVCB_TAGS = ["govcb", "government", "ohio"];
const DEFAULT_SEARCH_PATH = "search.htm";
const DEFAULT_MAX_PAGES = 3;
const HARD_MAX_PAGES = 20;

function startPages(input: SearchInput): StartPage[] {
  const keyword = input.keywords[0];
  if (!keyword) return [];
  const rawPath = input.customParameters.searchPath;
  const path = (typeof rawPath === "string" && rawPath ? rawPath : DEFAULT_SEARCH_PATH).replace(/^\/+/, "");
  const url = new URL(path, input.baseUrl.endsWith("/") ? input.baseUrl : `${input.baseUrl}/`);
  const gov = input.customParameters["gov[]"];
  const govValues = Array.isArray(gov) ? gov.filter((v): v is string => typeof v === "string") : ["sl", "fed"];
  for (const value of govValues) url.searchParams.append("gov[]", value);
  url.searchParams.set("searchText", keyword);
  url.searchParams.set("state", "OH");
  url.searchParams.set("naicscode", typeof input.customParameters.naicscode === "string" ? input.customParameters.naicscode : "");
  url.searchParams.set("catID", typeof input.customParameters.catID === "string" ? input.customParameters.catID : "");
  return [{ url: url.href, keyword, kind: "search" }];
}

/** The trailing id of a GovCB (or sister-site) bid URL. */
export function govcbExternalId(href: string): string | null {
  const path = href.length <= FIELD_LIMITS.url ? (href.split(/[?#]/)[0] ?? "") : "";
  const m = /-((?:NBD)?\d{6,})\.htm$/i.exec(path) ?? /\/detail\/([a-z0-9]+)\.htm$/i.exec(path);
  return m ? m[1]!.toUpperCase() : null;
}

const text = (element: Element | null, max: number) => (element ? boundedText(element, max) : "");

/** A row's lookups stay out of rows nested in it (every node is then read for one row only). */
const IN_ROW = { fence: [{ tag: "tr" }] };
/** The text of every `match` in the row (cheerio's `row.find(selector).text()`). */
const cellText = (row: Element, match: Match, max: number) => boundedText(findAll(row, match, { ...IN_ROW, outermost: true }), max);
const BID_LINK: readonly Match[] = [{ classes: ["bid-title"] }, { tag: "a", attr: "href" }];

/** The rows of the result list: `.list-contents table tr`. */
function resultRows(root: Parameters<typeof findAll>[0]): Element[] {
  const tables = findAll(root, { classes: ["list-contents"] }, { outermost: true }).flatMap((list) => findAll(list, { tag: "table" }, { outermost: true }));
  return findAll(tables, { tag: "tr" });
}

export function parseGovcbPage(html: string, pageUrl: string, status: number): ParsedPage {
  const document = parseHtml(html);
  const blocked = status === 202 || status === 403 || /cf-challenge|challenge-platform|captcha/i.test(html);
  if (blocked && findPath(document, [{ classes: ["bid-title"] }, { tag: "a" }]) === null) {
    return { contracts: [], nextUrl: null, totalFound: null, blocked: true, saysEmpty: false, rowErrors: [] };
  }
  const contracts: ParsedContract[] = [];
  const rowErrors = new RowErrors();
  const rows = resultRows(document);
  // Rows with a bid link count towards MAX_ROWS (the description rows under them do not).
  let read = 0;
  for (const [index, row] of rows.entries()) {
    const link = findPath(row, BID_LINK, IN_ROW);
    if (!link) continue;
    if (++read > MAX_ROWS) {
      rowErrors.tooManyRows(rows.filter((r) => findPath(r, BID_LINK, IN_ROW)).length);
      break;
    }
    const title = text(link, FIELD_LIMITS.title);
    const href = attr(link, "href") ?? "";
    const target = webUrl(href, pageUrl);
    const externalId = govcbExternalId(href);
    if (!title || !externalId || "problem" in target) {
      const why = !title ? "no title" : "problem" in target ? target.problem : `no bid id in ${href.slice(0, 200)}`;
      rowErrors.add(`row ${index + 1}${title ? ` (${title.slice(0, 200)})` : ""}: ${why}`);
      continue;
    }
    const descriptionRow = nextElement(row, { tag: "tr" });
    const description =
      !descriptionRow || findFirst(descriptionRow, { classes: ["bid-title"] }, IN_ROW)
        ? null
        : boundedText(findAll(descriptionRow, { classes: ["bid-desc"] }, { ...IN_ROW, outermost: true }), FIELD_LIMITS.description) || null;
    const loc = cellText(row, { classes: ["bid-loc"] }, 2 * FIELD_LIMITS.name);
    const comma = loc.indexOf(",");
    const agency = (comma >= 0 ? loc.slice(0, comma) : loc).trim().slice(0, FIELD_LIMITS.name) || null;
    const place = comma >= 0 ? loc.slice(comma + 1).trim().slice(0, FIELD_LIMITS.name) || null : null;
    // The text is collapsed (one space per run): the city is what comes before a final " OH" / ", Ohio".
    const stateAtEnd = place ? /,? (?:OH|Ohio)$/i.exec(place) : null;
    const city = place && stateAtEnd && stateAtEnd.index > 0 ? place.slice(0, stateAtEnd.index).trim() || null : null;
    const posted = cellText(row, { classes: ["bid-post"] }, FIELD_LIMITS.date) || null;
    const due = cellText(row, { classes: ["bid-due"] }, FIELD_LIMITS.date + 20).replace(/\bADD\b/g, "").replace(/ {2,}/g, " ").trim().slice(0, FIELD_LIMITS.date) || null;
    contracts.push({
      externalId,
      title,
      description,
      agencyName: agency,
      sourceUrl: target.url,
      contractType: "government",
      estimatedValue: statedValue(description),
      currency: "USD",
      locationCity: city,
      locationState: "OH",
      locationCountry: "US",
      postedDate: parseMonthDate(posted),
      deadlineDate: parseMonthDate(due),
      tags: [...GOVCB_TAGS],
      status: "active",
      rawData: { markup: "govcb-list", location: loc.slice(0, 2 * FIELD_LIMITS.name) || null, posted, due },
    });
  }
  // The first "Next" link of the page navigation (a malformed one is no next page).
  const navigation = findAll(findAll(document, { classes: ["list-navi"] }, { outermost: true }), { tag: "a", attr: "href" });
  const nextLink = navigation.find((a) => /^next\b/i.test(text(a, 20)));
  const next = nextLink ? webUrl(attr(nextLink, "href"), pageUrl) : null;
  const nextUrl = next && "url" in next ? next.url : null;
  const countText = text(findFirst(document, [{ classes: ["list-count"] }, { classes: ["result-count"] }]), FIELD_LIMITS.count);
  const saysEmpty =
    contracts.length === 0 && /no (?:matching )?bids? (?:were )?found|no results/i.test(boundedText(document, FIELD_LIMITS.pageText, () => false));
  return {
    contracts,
    nextUrl: contracts.length > 0 ? nextUrl : null,
    totalFound: countBefore(countText, /bids?|results?/),
    blocked: false,
    saysEmpty,
    rowErrors: rowErrors.list(),
  };
}

export const govcbAdapter: SourceAdapter = {
  slug: "govcb",
  startPages,
  parsePage: parseGovcbPage,
  maxPages(input) {
    const requested = Number(input.customParameters.maxPages ?? DEFAULT_MAX_PAGES);
    return Number.isInteger(requested) && requested >= 1 ? Math.min(requested, HARD_MAX_PAGES) : DEFAULT_MAX_PAGES;
  },
};
