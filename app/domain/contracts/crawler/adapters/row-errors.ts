/**
 * The rows of a page that could not be read, for the crawl log (each a "§8 Error converting contract"
 * line). A hostile page can hold thousands of broken rows: at most MAX_ROWS rows are read per page and at
 * most MAX_ROW_ERRORS reasons kept, then one line says how many more there were.
 */

/** Most result rows read from one page (a real page lists 25 to 100). */
export const MAX_ROWS = 500;
/** Most row errors kept per page. */
export const MAX_ROW_ERRORS = 20;

export class RowErrors {
  private readonly reasons: string[] = [];
  private more = 0;
  private unread: string | null = null;

  add(reason: string): void {
    if (this.reasons.length < MAX_ROW_ERRORS) this.reasons.push(reason);
    else this.more++;
  }

  /** The page lists `rows` rows, more than MAX_ROWS: the rest are not read. */
  tooManyRows(rows: number): void {
    this.unread = `the page lists ${rows} rows; only the first ${MAX_ROWS} were read`;
  }

  list(): string[] {
    return [
      ...this.reasons,
      ...(this.more > 0 ? [`${this.more} more row${this.more === 1 ? "" : "s"} could not be read`] : []),
      ...(this.unread ? [this.unread] : []),
    ];
  }
}
