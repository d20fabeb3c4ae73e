import { sql } from "drizzle-orm";
import { boolean, check, date, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Self-booked inspection slots (issue 31 item 3, ADR 053): the office's weekly availability and its days
 * off. One row of settings (id 1; no row means the defaults of app/domain/scheduling/schedule-settings.ts).
 * A booking is the lead's appointment itself (leads.appointment_*): a slot's places are counted from the
 * leads whose appointment overlaps it.
 */

/** One weekday's hours, Eastern Time wall-clock "HH:MM"; index 0 is Sunday. */
export interface WeekdayHours {
  open: boolean;
  start: string;
  end: string;
}

export const inspectionSchedule = pgTable(
  "inspection_schedule",
  {
    id: integer().primaryKey().default(1),
    /** Homeowners may book a slot themselves (the forms offer the next free ones). */
    bookingEnabled: boolean().notNull().default(true),
    /** Seven entries, Sunday first. */
    weekly: jsonb().$type<WeekdayHours[]>().notNull(),
    slotMinutes: integer().notNull().default(120),
    /** How many inspections can run at the same time (crews). */
    capacity: integer().notNull().default(1),
    /** A slot is offered no sooner than this many business (open) hours from now. */
    leadTimeHours: integer().notNull().default(24),
    /** The homeowner may move or cancel a booking until this many hours before it starts. */
    changeCutoffHours: integer().notNull().default(24),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("inspection_schedule_singleton_check", sql`${t.id} = 1`),
    check("inspection_schedule_slot_check", sql`${t.slotMinutes} between 30 and 480 and ${t.slotMinutes} % 30 = 0`),
    check("inspection_schedule_capacity_check", sql`${t.capacity} between 1 and 20`),
    check("inspection_schedule_lead_time_check", sql`${t.leadTimeHours} between 0 and 336`),
    check("inspection_schedule_cutoff_check", sql`${t.changeCutoffHours} between 0 and 336`),
  ],
);

export const scheduleDaysOff = pgTable(
  "schedule_days_off",
  {
    day: date({ mode: "string" }).primaryKey(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("schedule_days_off_note_check", sql`${t.note} is null or char_length(${t.note}) <= 200`)],
);

export type InspectionScheduleRow = typeof inspectionSchedule.$inferSelect;
