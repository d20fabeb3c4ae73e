import { Download, RefreshCw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { CRAWL_UI_TEXT, type CrawlProgress } from "~/domain/contracts/crawls/types";
import { SessionStatusBadge } from "./badges";
import { formatContractDateTime, formatContractTime } from "~/domain/contracts/format";
import { useCrawlProgress } from "./use-crawl-progress";

const CLEARED_KEY = "contracts.crawl-log.cleared";

/**
 * The crawl that runs now (or ran last): its live counters while it runs,
 * how it ended, and the crawl debug log panel with the server's log of that
 * session (ADR 028; the spec's log lived in the browser's local storage).
 */
export function CrawlActivity({ initial, jobsStopped = false }: { initial: CrawlProgress | null; jobsStopped?: boolean }) {
  const { progress, running, failed, refresh } = useCrawlProgress(initial);
  // Which session's log was cleared lives in this browser: until it is read (after hydration) the
  // panel is not shown, so a cleared log never flashes back on a reload.
  const [cleared, setCleared] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setCleared(window.localStorage.getItem(CLEARED_KEY));
  }, []);
  if (!progress) return null;
  const { session, log } = progress;
  const clear = () => {
    window.localStorage.setItem(CLEARED_KEY, session.id);
    setCleared(session.id);
  };
  return (
    <>
      {running ? <LiveProgress progress={progress} failed={failed} jobsStopped={jobsStopped} /> : null}
      {log.length > 0 && cleared !== undefined && cleared !== session.id ? (
        <CrawlLogPanel progress={progress} running={running} onRefresh={refresh} onClear={clear} />
      ) : null}
    </>
  );
}

function LiveProgress({ progress, failed, jobsStopped }: { progress: CrawlProgress; failed: boolean; jobsStopped: boolean }) {
  const { session } = progress;
  // A crawl nobody has picked up (no request made yet) while no process runs the jobs cannot start.
  const waiting = jobsStopped && session.requestsMade === 0 && session.pagesProcessed === 0;
  const counters: [string, number][] = [
    ["Pages", session.pagesProcessed],
    ["Requests", session.requestsMade],
    ["Found", session.totalFound],
    ["New", session.newContracts],
    ["Updated", session.updatedContracts],
    ["Failed", session.failedContracts],
    ["Rate-limit waits", session.rateLimitHits],
  ];
  return (
    <section aria-labelledby="crawl-progress-title" className="grid gap-3 rounded-xl border border-brand-navy/20 bg-sky-50 p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        {waiting ? null : <RefreshCw aria-hidden="true" className="size-4 animate-spin text-brand-navy motion-reduce:animate-none" />}
        <h2 id="crawl-progress-title" className="font-semibold text-brand-navy">
          {waiting ? `Waiting to crawl ${session.sourceName ?? "the source"}` : `Crawling ${session.sourceName ?? "the source"}...`}
        </h2>
        {session.configurationName ? <span className="text-sm text-slate-600">({session.configurationName})</span> : null}
      </div>
      <dl aria-label="Crawl progress" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {counters.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-brand-navy">{value}</dd>
          </div>
        ))}
      </dl>
      <p role="status" className="text-sm text-slate-600">
        {failed
          ? CRAWL_UI_TEXT.progressFailed
          : waiting
            ? "This crawl cannot start: the background jobs are not running (see above). It starts when they run again."
            : "The list reloads when the crawl ends."}
      </p>
    </section>
  );
}

function CrawlLogPanel({
  progress,
  running,
  onRefresh,
  onClear,
}: {
  progress: CrawlProgress;
  running: boolean;
  onRefresh: () => void;
  onClear: () => void;
}) {
  const { session, log, logTruncated } = progress;
  return (
    <section aria-labelledby="crawl-log-title" className="grid gap-3 rounded-xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="crawl-log-title" className="font-semibold text-brand-navy">
            Crawl debug log
          </h2>
          <SessionStatusBadge status={session.status} />
          <span className="text-sm text-slate-600">
            {session.sourceName ?? "Deleted source"}, started {formatContractDateTime(session.startedAt)}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onRefresh}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
          <a
            href={`/admin/contracts/sessions/${session.id}/log.txt`}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" />
            Download
          </a>
          <Button type="button" variant="outline" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      </div>
      {!running && session.status === "failed" && session.errorMessage ? (
        <p className="text-sm font-medium text-destructive">{session.errorMessage}</p>
      ) : null}
      {!running && session.status === "completed" ? (
        <p className="text-sm text-slate-700">
          Crawl completed: {session.totalFound} found, {session.newContracts} new, {session.updatedContracts} updated.
        </p>
      ) : null}
      <pre
        tabIndex={0}
        aria-label="Crawl log lines"
        className="max-h-72 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100"
      >
        {logTruncated ? "(earlier lines left out; Download has them all)\n" : ""}
        {log.map((line) => `${formatContractTime(line.at)} ${line.level.toUpperCase().padEnd(5)} ${line.message}`).join("\n")}
      </pre>
    </section>
  );
}
