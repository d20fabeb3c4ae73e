import { cardClass, Field, type LeadSectionProps } from "./section-ui";

/** Where the request came from: the form's page, the referrer and the UTM parameters it had. */
export function SourceSection({ lead }: LeadSectionProps) {
  const utm = [
    ["Source", lead.utmSource],
    ["Medium", lead.utmMedium],
    ["Campaign", lead.utmCampaign],
    ["Term", lead.utmTerm],
    ["Content", lead.utmContent],
  ].filter(([, v]) => v) as Array<[string, string]>;
  return (
    <section aria-labelledby="lead-source" className={cardClass}>
      <h2 id="lead-source" className="mb-4 text-lg font-bold text-brand-navy">
        Where it came from
      </h2>
      <dl className="grid gap-3 text-sm">
        <Field label="Form page">{lead.landingPath ?? "Unknown"}</Field>
        <Field label="Referrer">{lead.referrer ?? "Direct or unknown"}</Field>
        {utm.map(([label, value]) => (
          <Field key={label} label={`UTM ${label.toLowerCase()}`}>
            {value}
          </Field>
        ))}
      </dl>
    </section>
  );
}
