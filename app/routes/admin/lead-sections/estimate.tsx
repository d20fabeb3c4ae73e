import { EstimateSummary } from "~/components/estimate/estimate-summary";
import { formatDateTime } from "~/components/leads/format";
import type { EstimateData } from "./estimate.server";
import { cardClass } from "./section-ui";

/** The price range the homeowner saw at /estimate before asking for the inspection, as it was computed then. */
export function EstimateSection({ data }: { data: NonNullable<EstimateData> }) {
  return (
    <section aria-labelledby="lead-estimate" className={cardClass}>
      <h2 id="lead-estimate" className="text-lg font-bold text-brand-navy">
        Instant estimate
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Shown to the homeowner at /estimate on <time dateTime={data.computedAt}>{formatDateTime(data.computedAt)}</time>, from the price book of that day.
      </p>
      <EstimateSummary estimate={data} />
    </section>
  );
}
