import { sql } from "drizzle-orm";
import { formatAddress } from "../options";
import { db } from "~/db/client.server";
import { leads, users } from "~/db/schema";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import { logger } from "~/lib/logger.server";
import { COMPANY_TIME_ZONE, toZonedLocal } from "~/lib/zoned-time";
import { portalEmailContext } from "../messages/message-emails.server";
import { appointmentReminderEmail } from "./appointment-emails.server";
import { companyToday, nextDay } from "./appointment-window";

/**
 * The reminder the day before an inspection (issue 22 item 5), run every hour by the
 * `leads.appointment-reminders` job: every appointment of TOMORROW in Eastern Time that the homeowner
 * did not ask to change (and whose lead is not lost) gets one email. Each appointment is claimed with a
 * conditional UPDATE (`appointment_reminder_sent_at` still null, rows another run holds skipped) in the
 * transaction that queues its email: however many runs overlap or repeat, one reminder per appointment
 * (setting or moving the appointment clears the mark, so the new time gets its own).
 *
 * Reminders go from REMINDER_EARLIEST_HOUR (Eastern Time) on, not at midnight: the runs before it find
 * nothing to do.
 */

const REMINDER_EARLIEST_HOUR = 8;
/** Appointments claimed per run (the next run takes the rest). */
const BATCH = 500;

export async function sendAppointmentReminders({ now = new Date() }: { now?: Date } = {}): Promise<{ sent: number }> {
  const hour = Number(toZonedLocal(now, COMPANY_TIME_ZONE).slice(11, 13));
  if (hour < REMINDER_EARLIEST_HOUR) return { sent: 0 };
  const tomorrow = nextDay(companyToday(now));

  const context = await portalEmailContext();
  const emailIds: string[] = [];
  await db().transaction(async (tx) => {
    const claimed = await tx.execute<{
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      account_email: string | null;
      address_street: string | null;
      address_city: string | null;
      address_state: string | null;
      address_zip: string | null;
      appointment_date: string;
      appointment_start: string;
      appointment_end: string;
    }>(sql`
      update ${leads} l
      set appointment_reminder_sent_at = now()
      where l.id in (
          select id from ${leads}
          where appointment_date = ${tomorrow}::date
            and appointment_status in ('proposed', 'confirmed')
            and appointment_reminder_sent_at is null
            and pipeline_status <> 'lost'
          order by appointment_start, id
          limit ${BATCH}
          for update skip locked
        )
        and l.appointment_reminder_sent_at is null
      returning l.id, l.first_name, l.last_name, l.email,
        (select u.email from ${users} u where u.id = l.customer_user_id) as account_email,
        l.address_street, l.address_city, l.address_state, l.address_zip,
        l.appointment_date::text as appointment_date, l.appointment_start::text as appointment_start,
        l.appointment_end::text as appointment_end
    `);
    for (const row of claimed.rows) {
      const address = formatAddress({ addressStreet: row.address_street, addressCity: row.address_city, addressState: row.address_state, addressZip: row.address_zip });
      const lead = { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, accountEmail: row.account_email, address };
      const window = { date: row.appointment_date, start: row.appointment_start, end: row.appointment_end };
      emailIds.push(await queueEmail(tx, appointmentReminderEmail(context, lead, window)));
    }
  });
  await dispatchQueuedEmail(emailIds);
  if (emailIds.length > 0) logger.info({ count: emailIds.length, date: tomorrow }, "appointment reminders queued");
  return { sent: emailIds.length };
}
