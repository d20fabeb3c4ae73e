import { Badge } from "~/components/ui/badge";
import { formatAddress, formatPhone, serviceLabel } from "~/domain/leads/options";
import { SERVICE_AREA_TEXT } from "~/domain/leads/service-area";
import { cardClass, Field, leadName, type LeadSectionProps } from "./section-ui";

/** The request as the homeowner sent it: who, how to reach them, the service and their message. */
export function RequestSection({ lead }: LeadSectionProps) {
  return (
    <section aria-labelledby="lead-request" className={cardClass}>
      <h2 id="lead-request" className="mb-4 text-lg font-bold text-brand-navy">
        Request
      </h2>
      <dl className="grid gap-3">
        <Field label="Name">{leadName(lead)}</Field>
        <Field label="Email">
          <a href={`mailto:${lead.email}`} className="inline-flex min-h-6 items-center break-all text-brand-navy underline-offset-4 hover:underline">
            {lead.email}
          </a>
        </Field>
        <Field label="Phone">
          <a href={`tel:${lead.phone}`} className="inline-flex min-h-6 items-center text-brand-navy underline-offset-4 hover:underline">
            {formatPhone(lead.phone)}
          </a>
        </Field>
        <Field label="Property">
          {formatAddress(lead) ?? <span className="text-slate-500">Not given</span>}
          {lead.outsideServiceArea && (
            <Badge variant="warning" className="ml-2">
              {SERVICE_AREA_TEXT.flag}
            </Badge>
          )}
        </Field>
        <Field label="Service">{lead.service ? serviceLabel(lead.service) : "Not specified"}</Field>
        <Field label="Message">
          {lead.message ? <span className="whitespace-pre-wrap">{lead.message}</span> : <span className="text-slate-500">None</span>}
        </Field>
      </dl>
    </section>
  );
}
