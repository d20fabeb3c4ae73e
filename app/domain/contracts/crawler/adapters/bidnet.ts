import { attr, boundedText, type Document, type Element, findAll, findFirst, findPath, hasClass, type Match, parseHtml } from "./dom";
import type { ParsedContract, ParsedPage, SearchInput, SourceAdapter, StartPage } from "./types";
import { clipText, countBefore, FIELD_LIMITS, parseUsDate, stateCode, stateSlug, statedValue, webUrl } from "./parse-text";
import { MAX_ROWS, RowErrors } from "./row-errors";

/**
 * BidNet Direct (STRUCTURE.md §1). Start pages per keyword: the public keyword
 * search `/public/solicitations/open` (§1.1) and the state open-bids list
 * `/<state>/solicitations/open-bids?keywords=` (§1.2), following rel=next up
 * to a page cap. The parser reads the three list markups documented there
 * (public search §1.1, state/group lists §1.2, the supplier search §1.3) and
 * recognises the AWS WAF challenge (§1.6). Crawled pages are hostile input
 * (ADR 038): fields are read with the bounded walks of dom.ts and cut to
 * FIELD_LIMITS, at most MAX_ROWS rows a page, links checked (webUrl).
 */

const BIDNET_TAGS = ["bidnet", "government", "ohio"];
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
  const path = href.length <= FIELD_LIMITS.url ? (href.split(/[?#]/)[0] ?? "") : "";
  const abstract = /\/(\d{6,})\/abstract\b/.exec(path);
  if (abstract) return abstract[1]!;
  const last = /\/(\d{6,})\/?$/.exec(path);
  if (last) return last[1]!;
  // An element id longer than any real one is not read (cutting it could make up a different id).
  const id = elementId && elementId.length <= 200 ? elementId : "";
  const fromId = /searchResultSol_(?:solicitation|notice)_(\d+)/.exec(id);
  return fromId ? fromId[1]! : null;
}

/** Most page-select options read (a real select lists a few dozen pages). */
const MAX_PAGE_OPTIONS = 1_000;

function nextPageUrl(document: Document, pageUrl: string): string | null {
  const linkNext = findAll(document, { tag: "link", attr: "rel" }).find((link) => attr(link, "rel") === "next");
  const candidates = [
    attr(linkNext ?? null, "href"),
    attr(findFirst(document, { tag: "a", classes: ["next", "mets-pagination-page-icon"], attr: "href" }), "href"),
    attr(findPath(document, [{ classes: ["mets-page-navigation-next"] }, { tag: "a", classes: ["next"], attr: "href" }]), "href"),
  ];
  // State lists: a page select whose options carry data-href ("/tennessee/solicitations/open-bids/page11").
  const options = findAll(document, { tag: "option", classes: ["mets-pagination-number"], attr: "data-page-number" }, { limit: MAX_PAGE_OPTIONS });
  if (options.length > 0) {
    const pageOf = (option: Element) => Number(attr(option, "data-page-number")!.slice(0, 20));
    const selected = options.find((o) => attr(o, "selected") !== undefined);
    const current = selected ? pageOf(selected) : 1;
    let last = Number.NEGATIVE_INFINITY;
    for (const option of options) last = Math.max(last, pageOf(option));
    if (Number.isSafeInteger(current) && current < last) {
      const exact = attr(options.find((o) => pageOf(o) === current + 1) ?? null, "data-href");
      const template = attr(options[0]!, "data-href")?.slice(0, FIELD_LIMITS.url);
      candidates.push(exact ?? template?.replace(/page\d+$/, `page${current + 1}`));
    }
  }
  for (const href of candidates) {
    if (!href || href.startsWith("#")) continue;
    const link = webUrl(href, pageUrl);
    if ("url" in link) return link.url;
  }
  return null;
}

const text = (element: Element | null, max: number) => (element ? boundedText(element, max) : "");
const textOrNull = (element: Element | null, max: number) => text(element, max) || null;

/** A row's lookups stay out of rows nested in it (every node is then read for one row only). */
const IN_ROW = { fence: [{ tag: "tr" }] };
const first = (row: Element, match: Match | readonly Match[]) => findFirst(row, match, IN_ROW);
const firstIn = (row: Element, path: readonly Match[]) => findPath(row, path, IN_ROW);

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

/** An attribute's text, whitespace collapsed, cut to `max`. */
const attrText = (element: Element | null, name: string, max: number) => clipText(attr(element, name), max);

function readRow(r: Element): RowFields | null {
  const { name, title: titleMax, description: descriptionMax, date } = FIELD_LIMITS;
  // §1.3 supplier search
  const supplierLink = first(r, { tag: "a", classes: ["solicitationsTitleLink"] });
  if (supplierLink) {
    const published = text(first(r, { tag: "span", classes: ["publicationDate"] }), date + 20).replace(/^Published Date ?/i, "");
    return {
      kind: "supplier-search",
      href: attr(supplierLink, "href"),
      elementId: attr(supplierLink, "id"),
      title: text(supplierLink, titleMax) || attrText(supplierLink, "title", titleMax),
      region: textOrNull(first(r, { tag: "span", classes: ["regionValue"] }), name),
      agency: textOrNull(first(r, { tag: "span", classes: ["buyerIdentification"] }), name),
      description: textOrNull(first(r, { tag: "span", classes: ["solicitationDescription"] }), descriptionMax),
      published: published.slice(0, date) || null,
      closing: textOrNull(first(r, { tag: "span", classes: ["dateValue"] }), date),
      group: textOrNull(first(r, { tag: "span", classes: ["searchContentGroupName"] }), name),
    };
  }
  const link = first(r, { tag: "a", classes: ["solicitation-link"] });
  if (!link) return null;
  // §1.2 state / group open-bids list
  if (first(r, [{ classes: ["sol-info-container"] }, { classes: ["sol-title"] }])) {
    return {
      kind: "state-list",
      href: attr(link, "href"),
      elementId: attr(link, "id"),
      title: text(link, titleMax),
      region: textOrNull(first(r, { classes: ["sol-region-item"] }), name),
      agency: textOrNull(first(r, { classes: ["sol-buyer-name"] }), name),
      description: textOrNull(first(r, { classes: ["sol-description"] }), descriptionMax),
      published: textOrNull(firstIn(r, [{ classes: ["sol-publication-date"] }, { classes: ["date-value"] }]), date),
      closing: textOrNull(firstIn(r, [{ classes: ["sol-closing-date"] }, { classes: ["date-value"] }]), date),
      group: null,
    };
  }
  // §1.1 public keyword search
  const tooltip = first(r, { attr: "data-mets-tooltip" });
  return {
    kind: "keyword-search",
    href: attr(link, "href"),
    elementId: attr(link, "id"),
    title: text(findFirst(link, { classes: ["rowTitle"] }), titleMax) || attrText(link, "title", titleMax) || text(link, titleMax),
    region: textOrNull(first(r, { classes: ["location"] }), name),
    agency: null,
    description: null, // not on this page (§1.1: agency and description need the detail page)
    published: textOrNull(firstIn(r, [{ classes: ["publicationDate"] }, { classes: ["dateValue"] }]), date),
    closing: textOrNull(firstIn(r, [{ classes: ["closingDate"] }, { classes: ["dateValue"] }]), date),
    group: attrText(tooltip, "data-mets-tooltip", name) || null,
  };
}

/** Elements a visitor does not see: the hidden template row is not "no results". */
function hiddenFromVisitors(element: Element): boolean {
  if (attr(element, "aria-hidden") === "true") return true;
  return hasClass(element, "mets-table-row-empty") && !hasClass(element, "visible");
}

export function parseBidnetPage(html: string, pageUrl: string, status: number): ParsedPage {
  if (isBidnetChallenge(status, html)) {
    return { contracts: [], nextUrl: null, totalFound: null, blocked: true, saysEmpty: false, rowErrors: [] };
  }
  const document = parseHtml(html);
  const rows = findAll(document, { tag: "tr", classes: ["mets-table-row"] }).filter((row) => !hasClass(row, "mets-table-row-empty"));
  const contracts: ParsedContract[] = [];
  const rowErrors = new RowErrors();
  if (rows.length > MAX_ROWS) rowErrors.tooManyRows(rows.length);
  rows.slice(0, MAX_ROWS).forEach((row, index) => {
    const fields = readRow(row);
    if (!fields) return;
    if (!fields.title || !fields.href) {
      rowErrors.add(`row ${index + 1}: no title or link`);
      return;
    }
    const link = webUrl(fields.href, pageUrl);
    if ("problem" in link) {
      rowErrors.add(`row ${index + 1} (${fields.title.slice(0, 200)}): ${link.problem}`);
      return;
    }
    const sourceUrl = link.url;
    const externalId = bidnetExternalId(fields.href, fields.elementId);
    if (!externalId) {
      rowErrors.add(`row ${index + 1} (${fields.title.slice(0, 200)}): no solicitation id in ${fields.href.slice(0, 200)}`);
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
  const countElement = findFirst(document, [
    { tag: "span", classes: ["simpleSolResultsNumResults"] },
    { tag: "span", classes: ["simpleResultsNumResults"] },
    { tag: "span", classes: ["mets-total-elements-display"] },
  ]);
  const totalFound = countBefore(text(countElement, FIELD_LIMITS.count), /results?|open solicitations?/);
  // Only visible text counts (not the hidden template row), and only when no row was read.
  const saysEmpty =
    contracts.length === 0 &&
    (totalFound === 0 ||
      /There are no open bids at this time|No results match your criteria/i.test(boundedText(document, FIELD_LIMITS.pageText, hiddenFromVisitors)));
  return {
    contracts,
    nextUrl: contracts.length > 0 ? nextPageUrl(document, pageUrl) : null,
    totalFound,
    blocked: false,
    saysEmpty,
    rowErrors: rowErrors.list(),
  };
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
