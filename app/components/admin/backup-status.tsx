import { DatabaseBackup, Download, TriangleAlert } from "lucide-react";
import type { BackupStatusView } from "~/domain/backups/backup-status.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { useAdminAction } from "./use-admin-action";

/**
 * The dashboard's Backups section (super admins, issue 20): the last backup's time, size and outcome, a
 * warning when the last good one is older than two scheduled runs, "Back up now", and the last good
 * archive to download.
 */
export function BackupStatus({ status }: { status: BackupStatusView }) {
  const { fetcher, pending } = useAdminAction();
  const { last } = status;
  return (
    <section aria-labelledby="backups-title" className="grid gap-3 rounded-xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="backups-title" className="flex items-center gap-2 text-lg font-semibold text-brand-navy">
          <DatabaseBackup aria-hidden="true" className="size-5" />
          Backups
        </h2>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="backup-now" />
          <Button type="submit" disabled={pending} aria-busy={pending || undefined} className="min-h-11">
            {pending ? "Starting..." : "Back up now"}
          </Button>
        </fetcher.Form>
      </div>
      {status.warning && (
        <p role="status" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          {status.warning}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Last backup</dt>
        <dd>
          {last ? (
            <>
              {last.at}: <strong>{OUTCOME_TEXT[last.outcome]}</strong>
              {last.size && <>, {last.size}</>}
              {last.outcome === "failed" && last.error && <span className="block text-red-800">{last.error}</span>}
            </>
          ) : (
            "None yet"
          )}
        </dd>
        {status.lastSucceededAt && last?.outcome !== "succeeded" && (
          <>
            <dt className="font-medium text-slate-600">Last good backup</dt>
            <dd>{status.lastSucceededAt}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">Schedule</dt>
        <dd>
          <code>{status.schedule}</code> (Eastern time; BACKUP_SCHEDULE)
        </dd>
        <dt className="font-medium text-slate-600">Copies</dt>
        <dd>
          {status.offsite ? (
            "Each archive is also copied to the BACKUP_URL bucket."
          ) : (
            <>
              Only on this server: a lost or broken server takes the backups with it. Set <code>BACKUP_URL</code> to copy each
              archive to a bucket elsewhere.
            </>
          )}
        </dd>
      </dl>
      {status.download && (
        <a
          href={`/admin/backups/${status.download.fileName}`}
          download
          className={buttonVariants({ variant: "outline", className: "min-h-11 w-fit" })}
        >
          <Download aria-hidden="true" />
          Download the last backup ({status.download.size})
        </a>
      )}
    </section>
  );
}

const OUTCOME_TEXT = {
  succeeded: "succeeded",
  failed: "failed",
  running: "running",
  "did not finish": "did not finish",
} as const;
