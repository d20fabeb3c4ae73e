import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { companyToday } from "~/domain/leads/appointments/appointment-window";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { createSession, createUser } from "../support/factories";
import { expectToast, sessionCookieValue, useStaff } from "../support/staff";

/**
 * /admin/schedule in Chromium against the production server (issue 31 item 3): opened from the
 * dashboard's Schedule card with the default week; staff open Saturday and change Tuesday's hours, the
 * slot length and how many inspections run at once, and the two weeks' overview shows the new slots with
 * a booked homeowner (linked to the lead, "1 of 2 booked", "Booked online") in each slot the appointment
 * overlaps; a day that ends before it starts is refused under its field, which gets the focus, and nothing
 * is posted; a day off is added (the overview marks it, with its note) and removed again by its named
 * button; axe finds nothing; anonymous visitors and customers are refused the page and its action.
 */

const SECRET = "admin-schedule-e2e-secret-0123456789abcdefghijklmno";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-schedule-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Skye", lastName: "Scheduler" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const today = companyToday();
/** The first Tuesday after today: it, the Thursday and the Saturday after it are all in the two weeks. */
const tuesday = (() => {
  for (let i = 1; ; i += 1) if (new Date(`${addDays(today, i)}T00:00:00Z`).getUTCDay() === 2) return addDays(today, i);
})();
const thursday = addDays(tuesday, 2);
const saturday = addDays(tuesday, 4);
const calendarWords = (day: string) => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

let leadId = "";
/** The toasts come and go outside <main>; the kit's own tests check them. */
const AXE = { exclude: ["[data-sonner-toaster]"] };

beforeAll(async () => {
  // A homeowner who booked Tuesday 10 AM - noon online, confirmed.
  const { rows } = await staff.pool().query<{ id: string }>(
    `insert into leads (first_name, last_name, email, phone, submission_key, appointment_date, appointment_start, appointment_end,
       appointment_status, appointment_booked_online, pipeline_status, contacted)
     values ('Tabitha', 'Tuesday', 'tabitha@example.com', '+16145550188', $1, $2, '10:00', '12:00', 'confirmed', true, 'inspection_scheduled', true)
     returning id`,
    [`schedule-e2e-${crypto.randomUUID()}`, tuesday],
  );
  leadId = rows[0]!.id;
});

function scheduleForm(page: Page): Locator {
  return page.getByRole("form", { name: "Inspection schedule" });
}

function dayCard(page: Page, day: string): Locator {
  return page.locator(`li[data-day="${day}"]`);
}

async function scheduleRow(): Promise<Record<string, unknown> | undefined> {
  const { rows } = await staff.pool().query("select booking_enabled, weekly, slot_minutes, capacity, lead_time_hours, change_cutoff_hours from inspection_schedule");
  return rows[0];
}

describe("the schedule screen", () => {
  test("opens from the dashboard with the default week, and axe finds nothing", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    await page.getByRole("link", { name: "Open Schedule" }).click();
    await page.waitForURL(/\/admin\/schedule$/);
    await scheduleForm(page).waitFor();
    expect(await page.title()).toBe("Schedule");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Schedule");
    expect(await page.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Weekly availability", "Days off", "The coming two weeks"]);

    const f = scheduleForm(page);
    expect(await f.getByRole("switch", { name: "Homeowners can book online" }).getAttribute("aria-checked")).toBe("true");
    expect(await f.getByRole("checkbox", { name: "Open on Monday" }).isChecked()).toBe(true);
    expect(await f.getByRole("checkbox", { name: "Open on Saturday" }).isChecked()).toBe(false);
    expect(await f.getByLabel("Monday from").inputValue()).toBe("08:00");
    expect(await f.getByLabel("Monday to").inputValue()).toBe("17:00");
    expect(await f.getByLabel("Monday from").getAttribute("step")).toBe("1800");
    expect(await f.getByLabel("Slot length").inputValue()).toBe("120");
    expect(await f.getByLabel("Inspections at the same time").inputValue()).toBe("1");
    expect(await f.getByLabel("Earliest booking (business hours from now)").inputValue()).toBe("24");
    expect(await f.getByLabel("Changes allowed until (hours before)").inputValue()).toBe("24");

    // The overview: fourteen days from today; the booked homeowner fills Tuesday's 10 AM slot (one place).
    expect(await page.locator("li[data-day]").count()).toBe(14);
    expect(await page.locator("li[data-day]").first().getAttribute("data-day")).toBe(today);
    const ten = dayCard(page, tuesday).locator('li[data-slot="10:00"]');
    expect(await ten.innerText()).toContain("1 of 1 booked");
    expect(await dayCard(page, saturday).getByText("Closed").count()).toBe(1);
    await expectNoAxeViolations(page);
  });

  test("new hours, slot length and places show in the overview with the booked homeowner", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/schedule");
    const f = scheduleForm(page);
    await f.getByLabel("Tuesday from").fill("09:00");
    await f.getByLabel("Tuesday to").fill("13:00");
    await f.getByRole("checkbox", { name: "Open on Saturday" }).check();
    await f.getByLabel("Saturday from").fill("09:00");
    await f.getByLabel("Saturday to").fill("11:00");
    await f.getByLabel("Slot length").selectOption("120");
    await f.getByLabel("Inspections at the same time").fill("2");
    await f.getByLabel("Changes allowed until (hours before)").fill("48");
    await f.getByRole("button", { name: "Save schedule" }).click();
    await expectToast(page, "The schedule is saved.", "Success");

    expect(await scheduleRow()).toMatchObject({ booking_enabled: true, slot_minutes: 120, capacity: 2, lead_time_hours: 24, change_cutoff_hours: 48 });
    const weekly = (await scheduleRow())!.weekly as Array<{ open: boolean; start: string; end: string }>;
    expect(weekly[2]).toEqual({ open: true, start: "09:00", end: "13:00" });
    expect(weekly[6]).toEqual({ open: true, start: "09:00", end: "11:00" });
    const { rows: audit } = await staff.pool().query("select actor_email from audit_log where action = 'schedule.update'");
    expect(audit).toHaveLength(1);

    // Tuesday: 9-11 and 11-1, the 10-12 appointment in both.
    const card = dayCard(page, tuesday);
    await card.getByText("Open 9:00 AM – 1:00 PM").waitFor();
    const slots = card.locator("li[data-slot]");
    expect(await slots.evaluateAll((items) => items.map((li) => li.getAttribute("data-slot")))).toEqual(["09:00", "11:00"]);
    for (const start of ["09:00", "11:00"]) {
      const slot = card.locator(`li[data-slot="${start}"]`);
      expect(await slot.innerText()).toContain("1 of 2 booked");
      const link = slot.getByRole("link", { name: "Tabitha Tuesday" });
      expect(await link.getAttribute("href")).toBe(`/admin/leads/${leadId}`);
      expect(await slot.innerText()).toContain("10:00 AM – 12:00 PM");
      expect(await slot.innerText()).toContain("Confirmed by the homeowner");
      expect(await slot.innerText()).toContain("Booked online");
    }
    const sat = dayCard(page, saturday);
    expect(await sat.getByText("Open 9:00 AM – 11:00 AM").count()).toBe(1);
    expect(await sat.locator('li[data-slot="09:00"]').innerText()).toContain("Free");

    await card.getByRole("link", { name: "Tabitha Tuesday" }).first().click();
    await page.waitForURL(new RegExp(`/admin/leads/${leadId}$`));
  });

  test("a day that ends before it starts is refused under its field, focused, and nothing is posted", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/schedule");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const f = scheduleForm(page);
    await f.getByLabel("Wednesday from").fill("17:00");
    await f.getByLabel("Wednesday to").fill("08:00");
    await f.getByLabel("Inspections at the same time").fill("0");
    await f.getByRole("button", { name: "Save schedule" }).click();
    await f.getByText("The day must end after it starts.").waitFor();
    await f.getByText("Enter a number of inspections from 1 to 20.").waitFor();
    const to = f.getByLabel("Wednesday to");
    expect(await to.getAttribute("aria-invalid")).toBe("true");
    expect(await to.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await to.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe("The day must end after it starts.");
    expect(posts).toBe(0);
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed" }).count()).toBe(0);
    expect((await scheduleRow())!.capacity).toBe(2);
    await expectNoAxeViolations(page);
  });

  test("a day off is added, marked in the overview with its note, and removed by its named button", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/schedule");
    const addForm = page.getByRole("form", { name: "Add a day off" });
    await addForm.getByLabel("Date").fill(thursday);
    await addForm.getByLabel("Note (optional)").fill("Crew training");
    await addForm.getByRole("button", { name: "Add day off" }).click();
    await expectToast(page, "The day off is added.", "Success");

    const card = dayCard(page, thursday);
    await card.getByText("Day off", { exact: true }).waitFor();
    expect(await card.innerText()).toContain("Crew training");
    expect(await card.locator("li[data-slot]").count()).toBe(0);
    const list = page.getByRole("list", { name: "Days off to come" });
    expect(await list.innerText()).toContain("Crew training");
    const { rows } = await staff.pool().query("select day::text, note from schedule_days_off");
    expect(rows).toEqual([{ day: thursday, note: "Crew training" }]);
    await expectNoAxeViolations(page, AXE);

    // The same day again: refused under the date.
    await addForm.getByLabel("Date").fill(thursday);
    await addForm.getByRole("button", { name: "Add day off" }).click();
    await addForm.getByText("That day is already a day off.").waitFor();

    await page.getByRole("button", { name: `Remove day off ${calendarWords(thursday)}` }).click();
    await expectToast(page, "The day off is removed.", "Success");
    await card.locator("li[data-slot]").first().waitFor();
    expect(await card.getByText("Day off", { exact: true }).count()).toBe(0);
    expect((await staff.pool().query("select count(*)::int as n from schedule_days_off")).rows[0].n).toBe(0);
    const { rows: audit } = await staff.pool().query("select action, target_id from audit_log where action like 'schedule.day_off.%' order by occurred_at");
    expect(audit).toEqual([
      { action: "schedule.day_off.add", target_id: thursday },
      { action: "schedule.day_off.remove", target_id: thursday },
    ]);
  });

  test("anonymous visitors and customers are refused the page and its action", async () => {
    const anonymous = await fetch(`${app().url}/admin/schedule`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Fschedule");

    const appDb = drizzle(staff.pool(), { schema, casing: "snake_case" });
    const customer = await createUser({ kind: "customer", db: appDb });
    const cookie = `__Host-roofing.session_token=${sessionCookieValue((await createSession(customer, { db: appDb })).token, SECRET)}`;
    const page = await fetch(`${app().url}/admin/schedule`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/portal");

    const before = await scheduleRow();
    const post = await fetch(`${app().url}/admin/schedule`, {
      method: "POST",
      headers: { cookie, origin: app().url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add-day-off", day: thursday, note: "by a customer" }),
      redirect: "manual",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/portal");
    expect((await staff.pool().query("select count(*)::int as n from schedule_days_off")).rows[0].n).toBe(0);
    expect(await scheduleRow()).toEqual(before);
  });
});
