import { Form } from "react-router";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { buttonVariants } from "~/components/ui/button";
import { COMPLEXITY_LABELS } from "~/domain/proposals/measurement-schema";
import { cn } from "~/lib/cn";
import { answerTo, refusalOf } from "./action-result";
import type { MeasurementsData } from "./measurements.server";
import { cardClass, controlClass, labelClass, type LeadSectionProps } from "./section-ui";

const FIELDS = [
  { name: "area", label: "Total area (squares)", hint: "A square is 100 sq ft, like 28.5", inputMode: "decimal" },
  { name: "facets", label: "Or each facet (squares)", hint: "Separated by commas; they must add up to the total", inputMode: "decimal" },
  { name: "pitch", label: "Predominant pitch (x/12)", hint: "Inches of rise per foot, like 6", inputMode: "numeric" },
  { name: "stories", label: "Stories", inputMode: "numeric" },
  { name: "layers", label: "Layers to tear off", inputMode: "numeric" },
  { name: "ridgeFt", label: "Ridge (ft)", inputMode: "numeric" },
  { name: "hipFt", label: "Hips (ft)", inputMode: "numeric" },
  { name: "valleyFt", label: "Valleys (ft)", inputMode: "numeric" },
  { name: "eaveFt", label: "Eaves (ft)", inputMode: "numeric" },
  { name: "rakeFt", label: "Rakes (ft)", inputMode: "numeric" },
  { name: "penetrations", label: "Penetrations (pipes, vents)", inputMode: "numeric" },
] as const;

const FIELD_IDS: Record<string, string> = Object.fromEntries([...FIELDS.map((f) => [f.name, `measure-${f.name}`]), ["complexity", "measure-complexity"]]);

/** The roof's measurements, each refusal under its field; a refused form comes back with what was typed. */
export function MeasurementsSection({ answer, busy, data }: LeadSectionProps & { data: MeasurementsData }) {
  const fields = useFieldErrors(answerTo(answer, "save-measurements"), FIELD_IDS);
  const typed = refusalOf(answer, "save-measurements")?.values;
  const value = (name: string) => (typed ? (typed[name] ?? "") : (data.values[name] ?? ""));
  return (
    <section aria-labelledby="lead-measurements" className={cardClass}>
      <h2 id="lead-measurements" className="mb-1 text-lg font-bold text-brand-navy">
        Measurements
      </h2>
      <p className="mb-4 text-sm text-slate-600">{data.measured ? "Proposals are measured from these." : "Enter the roof's measurements to build a proposal."}</p>
      <Form method="post" preventScrollReset key={`measure-${data.updatedAt ?? "none"}`} className="grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save-measurements" />
        {FIELDS.map((f) => (
          <div key={f.name} className={cn(f.name === "facets" && "sm:col-span-2")}>
            <label htmlFor={FIELD_IDS[f.name]} className={labelClass}>
              {f.label}
            </label>
            <input id={FIELD_IDS[f.name]} name={f.name} inputMode={f.inputMode} defaultValue={value(f.name)} className={controlClass} autoComplete="off" {...fields.invalid(f.name)} />
            {"hint" in f && <p className="mt-1 text-xs text-slate-600">{f.hint}</p>}
            {fields.message(f.name)}
          </div>
        ))}
        <div>
          <label htmlFor="measure-complexity" className={labelClass}>
            Roof complexity
          </label>
          <select id="measure-complexity" name="complexity" defaultValue={value("complexity") || "moderate"} className={controlClass} {...fields.invalid("complexity")}>
            {Object.entries(COMPLEXITY_LABELS).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
          {fields.message("complexity")}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Save measurements
          </button>
        </div>
      </Form>
    </section>
  );
}
