import { formatContractDateTime } from "~/domain/contracts/format";
import { PIPELINE_STAGE_LABELS } from "~/domain/contracts/contract-filters";
import type { ContractChangeView, ContractStageChangeView } from "~/domain/contracts/get-contract-detail.server";
import { DetailCard } from "./detail-field";

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  description: "Description",
  agencyName: "Agency",
  sourceUrl: "Source URL",
  contractType: "Contract type",
  estimatedValue: "Estimated value",
  currency: "Currency",
  locationCity: "City",
  locationState: "State",
  locationCountry: "Country",
  postedDate: "Posted date",
  deadlineDate: "Deadline date",
  tags: "Tags",
  status: "Status",
};

const DATE_FIELDS = new Set(["postedDate", "deadlineDate"]);

function shown(field: string, value: string | null): string {
  if (value === null) return "(empty)";
  return DATE_FIELDS.has(field) ? formatContractDateTime(value) : value;
}

/** What re-crawls changed, field by field, newest first. */
export function ContractChanges({ changes }: { changes: ContractChangeView[] }) {
  return (
    <DetailCard id="contract-changes" title="Change history">
      {changes.length === 0 ? (
        <p className="text-slate-600">No changes found by later crawls.</p>
      ) : (
        <ol className="grid gap-4">
          {changes.map((entry) => (
            <li key={entry.id}>
              <p className="text-sm font-medium text-slate-700">
                {formatContractDateTime(entry.changedAt)}
                {entry.crawlSessionId ? " (crawl)" : ""}
              </p>
              <ul className="mt-1 grid gap-1 text-sm">
                {entry.changes.map((change) => (
                  <li key={change.field} className="break-words">
                    <span className="font-medium">{FIELD_LABELS[change.field] ?? change.field}</span>: {shown(change.field, change.from)} → {shown(change.field, change.to)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </DetailCard>
  );
}

/** Who moved the contract between pipeline stages, newest first. */
export function StageHistory({ history }: { history: ContractStageChangeView[] }) {
  if (history.length === 0) return null;
  return (
    <DetailCard id="contract-stage-history" title="Stage history">
      <ol className="grid gap-2 text-sm">
        {history.map((entry) => (
          <li key={entry.id}>
            {PIPELINE_STAGE_LABELS[entry.fromStage]} → {PIPELINE_STAGE_LABELS[entry.toStage]}, by {entry.changedByName ?? "a former user"},{" "}
            {formatContractDateTime(entry.changedAt)}
          </li>
        ))}
      </ol>
    </DetailCard>
  );
}

/** The crawler's raw data of the contract, folded away. */
export function RawData({ data }: { data: Record<string, unknown> }) {
  return (
    <DetailCard id="contract-raw" title="Raw data">
      <details>
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-navy">Show the raw data the crawler stored</summary>
        <pre tabIndex={0} className="mt-3 max-h-96 overflow-auto rounded-md bg-slate-50 p-3 text-xs text-slate-900">{JSON.stringify(data, null, 2)}</pre>
      </details>
    </DetailCard>
  );
}
