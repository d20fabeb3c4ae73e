import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routeConfig from "~/routes";
import { REPO_ROOT, useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { makeProposalContent } from "../support/proposal-content";
import { useStaff } from "../support/staff";

/**
 * Every admin screen at a phone's width (issue 23 item 1): 390 x 844 CSS px,
 * as a super admin (so User Management and the dashboard's Backups are
 * there too), with data present (the seed's reviews, services, team,
 * gallery and contract sources, plus a lead with insurance details and a
 * contract made here). For each screen:
 *
 * - no page-level horizontal overflow (the document scrolls only down);
 * - every control in <main> (buttons, links that are not words inside a
 *   sentence, checkboxes, fields) lies inside the viewport horizontally, so
 *   a thumb can reach it without the page or a table scrolling sideways, and
 *   is at least 24 x 24 CSS px (WCAG 2.2 AA 2.5.8);
 * - axe finds nothing (WCAG 2.0/2.1 A and AA).
 *
 * Screens are discovered, not listed: every page route (a .tsx module) of
 * app/routes.ts under /admin, its parameters filled with the rows made
 * here. A new admin screen is walked without changing this file; one whose
 * parameter it cannot fill fails, naming the pattern. The per-screen report
 * goes to stdout and test-results/admin-phone-width.md.
 */

const SECRET = "admin-phone-width-e2e-secret-0123456789abcdefghijk";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-phone-width-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { kind: "super_admin", firstName: "Pat", lastName: "Phone" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 24;
/** The toasts live outside <main> and come and go; the other helpers' tests check them. */
const AXE = { exclude: ["[data-sonner-toaster]"] };

interface Screen {
  pattern: string;
  file: string;
}

function joinPath(parent: string, segment: string | undefined): string {
  if (!segment) return parent;
  return `${parent.replace(/\/$/, "")}/${segment.replace(/^\//, "")}`;
}

/** The admin routes that render a screen: .tsx modules (resource routes are .ts) under /admin. */
function adminScreens(entries: readonly RouteConfigEntry[], parent = ""): Screen[] {
  const out: Screen[] = [];
  for (const entry of entries) {
    const pattern = joinPath(parent, entry.path) || "/";
    const isAdmin = pattern === "/admin" || pattern.startsWith("/admin/");
    // The layout itself (/admin with children) is the frame of the others, not a screen of its own.
    if (isAdmin && entry.file.endsWith(".tsx") && !entry.children?.length) out.push({ pattern, file: entry.file });
    if (entry.children) out.push(...adminScreens(entry.children, pattern));
  }
  return out;
}

interface Measured {
  scrollWidth: number;
  clientWidth: number;
  checked: number;
  smallest: { label: string; width: number; height: number } | null;
  problems: string[];
}

/**
 * Measures the page in the browser. A control counts when it is rendered (not display:none, not
 * visually hidden as sr-only is, not inside a closed <details>); links inside running text are exempt
 * from the size rule (WCAG's inline exception) but not from being on screen.
 */
async function measure(page: Page): Promise<Measured> {
  return page.evaluate(
    ({ min, width }) => {
      const root = document.scrollingElement ?? document.documentElement;
      const main = document.querySelector("main");
      const problems: string[] = [];
      let smallest: { label: string; width: number; height: number } | null = null;
      let checked = 0;
      const controls = main
        ? Array.from(
            main.querySelectorAll<HTMLElement>(
              'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="switch"], [role="combobox"], [role="tab"]',
            ),
          )
        : [];
      const labelOf = (el: HTMLElement) =>
        (el.getAttribute("aria-label") || el.innerText || (el as HTMLInputElement).name || el.id || el.tagName)
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 60);
      const inText = (el: HTMLElement) => {
        if (el.tagName !== "A") return false;
        const parent = el.parentElement;
        if (!parent) return false;
        // A link among words of its parent: the parent's own text nodes say something beside it.
        return Array.from(parent.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim().length > 1);
      };
      for (const el of controls) {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) continue; // not rendered, or sr-only
        const style = getComputedStyle(el);
        if (style.visibility === "hidden") continue;
        if (el.closest("details:not([open])") && el.tagName !== "SUMMARY") continue;
        // Hidden from everyone on purpose (the inspection form's honeypot: off-screen, aria-hidden, not in the tab order).
        if (el.closest('[aria-hidden="true"]') && el.tabIndex < 0) continue;
        // A file input styled away behind its label: the label is the target.
        if (style.opacity === "0" && el.tagName === "INPUT") continue;
        checked += 1;
        const label = labelOf(el);
        const left = rect.left + window.scrollX;
        if (left < -0.5 || left + rect.width > width + 0.5) {
          problems.push(`"${label}" (${el.tagName.toLowerCase()}) spans x ${Math.round(left)}..${Math.round(left + rect.width)}, outside 0..${width}`);
        }
        if (!inText(el)) {
          if (rect.width < min - 0.01 || rect.height < min - 0.01) {
            problems.push(`"${label}" (${el.tagName.toLowerCase()}) is ${Math.round(rect.width)}x${Math.round(rect.height)}, under ${min}x${min}`);
          }
          if (!smallest || Math.min(rect.width, rect.height) < Math.min(smallest.width, smallest.height)) {
            smallest = { label, width: Math.round(rect.width), height: Math.round(rect.height) };
          }
        }
      }
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, checked, smallest, problems };
    },
    { min: MIN_TARGET, width: PHONE.width },
  );
}

async function submitLead(): Promise<void> {
  const fd = new FormData();
  const fields = {
    submissionKey: crypto.randomUUID(),
    formId: "inspection-form",
    landingPath: "/contact",
    firstName: "Henrietta",
    lastName: "Longname-Homeowner",
    email: "henrietta.longname-homeowner@example.com",
    phone: "614-555-0150",
    service: "storm-restoration",
    message: `Hail on Tuesday. ${"The back slope lost shingles and the gutters are dented. ".repeat(4)}`,
    hasInsuranceDocs: "on",
    insuranceCompany: "Buckeye Mutual",
    claimNumber: "CLM-2026-001",
    dateOfLoss: "2026-06-02",
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const response = await fetch(`${app().url}/inspection-request`, { method: "POST", body: fd });
  expect(response.status).toBe(200);
}

const params: Record<string, string> = {};

describe("every admin screen at 390 x 844", () => {
  beforeAll(async () => {
    await submitLead();
    const pool = staff.pool();
    params["/admin/leads/:id"] = (await pool.query<{ id: string }>("select id from leads limit 1")).rows[0]!.id;
    params["/admin/contracts/:id"] = (
      await pool.query<{ id: string }>(
        `insert into contract_opportunities (source_id, external_id, source_url, title, description, agency_name, estimated_value,
           location_city, location_state, posted_date, deadline_date, tags, priority_score, raw_data, last_scraped_at, scrape_count)
         values ((select id from contract_sources where slug = 'bidnet'), 'phone-1', 'https://bids.example.com/phone-1',
           'Roof replacement and gutter work at the Northwest Regional Maintenance Facility', 'Tear-off of 12,000 sq ft',
           'Franklin County Board of Commissioners, Purchasing Department', 250000, 'Columbus', 'OH',
           now() - interval '2 days', now() + interval '3 days', array['bidnet', 'veteran-set-aside'], 87,
           '{"kind": "row"}', now(), 2)
         returning id`,
      )
    ).rows[0]!.id;
    // Proposals (issue 30): the lead's new-proposal page, and a draft proposal's builder.
    params["/admin/leads/:id/proposals/new"] = params["/admin/leads/:id"];
    params["/admin/proposals/:id"] = (
      await pool.query<{ id: string }>(
        `insert into proposals (lead_id, proposal_number, revision, status, content, expires_on) values ($1, 990001, 1, 'draft', $2::jsonb, '2099-12-31') returning id`,
        [params["/admin/leads/:id"], JSON.stringify(makeProposalContent())],
      )
    ).rows[0]!.id;
    // The schedule (issue 31 item 3): the lead booked online on the next weekday, and a day off with a note after it.
    await pool.query(
      `update leads set appointment_date = d.day, appointment_start = '10:00', appointment_end = '12:00', appointment_status = 'confirmed',
         appointment_booked_online = true
       from (select min(day)::date as day from generate_series(current_date + 1, current_date + 7, interval '1 day') day where extract(isodow from day) between 1 and 5) d
       where leads.id = $1`,
      [params["/admin/leads/:id"]],
    );
    await pool.query(
      `insert into schedule_days_off (day, note) select appointment_date + 1, 'Crew training at the supplier, all day; the office answers the phone' from leads where id = $1`,
      [params["/admin/leads/:id"]],
    );
    params["/admin/contracts/sources/:id"] = (await pool.query<{ id: string }>("select id from contract_sources order by name limit 1")).rows[0]!.id;
  });

  test("no sideways scrolling, every control on screen and at least 24 x 24, no axe violations", { timeout: 300_000 }, async () => {
    const screens = adminScreens(routeConfig);
    expect(screens.length).toBeGreaterThan(20);
    const page = await staff.page({ viewport: PHONE });
    const report: string[] = [];
    const failures: string[] = [];
    for (const screen of screens) {
      const url = screen.pattern
        .split("/")
        .filter((segment) => !segment.endsWith("?")) // optional parameters: the screen without them
        .map((segment) => {
          if (!segment.startsWith(":")) return segment;
          const value = params[screen.pattern];
          if (!value) throw new Error(`No value for ${segment} of ${screen.pattern} (${screen.file}): add a row for it in beforeAll`);
          return value;
        })
        .join("/");
      await staff.goto(page, url);
      const m = await measure(page);
      const smallest = m.smallest ? `${m.smallest.width}x${m.smallest.height} ("${m.smallest.label}")` : "-";
      report.push(`| ${url.replace(/[0-9a-f-]{36}/, ":id")} | ${m.scrollWidth}/${m.clientWidth} | ${smallest} | ${m.checked} | ${m.problems.length ? m.problems.length : "ok"} |`);
      if (m.scrollWidth > m.clientWidth) failures.push(`${url}: the page is ${m.scrollWidth} px wide in a ${m.clientWidth} px viewport`);
      for (const problem of m.problems) failures.push(`${url}: ${problem}`);
      try {
        await expectNoAxeViolations(page, AXE);
      } catch (error) {
        failures.push(`${url}: ${(error as Error).message.split("\n").slice(0, 4).join(" / ")}`);
      }
    }
    const text = [
      `# Admin screens at ${PHONE.width}x${PHONE.height} (tests/e2e/admin-phone-width.test.ts)`,
      "",
      "| screen | page width (scroll/client px) | smallest target | controls checked | problems |",
      "| --- | --- | --- | --- | --- |",
      ...report,
      "",
      ...(failures.length ? ["Problems:", ...failures.map((f) => `- ${f}`)] : ["No problems."]),
      "",
    ].join("\n");
    fs.mkdirSync(path.join(REPO_ROOT, "test-results"), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, "test-results", "admin-phone-width.md"), text);
    console.log(text);
    expect(failures).toEqual([]);
  });
});
