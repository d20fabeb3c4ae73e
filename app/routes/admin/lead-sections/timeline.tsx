import { Form } from "react-router";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { LeadTimeline } from "~/components/leads/lead-timeline";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { answerTo } from "./action-result";
import { cardClass, controlClass, labelClass, type LeadSectionProps } from "./section-ui";
import type { TimelineData } from "./timeline.server";

const FIELD_IDS: Record<string, string> = { body: "lead-note" };

/** The timeline and the "Add a note" form (a new entry empties the form). */
export function TimelineSection({ data: timeline, answer, busy }: LeadSectionProps & { data: TimelineData }) {
  const fields = useFieldErrors(answerTo(answer, "add-note"), FIELD_IDS);
  return (
    <section aria-labelledby="lead-timeline" className={cardClass}>
      <h2 id="lead-timeline" className="mb-4 text-lg font-bold text-brand-navy">
        Timeline
      </h2>
      <LeadTimeline items={timeline} />
      <Form method="post" preventScrollReset key={timeline.length} className="mt-6 grid gap-2">
        <input type="hidden" name="intent" value="add-note" />
        <label htmlFor="lead-note" className={labelClass}>
          Add a note
        </label>
        <textarea id="lead-note" name="body" rows={3} required maxLength={5000} className={cn(controlClass, "h-auto py-2")} {...fields.invalid("body")} />
        {fields.message("body")}
        <div>
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Add note
          </button>
        </div>
      </Form>
    </section>
  );
}
