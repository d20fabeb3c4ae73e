import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { CrawlProgress } from "~/domain/contracts/crawls/types";

/** Spec 2 §9: the debug log refreshes every second. */
const CRAWL_POLL_MS = 1000;

function crawlProgressUrl(sessionId: string): string {
  return `/admin/contracts/sessions/${sessionId}`;
}

/**
 * Follows one crawl session from the server (ADR 028): the page's loader
 * gives its state at load, and while it runs this asks the server for its
 * counters and log every second. When it ends, the screen's data (the
 * contract list, the recent sessions) is reloaded once, without a manual
 * refresh. `refresh()` asks at once (the log panel's Refresh).
 */
export function useCrawlProgress(initial: CrawlProgress | null) {
  const fetcher = useFetcher<{ progress: CrawlProgress | null }>();
  const revalidator = useRevalidator();
  const sessionId = initial?.session.id ?? null;
  // The fetched state counts only for the session the page shows now (a new crawl replaces it).
  const fetched = fetcher.data?.progress && fetcher.data.progress.session.id === sessionId ? fetcher.data.progress : null;
  const progress = newer(fetched, initial);
  const running = progress?.session.status === "running";
  const reloadedFor = useRef<string | null>(null);

  const load = fetcher.load;
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (!sessionId || !running || !idle) return;
    const timer = setTimeout(() => void load(crawlProgressUrl(sessionId)), CRAWL_POLL_MS);
    return () => clearTimeout(timer);
  }, [sessionId, running, idle, load, fetcher.data]);

  // The crawl ended while we watched: reload the list and the sessions, once per session.
  const ended = Boolean(fetched && fetched.session.status !== "running" && initial?.session.status === "running");
  useEffect(() => {
    if (!ended || !sessionId || reloadedFor.current === sessionId) return;
    reloadedFor.current = sessionId;
    void revalidator.revalidate();
  }, [ended, sessionId, revalidator]);

  return {
    progress,
    running,
    /** The last poll failed (the panel says so and keeps polling). */
    failed: fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data.progress === null && sessionId !== null,
    refresh: () => {
      if (sessionId) void load(crawlProgressUrl(sessionId));
    },
  };
}

/** The later of two snapshots of the same session (a reload may bring an older one than the last poll). */
function newer(a: CrawlProgress | null, b: CrawlProgress | null): CrawlProgress | null {
  if (!a) return b;
  if (!b) return a;
  if (a.session.status !== "running" && b.session.status === "running") return a;
  if (b.session.status !== "running" && a.session.status === "running") return b;
  return a.log.length >= b.log.length && a.session.requestsMade >= b.session.requestsMade ? a : b;
}
