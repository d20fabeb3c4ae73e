import type { CrawlSessionSummary } from "~/domain/contracts/crawls/types";
import { RECENT_SESSIONS_SHOWN } from "~/domain/contracts/crawls/types";
import { SessionStatusBadge } from "./badges";
import { formatContractDateTime } from "~/domain/contracts/format";

/** Recent Crawl Sessions (spec 2 §2): the first 3 of the latest 10, each with status, start and new contracts,
 * and a failed one's reason as the session stored it (the page and the cause, ADR 052). */
export function RecentSessions({ sessions }: { sessions: CrawlSessionSummary[] }) {
  const shown = sessions.slice(0, RECENT_SESSIONS_SHOWN);
  return (
    <section aria-labelledby="recent-sessions-title" className="grid gap-3 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="recent-sessions-title" className="text-lg font-semibold text-brand-navy">
        Recent Crawl Sessions
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No crawls yet.</p>
      ) : (
        <ul className="grid gap-2">
          {shown.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <SessionStatusBadge status={session.status} />
                <span className="text-sm font-medium">{session.sourceName ?? "Deleted source"}</span>
                <span className="text-sm text-slate-600">{formatContractDateTime(session.startedAt)}</span>
                {session.sessionType === "scheduled" ? <span className="text-xs text-slate-500">(scheduled)</span> : null}
              </div>
              <span className="text-sm text-slate-700">
                {session.newContracts} new {session.newContracts === 1 ? "contract" : "contracts"}
              </span>
              {session.status === "failed" && session.errorMessage ? (
                <p className="w-full text-xs break-words text-destructive">{session.errorMessage}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
