import { load } from "cheerio";
import type { ParsedContract, ParsedPage, SearchInput, SourceAdapter, StartPage } from "./types";
import { cleanText, parseMonthDate, statedValue, textOrNull } from "./parse-text";

/**
 * GovCB (STRUCTURE.md §2). One start page: the search with gov[] = sl and fed,
 * the first keyword only and state OH (spec §7). No real GovCB page exists in
 * the fixtures: the parser follows the sister site's documented template
 * (§2.1, governmentbidders.com: one bid per odd table row, its description in
 * the row under it, "Next" in .list-navi) and the detail URL shape of §2.2
 * (`/government-bids/<SLUG>-<ID>.htm`, ID = 8 digits or NBD + 17 digits).
 * The search path is unverified; `customParameters.searchPath` overrides it.
 */

export const GOVCB_TAGS = ["govcb", "government", "ohio"];
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
  const path = href.split(/[?#]/)[0] ?? "";
  const m = /-((?:NBD)?\d{6,})\.htm$/i.exec(path) ?? /\/detail\/([a-z0-9]+)\.htm$/i.exec(path);
  return m ? m[1]!.toUpperCase() : null;
}

export function parseGovcbPage(html: string, pageUrl: string, status: number): ParsedPage {
  const $ = load(html);
  const blocked = status === 202 || status === 403 || /cf-challenge|challenge-platform|captcha/i.test(html);
  if (blocked && $(".bid-title a").length === 0) {
    return { contracts: [], nextUrl: null, totalFound: null, blocked: true, saysEmpty: false, rowErrors: [] };
  }
  const contracts: ParsedContract[] = [];
  const rowErrors: string[] = [];
  $(".list-contents table tr").each((index, element) => {
    const row = $(element);
    const link = row.find(".bid-title a[href]").first();
    if (!link.length) return;
    const title = cleanText(link.text());
    const href = link.attr("href") ?? "";
    const externalId = govcbExternalId(href);
    if (!title || !externalId) {
      rowErrors.push(`row ${index + 1}: ${title ? `no bid id in ${href}` : "no title"}`);
      return;
    }
    const descriptionRow = row.next("tr");
    const description = descriptionRow.find(".bid-title").length ? null : textOrNull(descriptionRow.find(".bid-desc").text());
    const loc = cleanText(row.find(".bid-loc").text());
    const comma = loc.indexOf(",");
    const agency = textOrNull(comma >= 0 ? loc.slice(0, comma) : loc);
    const place = textOrNull(comma >= 0 ? loc.slice(comma + 1) : null);
    const cityMatch = place ? /^(.+?),?\s+(?:OH|Ohio)$/i.exec(place) : null;
    const posted = textOrNull(row.find(".bid-post").text());
    const due = textOrNull(row.find(".bid-due").text().replace(/\bADD\b/g, ""));
    contracts.push({
      externalId,
      title,
      description,
      agencyName: agency,
      sourceUrl: new URL(href, pageUrl).href,
      contractType: "government",
      estimatedValue: statedValue(description),
      currency: "USD",
      locationCity: cityMatch ? cleanText(cityMatch[1]) : null,
      locationState: "OH",
      locationCountry: "US",
      postedDate: parseMonthDate(posted),
      deadlineDate: parseMonthDate(due),
      tags: [...GOVCB_TAGS],
      status: "active",
      rawData: { markup: "govcb-list", location: loc || null, posted, due },
    });
  });
  let nextUrl: string | null = null;
  $(".list-navi a[href]").each((_, a) => {
    if (nextUrl === null && /^next\b/i.test(cleanText($(a).text()))) nextUrl = new URL($(a).attr("href")!, pageUrl).href;
  });
  const countText = cleanText($(".list-count, .result-count").first().text());
  const count = /([\d,]+)\s+(?:bids?|results?)/i.exec(countText);
  $("script, style, noscript").remove();
  const saysEmpty = contracts.length === 0 && /no (?:matching )?bids? (?:were )?found|no results/i.test(cleanText($.root().text()));
  return {
    contracts,
    nextUrl: contracts.length > 0 ? nextUrl : null,
    totalFound: count ? Number(count[1]!.replace(/,/g, "")) : null,
    blocked: false,
    saysEmpty,
    rowErrors,
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
