import { Form } from "react-router";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { buttonVariants } from "~/components/ui/button";
import { answerTo, refusalOf } from "./action-result";
import { cardClass, controlClass, labelClass, type LeadSectionProps } from "./section-ui";

const FIELD_IDS: Record<string, string> = {
  insuranceCompany: "lead-insurance-company",
  claimNumber: "lead-claim-number",
  dateOfLoss: "lead-date-of-loss",
};

/** The insurance claim's form (a new save resets it to the saved values). */
export function InsuranceSection({ lead, answer, busy }: LeadSectionProps) {
  const fields = useFieldErrors(answerTo(answer, "update-insurance"), FIELD_IDS);
  // What a refused insurance form had in it: the form comes back with it (the no-JavaScript post re-renders the page).
  const typed = refusalOf(answer, "update-insurance")?.values;
  return (
    <section aria-labelledby="lead-insurance" className={cardClass}>
      <h2 id="lead-insurance" className="mb-4 text-lg font-bold text-brand-navy">
        Insurance claim
      </h2>
      <Form method="post" preventScrollReset key={`ins-${lead.updatedAt}`} className="grid gap-3">
        <input type="hidden" name="intent" value="update-insurance" />
        {/* The whole line is the target (44 px tall), the box itself 24 x 24 (issue 23: it was 16 x 16). */}
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="hasInsuranceDocs"
            defaultChecked={typed ? typed.hasInsuranceDocs === "on" : lead.hasInsuranceDocs}
            className="size-6 shrink-0 accent-brand-navy"
          />
          Has insurance documents
        </label>
        <div>
          <label htmlFor="lead-insurance-company" className={labelClass}>
            Insurance company
          </label>
          <input
            id="lead-insurance-company"
            name="insuranceCompany"
            defaultValue={typed ? (typed.insuranceCompany ?? "") : (lead.insuranceCompany ?? "")}
            maxLength={200}
            className={controlClass}
            {...fields.invalid("insuranceCompany")}
          />
          {fields.message("insuranceCompany")}
        </div>
        <div>
          <label htmlFor="lead-claim-number" className={labelClass}>
            Claim number
          </label>
          <input id="lead-claim-number" name="claimNumber" defaultValue={typed ? (typed.claimNumber ?? "") : (lead.claimNumber ?? "")} maxLength={100} className={controlClass} {...fields.invalid("claimNumber")} />
          {fields.message("claimNumber")}
        </div>
        <div>
          <label htmlFor="lead-date-of-loss" className={labelClass}>
            Date of loss
          </label>
          <input id="lead-date-of-loss" name="dateOfLoss" type="date" defaultValue={typed ? (typed.dateOfLoss ?? "") : (lead.dateOfLoss ?? "")} className={controlClass} {...fields.invalid("dateOfLoss")} />
          {fields.message("dateOfLoss")}
        </div>
        <div>
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Save insurance details
          </button>
        </div>
      </Form>
    </section>
  );
}
