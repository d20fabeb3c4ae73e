import { CalendarX } from "lucide-react";
import { AdminForm, type FieldSpec } from "~/components/admin/admin-form";
import { EmptyState } from "~/components/admin/list-states";
import { IntentButton } from "~/components/admin/row-actions";
import type { DayOff } from "~/domain/scheduling/load-schedule.server";
import { addDayOffSchema } from "~/domain/scheduling/schedule-forms";
import { calendarDayWords, longDayWords } from "./day-words";

/**
 * The days off on /admin/schedule (issue 31 item 3): those to come, each with its note and a Remove button
 * named for its day ("Remove day off December 24, 2026"), and the kit's form that adds one.
 */

const fields: FieldSpec[] = [
  { name: "day", label: "Date", kind: "date", required: true },
  { name: "note", label: "Note (optional)", kind: "text", maxLength: 200, hint: "Seen by staff only, like \"Christmas Eve\"." },
];

export function DaysOff({ daysOff }: { daysOff: readonly DayOff[] }) {
  return (
    <div className="grid gap-5">
      {daysOff.length === 0 ? (
        <EmptyState>No days off to come.</EmptyState>
      ) : (
        <ul aria-label="Days off to come" className="divide-y divide-border rounded-lg border border-border">
          {daysOff.map((dayOff) => (
            <li key={dayOff.day} data-day-off={dayOff.day} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="grid gap-0.5">
                <span className="font-medium">{longDayWords(dayOff.day)}</span>
                {dayOff.note && <span className="text-sm text-slate-600">{dayOff.note}</span>}
              </div>
              <IntentButton intent="remove-day-off" fields={{ day: dayOff.day }} label="Remove" itemName={`day off ${calendarDayWords(dayOff.day)}`} icon={CalendarX} />
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3">
        <h3 className="text-base font-semibold text-brand-navy">Add a day off</h3>
        <AdminForm label="Add a day off" schema={addDayOffSchema} intent="add-day-off" fields={fields} values={{ day: "", note: "" }} submitLabel="Add day off" />
      </div>
    </div>
  );
}
