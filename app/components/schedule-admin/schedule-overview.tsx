import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { APPOINTMENT_STATUS_WORDS, timeWords } from "~/domain/leads/appointments/appointment-window";
import type { OverviewBooking, OverviewDay, OverviewSlot } from "~/domain/scheduling/schedule-overview.server";
import { cn } from "~/lib/cn";
import { shortDayWords } from "./day-words";

/**
 * The coming two weeks on /admin/schedule (issue 31 item 3): one card per day (a list, so a phone reads it
 * top to bottom; two columns on a wide screen), open days with each slot's count ("1 of 2 booked",
 * "Free") and the homeowners booked in it, linked to their leads; closed days and days off marked, and any
 * appointment outside the slots listed under its day.
 */

function windowWords(w: { start: string; end: string }): string {
  return `${timeWords(w.start)} – ${timeWords(w.end)}`;
}

function Bookings({ bookings, slot }: { bookings: readonly OverviewBooking[]; slot?: OverviewSlot }) {
  if (bookings.length === 0) return null;
  return (
    <ul className="grid gap-1.5 pl-1">
      {bookings.map((b) => (
        <li key={b.leadId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Link
            to={`/admin/leads/${b.leadId}`}
            className="inline-flex min-h-6 items-center rounded-sm font-medium text-brand-navy underline underline-offset-2 outline-none hover:text-brand-navy-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid"
          >
            {b.name}
          </Link>
          {(!slot || b.start !== slot.start || b.end !== slot.end) && <span className="text-slate-600">{windowWords(b)}</span>}
          <span className="text-slate-600">{APPOINTMENT_STATUS_WORDS[b.status]}</span>
          {b.bookedOnline && <Badge variant="outline">Booked online</Badge>}
        </li>
      ))}
    </ul>
  );
}

function SlotCount({ slot, capacity }: { slot: OverviewSlot; capacity: number }) {
  if (slot.booked === 0) return <Badge variant="success">Free</Badge>;
  return <Badge variant={slot.places === 0 ? "secondary" : "outline"}>{`${slot.booked} of ${capacity} booked`}</Badge>;
}

function DayCard({ day, capacity, isToday }: { day: OverviewDay; capacity: number; isToday: boolean }) {
  return (
    <li
      data-day={day.date}
      className={cn("grid content-start gap-3 rounded-xl border border-border bg-white p-4 shadow-sm", day.kind !== "open" && "bg-slate-50")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-brand-navy">
          {shortDayWords(day.date)}
          {isToday && <span className="font-normal text-slate-600"> (today)</span>}
        </h3>
        {day.kind === "open" && day.hours && <span className="text-sm text-slate-600">{`Open ${windowWords(day.hours)}`}</span>}
        {day.kind === "closed" && <Badge variant="secondary">Closed</Badge>}
        {day.kind === "day_off" && <Badge variant="warning">Day off</Badge>}
      </div>
      {day.kind === "day_off" && day.note && <p className="text-sm text-slate-600">{day.note}</p>}
      {day.slots.length > 0 && (
        <ul aria-label={`Slots on ${shortDayWords(day.date)}`} className="grid gap-2">
          {day.slots.map((slot) => (
            <li key={slot.start} data-slot={slot.start} className="grid gap-1.5 rounded-lg border border-border p-2.5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium">{windowWords(slot)}</span>
                <SlotCount slot={slot} capacity={capacity} />
              </div>
              <Bookings bookings={slot.bookings} slot={slot} />
            </li>
          ))}
        </ul>
      )}
      {day.outside.length > 0 && (
        <div data-outside className="grid gap-1.5">
          <p className="text-sm font-medium text-slate-700">{day.kind === "open" ? "Booked outside the slots" : day.kind === "day_off" ? "Booked on this day off" : "Booked on this closed day"}</p>
          <Bookings bookings={day.outside} />
        </div>
      )}
    </li>
  );
}

export function ScheduleOverview({ days, capacity, today }: { days: readonly OverviewDay[]; capacity: number; today: string }) {
  return (
    <ol aria-label="Days" className="grid items-start gap-3 lg:grid-cols-2">
      {days.map((day) => (
        <DayCard key={day.date} day={day} capacity={capacity} isToday={day.date === today} />
      ))}
    </ol>
  );
}
