import { Bookmark, ExternalLink, Flag } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { CLOSING_SOON_DAYS, PIPELINE_STAGE_LABELS } from "~/domain/contracts/contract-filters";
import type { ContractListItem } from "~/domain/contracts/list-contracts.server";
import { cn } from "~/lib/cn";
import { ContractStatusBadge } from "./badges";
import { BookmarkToggle } from "./contract-controls";
import { daysUntil, formatContractDate, formatContractLocation, formatContractValue, isClosingSoon } from "~/domain/contracts/format";

/**
 * One contract of the list (spec 2 §2): title (to its detail page), agency,
 * city/state, estimated value in whole dollars or N/A, status badge, View
 * (the source's page, new tab), the description clamped to 3 lines, Posted
 * Date, Deadline, Last Updated; and what bid tracking adds: "Closing soon"
 * within 7 days, the relevance score, veteran set-aside, bookmark and
 * pipeline stage.
 */
export function ContractCard({ contract, detailSearch, now }: { contract: ContractListItem; detailSearch: string; now: Date }) {
  const headingId = `contract-${contract.id}`;
  const closingSoon = isClosingSoon(contract.deadlineDate, CLOSING_SOON_DAYS, now.getTime());
  const daysLeft = daysUntil(contract.deadlineDate, now.getTime());
  const place = formatContractLocation(contract.locationCity, contract.locationState);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "grid gap-3 rounded-xl border bg-white p-5 shadow-sm",
        closingSoon ? "border-amber-400 ring-1 ring-amber-300" : "border-border",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={headingId} className="text-lg leading-snug font-semibold text-brand-navy [overflow-wrap:anywhere]">
            <Link to={`/admin/contracts/${contract.id}${detailSearch}`} className="hover:underline focus-visible:underline">
              {contract.title}
            </Link>
          </h3>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            {contract.agencyName ?? "Agency not given"}
            {place ? <span className="text-slate-500"> · {place}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ContractStatusBadge status={contract.status} />
          {closingSoon ? (
            <Badge variant="warning">Closing soon{daysLeft !== null ? ` (${daysLeft === 0 ? "today" : `${daysLeft} ${daysLeft === 1 ? "day" : "days"}`})` : ""}</Badge>
          ) : null}
          {contract.veteranSetAside ? (
            <Badge variant="secondary">
              <Flag aria-hidden="true" />
              Veteran set-aside
            </Badge>
          ) : null}
          {contract.pipelineStage !== "new" ? <Badge variant="outline">{PIPELINE_STAGE_LABELS[contract.pipelineStage]}</Badge> : null}
          {contract.isBookmarked ? (
            <Badge variant="outline">
              <Bookmark aria-hidden="true" className="fill-current" />
              Bookmarked
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-base font-semibold text-slate-900">
          <span className="sr-only">Estimated value: </span>
          <span data-value>{formatContractValue(contract.estimatedValue)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-600">Relevance {contract.priorityScore}</span>
          <BookmarkToggle bookmarked={contract.isBookmarked} action={`/admin/contracts/${contract.id}`} itemName={contract.title} size="sm" />
          {contract.sourceUrl ? (
            <a
              href={contract.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              View<span className="sr-only"> {contract.title} on {contract.source.name} (opens in a new tab)</span>
              <ExternalLink aria-hidden="true" />
            </a>
          ) : null}
        </div>
      </div>
      {contract.description ? <p className="line-clamp-3 text-sm text-slate-700">{contract.description}</p> : null}
      <dl className="grid grid-cols-1 gap-2 border-t border-border pt-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Posted Date</dt>
          <dd className="font-medium text-slate-800">{formatContractDate(contract.postedDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Deadline</dt>
          <dd className={cn("font-medium", closingSoon ? "text-amber-800" : "text-slate-800")}>{formatContractDate(contract.deadlineDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last Updated</dt>
          <dd className="font-medium text-slate-800">{formatContractDate(contract.updatedAt)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">
        {contract.source.name}
        {contract.category ? ` · ${contract.category.name}` : ""}
      </p>
    </article>
  );
}
