import { Form } from "react-router";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { ContactedToggle, type ContactedResult } from "~/components/leads/contacted-toggle";
import { buttonVariants } from "~/components/ui/button";
import { PIPELINE_STATUS_OPTIONS } from "~/domain/leads/options";
import { answerTo } from "./action-result";
import { cardClass, controlClass, labelClass, leadName, type LeadSectionProps } from "./section-ui";

const FIELD_IDS: Record<string, string> = { status: "lead-status" };

/**
 * The Contacted toggle (a fetcher: its failure is told by the page's banner, through `onContacted`) and
 * the status form (a new saved status resets it).
 */
export function PipelineSection({ lead, answer, busy, onContacted }: LeadSectionProps & { onContacted: (result: ContactedResult) => void }) {
  const fields = useFieldErrors(answerTo(answer, "set-status"), FIELD_IDS);
  return (
    <section aria-labelledby="lead-pipeline" className={cardClass}>
      <h2 id="lead-pipeline" className="mb-4 text-lg font-bold text-brand-navy">
        Pipeline
      </h2>
      <div className="mb-4 flex items-center gap-3">
        <ContactedToggle leadId={lead.id} name={leadName(lead)} contacted={lead.contacted} onResult={onContacted} />
        <span className="font-medium text-slate-800">Contacted</span>
      </div>
      <Form method="post" preventScrollReset key={`status-${lead.pipelineStatus}`} className="grid gap-2">
        <input type="hidden" name="intent" value="set-status" />
        <label htmlFor="lead-status" className={labelClass}>
          Status
        </label>
        <select id="lead-status" name="status" defaultValue={lead.pipelineStatus} className={controlClass} {...fields.invalid("status")}>
          {PIPELINE_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {fields.message("status")}
        <div>
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Update status
          </button>
        </div>
      </Form>
    </section>
  );
}
