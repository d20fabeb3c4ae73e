/**
 * Paging of the public reviews section (spec 1 §2, §9): 3 reviews at a time;
 * previous/next step by one page and wrap around. Shared by the server
 * render (which page the `?reviews=` fallback shows) and, through data-*
 * attributes, by app/enhance/reviews.js.
 */

export const REVIEWS_PAGE_SIZE = 3;

/** Query parameter of the section's paging without JavaScript (`?reviews=2`). It changes the page (ADR 039). */
export const REVIEWS_PAGE_PARAM = "reviews";

/** Number of pages for `total` reviews (0 when there are none). */
export function pageCount(total: number, pageSize = REVIEWS_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** `page` (0-based, any integer) wrapped into [0, count): -1 is the last page, count the first. */
export function wrapPage(page: number, count: number): number {
  if (count <= 0) return 0;
  return ((page % count) + count) % count;
}

/** The page after `page`, wrapping from the last to the first. */
export function nextPage(page: number, count: number): number {
  return wrapPage(page + 1, count);
}

/** The page before `page`, wrapping from the first to the last. */
export function previousPage(page: number, count: number): number {
  return wrapPage(page - 1, count);
}

/** The reviews of a page: `items.slice(from, to)`, 0-based `from`, exclusive `to`. */
export function pageBounds(page: number, total: number, pageSize = REVIEWS_PAGE_SIZE): { from: number; to: number } {
  const count = pageCount(total, pageSize);
  if (count === 0) return { from: 0, to: 0 };
  const from = wrapPage(page, count) * pageSize;
  return { from, to: Math.min(total, from + pageSize) };
}

/** Splits `items` into pages of `pageSize` (the last one holds the rest: up to `pageSize`). */
export function paginate<T>(items: readonly T[], pageSize = REVIEWS_PAGE_SIZE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += pageSize) pages.push(items.slice(i, i + pageSize));
  return pages;
}

/**
 * The 0-based page asked for by the no-JavaScript fallback's `?reviews=<n>`
 * (1-based, as people count). Missing or malformed values give the first
 * page; numbers out of range wrap like the buttons do.
 */
export function pageFromSearchParam(value: string | null | undefined, count: number): number {
  if (count <= 0 || value == null || !/^-?\d{1,6}$/.test(value.trim())) return 0;
  return wrapPage(Number.parseInt(value, 10) - 1, count);
}

/** What the live region announces, e.g. "Reviews 4 to 6 of 7". `{from}`, `{to}`, `{total}` for the browser script. */
export const REVIEWS_STATUS_TEMPLATE = "Reviews {from} to {to} of {total}";

export function reviewsStatusText(page: number, total: number, pageSize = REVIEWS_PAGE_SIZE): string {
  const { from, to } = pageBounds(page, total, pageSize);
  return REVIEWS_STATUS_TEMPLATE.replace("{from}", String(from + 1))
    .replace("{to}", String(to))
    .replace("{total}", String(total));
}
