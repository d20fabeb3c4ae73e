import type { LeadEstimateRecord } from "~/db/schema/leads";
import { ESTIMATE_TEXT } from "~/domain/estimate/inputs";
import { estimateInputsInWords, formatWholeDollars } from "~/domain/estimate/record";
import { cn } from "~/lib/cn";

/**
 * An instant estimate (issue 31 item 4) in a few lines: each tier's range and shingle line, what it was
 * computed from in words, and the disclaimer. Plain markup, no icons or scripts: it renders the same on the
 * static /estimate page and on the admin lead page (the caller gives the heading around it).
 */
export function EstimateSummary({ estimate, className }: { estimate: LeadEstimateRecord; className?: string }) {
  return (
    <div className={cn("grid gap-4", className)} data-estimate-summary>
      <ul className="grid gap-3 sm:grid-cols-3" aria-label="Price ranges">
        {estimate.tiers.map((tier) => (
          <li key={tier.key} className="rounded-lg border border-slate-200 bg-white p-4" data-tier={tier.key}>
            <p className="text-sm font-bold tracking-wide text-brand-red uppercase">{tier.label}</p>
            <p className="mt-1 text-xl font-extrabold text-brand-navy tabular-nums">
              {formatWholeDollars(tier.lowCents)} to {formatWholeDollars(tier.highCents)}
            </p>
            <p className="mt-1 text-sm text-slate-600">{tier.product}</p>
          </li>
        ))}
      </ul>
      <div className="text-sm text-slate-700">
        <p className="font-semibold text-slate-800">Based on</p>
        <ul className="mt-1 list-disc pl-5">
          {estimateInputsInWords(estimate).map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      </div>
      <p className="text-sm font-medium text-slate-800">{ESTIMATE_TEXT.disclaimer}</p>
    </div>
  );
}
