import { TriangleAlert } from "lucide-react";
import type { JobsNotice } from "~/domain/operations/jobs-notice";

/**
 * "Background jobs are not running since ...": shown on the dashboard and the contracts screen when no
 * process has run the background jobs for two minutes and work is waiting for them (issue 24).
 */
export function JobsNotRunningNotice({ notice }: { notice: JobsNotice | null }) {
  if (!notice) return null;
  const waiting = `${notice.waiting} ${notice.waiting === 1 ? "job is" : "jobs are"} waiting`;
  return (
    <section aria-labelledby="jobs-not-running-title" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid gap-1">
        <h2 id="jobs-not-running-title" className="font-semibold">
          {notice.since ? `Background jobs are not running since ${notice.since}` : "Background jobs are not running"}
        </h2>
        <p>
          {waiting}: emails stay in the outbox, crawls do not start and scheduled changes are not published until a
          server that runs the jobs (INSTANCE_ROLE <code>jobs</code> or <code>both</code>) is running.
        </p>
      </div>
    </section>
  );
}
