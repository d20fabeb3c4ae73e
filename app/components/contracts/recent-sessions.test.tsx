import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { CrawlSessionSummary } from "~/domain/contracts/crawls/types";
import { RecentSessions } from "./recent-sessions";

const base: CrawlSessionSummary = {
  id: "s1", status: "completed", sessionType: "manual", sourceId: "src", sourceName: "BidNet Direct", configurationName: null,
  startedAt: "2026-11-29T12:00:00.000Z", completedAt: "2026-11-29T12:01:00.000Z", durationSeconds: 60, errorMessage: null,
  totalFound: 0, newContracts: 0, updatedContracts: 0, failedContracts: 0, requestsMade: 1, pagesProcessed: 0, rateLimitHits: 0,
};

describe("Recent Crawl Sessions", () => {
  test("a failed session shows its stored reason as it is (the page and the cause); a completed one none", () => {
    const reason =
      "Scraping error: every search failed; the first: keyword search 'roof' (page 1, https://www.bidnetdirect.com/x?a=1&b=2): the body exceeds the 5 MiB cap";
    const html = renderToString(
      <RecentSessions sessions={[{ ...base, id: "f", status: "failed", errorMessage: reason }, { ...base, errorMessage: "stale" }]} />,
    );
    expect(html).toContain("Scraping error: every search failed; the first: keyword search &#x27;roof&#x27; (page 1, https://www.bidnetdirect.com/x?a=1&amp;b=2): the body exceeds the 5 MiB cap");
    expect(html).not.toContain("stale");
  });
});
