import type { Route } from "./+types/schedule";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminData } from "~/components/admin/admin-data";
import { AdminPage } from "~/components/admin/admin-page";
import { DaysOff } from "~/components/schedule-admin/days-off";
import { ScheduleForm } from "~/components/schedule-admin/schedule-form";
import { ScheduleOverview } from "~/components/schedule-admin/schedule-overview";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { addDayOff } from "~/domain/scheduling/add-day-off.server";
import { removeDayOff } from "~/domain/scheduling/remove-day-off.server";
import { saveSchedule } from "~/domain/scheduling/save-schedule.server";
import { scheduleOverview } from "~/domain/scheduling/schedule-overview.server";
import { SCHEDULE_SCREEN_TEXT, scheduleActionSchema } from "~/domain/scheduling/schedule-forms";
import { adminAction, adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/schedule (issue 31 item 3, ADR 053): when homeowners can book an inspection online (the weekly
 * hours, the slot length, how many at once, the lead time, the change cut-off, on or off), the days off,
 * and the coming two weeks with what is booked in each slot.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { schedule: adminLoad(() => scheduleOverview(), SCHEDULE_SCREEN_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: scheduleActionSchema,
  intents: {
    "save-schedule": { failure: SCHEDULE_SCREEN_TEXT.saveFailed, run: (input, { tx, actor }) => saveSchedule(tx, input.settings, actor) },
    "add-day-off": { failure: SCHEDULE_SCREEN_TEXT.addDayOffFailed, run: (input, { tx, actor }) => addDayOff(tx, input, actor) },
    "remove-day-off": { failure: SCHEDULE_SCREEN_TEXT.removeDayOffFailed, run: (input, { tx }) => removeDayOff(tx, input.day) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SCHEDULE_SCREEN_TEXT.title }, { name: "robots", content: "noindex" }];
}

const sectionClass = "grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm";

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={SCHEDULE_SCREEN_TEXT.title} description="When homeowners can book an inspection online, and what is booked. Times are Eastern Time.">
      <AdminData resolve={loaderData.schedule} loadingText={SCHEDULE_SCREEN_TEXT.loading}>
        {(schedule) => (
          <div className="grid gap-10">
            <section aria-labelledby="schedule-weekly" className={sectionClass}>
              <h2 id="schedule-weekly" className="text-lg font-bold text-brand-navy">
                Weekly availability
              </h2>
              <ScheduleForm settings={schedule.settings} />
            </section>
            <section aria-labelledby="schedule-days-off" className={sectionClass}>
              <h2 id="schedule-days-off" className="text-lg font-bold text-brand-navy">
                Days off
              </h2>
              <DaysOff daysOff={schedule.daysOff} />
            </section>
            <section aria-labelledby="schedule-overview" className="grid gap-4">
              <h2 id="schedule-overview" className="text-lg font-bold text-brand-navy">
                The coming two weeks
              </h2>
              {!schedule.settings.bookingEnabled && <p className="text-slate-600">Online booking is off: homeowners are offered no times.</p>}
              <ScheduleOverview days={schedule.days} capacity={schedule.settings.capacity} today={schedule.today} />
            </section>
          </div>
        )}
      </AdminData>
    </AdminPage>
  );
}
