import { Link } from "react-router";
import { formatDateTime } from "~/components/leads/format";
import { buttonVariants } from "~/components/ui/button";
import type { ProposalsData } from "./proposals.server";
import { cardClass, type LeadSectionProps } from "./section-ui";

/** The lead's proposals and the way to a new one. */
export function ProposalsSection({ lead, data, measured }: LeadSectionProps & { data: ProposalsData; measured: boolean }) {
  return (
    <section aria-labelledby="lead-proposals" className={cardClass}>
      <h2 id="lead-proposals" className="mb-4 text-lg font-bold text-brand-navy">
        Proposals
      </h2>
      {data.length === 0 ? <p className="mb-4 text-slate-600">No proposal yet.</p> : null}
      {data.length > 0 && (
        <ul className="mb-4 grid gap-2">
          {data.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 px-3 py-2">
              <Link to={`/admin/proposals/${p.id}`} className="inline-flex min-h-6 items-center font-medium text-brand-navy underline-offset-4 hover:underline">
                {p.label}
              </Link>
              <p className="text-sm text-slate-600">
                {p.state}
                {p.sentAt ? ` · sent ${formatDateTime(p.sentAt)}` : ""}
                {p.firstViewedAt ? ` · first viewed ${formatDateTime(p.firstViewedAt)}` : ""}
                {p.decidedAt ? ` · decided ${formatDateTime(p.decidedAt)}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {measured ? (
        <Link to={`/admin/leads/${lead.id}/proposals/new`} className={buttonVariants({ size: "sm" })}>
          Build a proposal
        </Link>
      ) : (
        <p className="text-sm text-slate-600">Enter the measurements first: the builder measures every line from them.</p>
      )}
    </section>
  );
}
