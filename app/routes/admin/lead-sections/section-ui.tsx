import { cn } from "~/lib/cn";
import type { LeadActionResult } from "./action-result";
import type { LeadView } from "./section.server";

/** What every section component of the lead page gets (client code: the page passes it down). */
export interface LeadSectionProps {
  /** The lead's own fields (every section may read them; the header and the meta do too). */
  lead: LeadView;
  /** The page's last action answer, whichever section's intent it was for (see `answerTo`). */
  answer: LeadActionResult | undefined;
  /** A form of the page is being posted: the sections' buttons wait. */
  busy: boolean;
}

/** "Jane Doe": how the page names the lead's homeowner. */
export function leadName(lead: Pick<LeadView, "firstName" | "lastName">): string {
  return `${lead.firstName} ${lead.lastName}`;
}

export const cardClass = "rounded-xl border border-border bg-white p-5 shadow-sm";
export const controlClass = cn(
  "h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
);
export const labelClass = "mb-1 block text-sm font-medium text-slate-700";

/** One line of a section's description list: its label, then its value. */
export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
