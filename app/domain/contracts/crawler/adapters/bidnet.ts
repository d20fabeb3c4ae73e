import { load, type Cheerio, type CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import type { ParsedContract, ParsedPage, SearchInput, SourceAdapter, StartPage } from "./types";
import { cleanText, parseUsDate, stateCode, stateSlug, statedValue, textOrNull } from "./parse-text";

/**
 * BidNet Direct (STRUCTURE.md §1). Start pages per keyword: the public keyword
 * search `/public/solicitations/open` (§1.1) and the state open-bids list
 * `/<state>/solicitations/open-bids?keywords=` (§1.2), following rel=next up
 * to a page cap. The parser reads the three list markups documented there
 * (public search §1.1, state/group lists §1.2, the supplier search §1.3) and
 * recognises the AWS WAF challenge (§1.6).
 */

export const BIDNET_TAGS = ["bidnet", "government", "ohio"];
const DEFAULT_MAX_PAGES = 5;
const HARD_MAX_PAGES = 40;

/** §1.6: the WAF challenge answers HTTP 202 with this page. */
export function isBidnetChallenge(status: number, html: string): boolean {
  return status === 202 || /awsWafCookieDomainList|token\.awswaf\.com|challenge-container/.test(html);
}

function param(input: SearchInput, name: string): string | undefined {
  const value = input.customParameters[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

function withBase(base: string, path: string): URL {
  return new URL(path, base.endsWith("/") ? base : `${base}/`);
}

function startPages(input: SearchInput): StartPage[] {
  const pages: StartPage[] = [];
  const locationId = input.location.locationId ?? "";
  const slug = param(input, "stateSlug") ?? stateSlug(input.location.state) ?? null;
  const passThrough = Object.entries(input.customParameters).filter(
    ([name]) => !["solSearchStatus", "pageNumberSelect", "stateSlug", "statePages", "keywordSearch", "maxPages"].includes(name),
  );
  for (const keyword of input.keywords) {
    if (input.customParameters.keywordSearch !== false) {
      const url = withBase(input.baseUrl, "public/solicitations/open");
      url.searchParams.set("keywords", keyword);
      url.searchParams.set("location", locationId);
      url.searchParams.set("solSearchStatus", param(input, "solSearchStatus") ?? "openSolicitationsTab");
      url.searchParams.set("pageNumberSelect", param(input, "pageNumberSelect") ?? "1");
      for (const [name, value] of passThrough) {
        if (typeof value === "string" || typeof value === "number") url.searchParams.set(name, String(value));
      }
      pages.push({ url: url.href, keyword, kind: "keyword search" });
    }
    if (slug && input.customParameters.statePages !== false) {
      const url = withBase(input.baseUrl, `${encodeURIComponent(slug)}/solicitations/open-bids`);
      url.searchParams.set("keywords", keyword);
      pages.push({ url: url.href, keyword, kind: "state open bids" });
    }
  }
  return pages;
}

/** The site's id of a solicitation from its link (and the row's element id as a fallback). */
export function bidnetExternalId(href: string, elementId?: string): string | null {
  const path = href.split(/[?#]/)[0] ?? "";
  const abstract = /\/(\d{6,})\/abstract\b/.exec(path);
  if (abstract) return abstract[1]!;
  const last = /\/(\d{6,})\/?$/.exec(path);
  if (last) return last[1]!;
  const fromId = /searchResultSol_(?:solicitation|notice)_(\d+)/.exec(elementId ?? "");
  return fromId ? fromId[1]! : null;
}

function countFrom(text: string): number | null {
  const m = /([\d,]+)\s+(?:results?|open solicitations?)/i.exec(text) ?? /of\s+([\d,]+)\s+results/i.exec(text);
  return m ? Number(m[1]!.replace(/,/g, "")) : null;
}

function nextPageUrl($: CheerioAPI, pageUrl: string): string | null {
  const candidates = [
    $('link[rel="next"]').attr("href"),
    $("a.next.mets-pagination-page-icon[href]").attr("href"),
    $(".mets-page-navigation-next a.next[href]").attr("href"),
  ];
  // State lists: a page select whose options carry data-href ("/tennessee/solicitations/open-bids/page11").
  const options = $("option.mets-pagination-number[data-page-number]");
  if (options.length > 0) {
    const current = Number(options.filter("[selected]").attr("data-page-number") ?? "1");
    const pagesSeen = options.map((_, o) => Number($(o).attr("data-page-number"))).get();
    const last = Math.max(...pagesSeen);
    if (current < last) {
      const exact = options.filter(`[data-page-number="${current + 1}"]`).attr("data-href");
      const template = options.first().attr("data-href");
      candidates.push(exact ?? template?.replace(/page\d+$/, `page${current + 1}`));
    }
  }
  for (const href of candidates) {
    if (!href || href.startsWith("#") || /^javascript:/i.test(href)) continue;
    try {
      return new URL(href, pageUrl).href;
    } catch {
      continue;
    }
  }
  return null;
}

interface RowFields {
  kind: string;
  href: string | undefined;
  elementId: string | undefined;
  title: string;
  region: string | null;
  agency: string | null;
  description: string | null;
  published: string | null;
  closing: string | null;
  group: string | null;
}

function readRow(r: Cheerio<Element>): RowFields | null {
  // §1.3 supplier search
  const supplierLink = r.find("a.solicitationsTitleLink").first();
  if (supplierLink.length) {
    const published = cleanText(r.find("span.publicationDate").text()).replace(/^Published Date\s*/i, "");
    return {
      kind: "supplier-search",
      href: supplierLink.attr("href"),
      elementId: supplierLink.attr("id"),
      title: cleanText(supplierLink.text()) || cleanText(supplierLink.attr("title")),
      region: textOrNull(r.find("span.regionValue").first().text()),
      agency: textOrNull(r.find("span.buyerIdentification").first().text()),
      description: textOrNull(r.find("span.solicitationDescription").first().text()),
      published: textOrNull(published),
      closing: textOrNull(r.find("span.dateValue").first().text()),
      group: textOrNull(r.find("span.searchContentGroupName").first().text()),
    };
  }
  const link = r.find("a.solicitation-link").first();
  if (!link.length) return null;
  // §1.2 state / group open-bids list
  if (r.find(".sol-info-container, .sol-title").length) {
    return {
      kind: "state-list",
      href: link.attr("href"),
      elementId: link.attr("id"),
      title: cleanText(link.text()),
      region: textOrNull(r.find(".sol-region-item").first().text()),
      agency: textOrNull(r.find(".sol-buyer-name").first().text()),
      description: textOrNull(r.find(".sol-description").first().text()),
      published: textOrNull(r.find(".sol-publication-date .date-value").first().text()),
      closing: textOrNull(r.find(".sol-closing-date .date-value").first().text()),
      group: null,
    };
  }
  // §1.1 public keyword search
  return {
    kind: "keyword-search",
    href: link.attr("href"),
    elementId: link.attr("id"),
    title: cleanText(link.find(".rowTitle").first().text()) || cleanText(link.attr("title")) || cleanText(link.text()),
    region: textOrNull(r.find(".location").first().text()),
    agency: null,
    description: null, // not on this page (§1.1: agency and description need the detail page)
    published: textOrNull(r.find(".publicationDate .dateValue").first().text()),
    closing: textOrNull(r.find(".closingDate .dateValue").first().text()),
    group: textOrNull(r.find("[data-mets-tooltip]").first().attr("data-mets-tooltip")),
  };
}

export function parseBidnetPage(html: string, pageUrl: string, status: number): ParsedPage {
  if (isBidnetChallenge(status, html)) {
    return { contracts: [], nextUrl: null, totalFound: null, blocked: true, saysEmpty: false, rowErrors: [] };
  }
  const $ = load(html);
  const rows = $("tr.mets-table-row").not(".mets-table-row-empty");
  const contracts: ParsedContract[] = [];
  const rowErrors: string[] = [];
  rows.each((index, row) => {
    const fields = readRow($(row));
    if (!fields) return;
    if (!fields.title || !fields.href) {
      rowErrors.push(`row ${index + 1}: no title or link`);
      return;
    }
    const externalId = bidnetExternalId(fields.href, fields.elementId);
    if (!externalId) {
      rowErrors.push(`row ${index + 1} (${fields.title}): no solicitation id in ${fields.href}`);
      return;
    }
    let sourceUrl: string;
    try {
      sourceUrl = new URL(fields.href, pageUrl).href;
    } catch {
      rowErrors.push(`row ${index + 1} (${fields.title}): bad link`);
      return;
    }
    const state = stateCode(fields.region);
    contracts.push({
      externalId,
      title: fields.title,
      description: fields.description,
      agencyName: fields.agency,
      sourceUrl,
      contractType: "government",
      estimatedValue: statedValue(fields.description),
      currency: "USD",
      locationCity: null,
      locationState: state,
      locationCountry: "US",
      postedDate: parseUsDate(fields.published),
      deadlineDate: parseUsDate(fields.closing),
      tags: [...BIDNET_TAGS],
      status: "active",
      rawData: {
        markup: fields.kind,
        region: fields.region,
        published: fields.published,
        closing: fields.closing,
        group: fields.group,
      },
    });
  });
  const countText = cleanText(
    $("span.simpleSolResultsNumResults, span.simpleResultsNumResults, span.mets-total-elements-display").first().text(),
  );
  const totalFound = countFrom(countText);
  // The hidden template row is not "no results": only visible text counts, and only when no row was read.
  $('[aria-hidden="true"], .mets-table-row-empty:not(.visible), script, style, noscript').remove();
  const visibleText = cleanText($.root().text());
  const saysEmpty =
    contracts.length === 0 &&
    (totalFound === 0 || /There are no open bids at this time|No results match your criteria/i.test(visibleText));
  return { contracts, nextUrl: contracts.length > 0 ? nextPageUrl($, pageUrl) : null, totalFound, blocked: false, saysEmpty, rowErrors };
}

export const bidnetAdapter: SourceAdapter = {
  slug: "bidnet",
  startPages,
  parsePage: parseBidnetPage,
  maxPages(input) {
    const requested = Number(input.customParameters.maxPages ?? DEFAULT_MAX_PAGES);
    return Number.isInteger(requested) && requested >= 1 ? Math.min(requested, HARD_MAX_PAGES) : DEFAULT_MAX_PAGES;
  },
};
