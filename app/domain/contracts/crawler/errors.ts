/**
 * Why an outbound crawler request did not produce a response. `retryable`
 * marks the transient kinds the polite client retries (network errors and
 * timeouts); the others are final for that URL.
 */
export type CrawlFetchErrorKind =
  /** Not http(s), or the host resolves/connects to a forbidden address (QUALITY S22). */
  | "refused"
  | "too-many-redirects"
  /** The body exceeded the size cap. */
  | "too-large"
  /** Connect, headers or total time-out (a slow body ends here too). */
  | "timeout"
  /** DNS failure, connection refused or reset... */
  | "network"
  /** robots.txt disallows the URL. */
  | "robots-disallowed"
  /** The per-host rate limit would have made us wait longer than allowed. */
  | "rate-limit-wait"
  /** Several requests in a row timed out: the crawl stops (PoliteClientOptions.maxTimeoutsInARow). */
  | "unresponsive"
  | "aborted";

export class CrawlFetchError extends Error {
  constructor(
    public readonly kind: CrawlFetchErrorKind,
    message: string,
    public readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "CrawlFetchError";
  }

  get retryable(): boolean {
    return this.kind === "network" || this.kind === "timeout";
  }
}
