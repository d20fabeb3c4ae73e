import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "./defaults";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS as K } from "./keys";
import { mapSettingsRows, type SettingWarning } from "./map-settings-rows";
import { siteValueProblem } from "./required-settings";
import { daysInMonth, ordinal, pastDateProblem, PUBLIC_SETTINGS_SCHEMA, SITE_SETTINGS_SCHEMA } from "./setting-schemas";

/**
 * The settings schema (issue 19 item 7): one zod schema for the settings the
 * site reads, whose rules Site Settings saves with and the public read model
 * reads with; dates checked against the real calendar.
 */

const NOW = Date.UTC(2026, 10, 27, 12);

/** The reference: a date is real when Date.UTC gives back the same year, month and day. */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

describe("dates", () => {
  it("agrees with the calendar on every day number of every month from 1900 to 2026 (leap years included)", () => {
    let real = 0;
    for (let year = 1900; year <= 2025; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const value = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
          const problem = pastDateProblem(value, NOW);
          expect(problem === null, value).toBe(isRealDate(year, month, day));
          if (problem === null) real += 1;
          else expect(problem, value).toBe(`${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][month - 1]} ${year} has no ${ordinal(day)} day: it has ${daysInMonth(year, month)} days.`);
        }
      }
    }
    // 126 years, 31 of them leap years (1900 is not one, 2000 is).
    expect(real).toBe(126 * 365 + 31);
  });

  it("names what is wrong in words", () => {
    expect(pastDateProblem("2019-02-31", NOW)).toBe("February 2019 has no 31st day: it has 28 days.");
    expect(pastDateProblem("2024-02-30", NOW)).toBe("February 2024 has no 30th day: it has 29 days.");
    expect(pastDateProblem("2019-06-31", NOW)).toBe("June 2019 has no 31st day: it has 30 days.");
    expect(pastDateProblem("2019-01-32", NOW)).toBe("January 2019 has no 32nd day: it has 31 days.");
    expect(pastDateProblem("2019-00-10", NOW)).toBe("There is no month 0: enter the date as YYYY-MM-DD, like 2019-03-14.");
    expect(pastDateProblem("2019-3-14", NOW)).toBe("Enter the date as YYYY-MM-DD, like 2019-03-14.");
    expect(pastDateProblem("1899-12-31", NOW)).toBe("Enter a date from the year 1900 on.");
    expect(pastDateProblem("2026-11-28", NOW)).toBeNull(); // already "today" east of UTC
    expect(pastDateProblem("2026-11-29", NOW)).toBe("Enter a date that is not in the future.");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"]);
  });
});

describe("one schema for saving and reading", () => {
  it("has a rule for every setting the site reads", () => {
    expect(Object.keys(PUBLIC_SETTINGS_SCHEMA.shape).sort()).toEqual(Object.values(K).sort());
    expect(Object.keys(SITE_SETTINGS_SCHEMA.shape).sort()).toEqual([...Object.values(K), ...Object.values(PRIVATE_SETTING_KEYS)].sort());
  });

  /** Values staff might type for each kind of setting, good and bad. */
  const CANDIDATES = [
    "", "  ", "x", "Buckeye Valor Roofing", "call us", "(614) 555-0199", "+44 20 7946 0958", "office@example.com", "office@", "nobody",
    "24", "-1", "2.5", "1e3", "40.0992", "-83.1141", "91", "-180.5", "0", "2019-03-14", "2019-02-31", "2020-02-29", "2019-02-29", "March 2019",
    "https://example.com/a", "javascript:alert(1)", "//evil.example/x", "/images/x.svg", "ftp://example.com", "[]", "[not json",
    '["Columbus", "Dublin"]', "Columbus, Dublin", '[{"days": ["Monday"], "opens": "08:00", "closes": "17:00"}]', '[{"days": ["Funday"], "opens": "08:00", "closes": "17:00"}]',
    '{"open": "always"}', "{}", '{"facebook": "https://facebook.com/example"}', '{"x": "javascript:alert(1)"}', '{"bad key!": "https://a.b"}', "A".repeat(5001),
  ];

  it("refuses at save exactly what the public site would replace with its default, with the same message", () => {
    for (const key of Object.values(K)) {
      for (const value of CANDIDATES) {
        const warnings: SettingWarning[] = [];
        mapSettingsRows([{ settingKey: key, settingValue: value }], (w) => warnings.push(w));
        const readProblem = warnings.find((w) => w.key === key && w.problem === "malformed" && !w.detail?.startsWith("Enter both the latitude"))?.detail ?? null;
        expect(siteValueProblem(key, value), `${key} = ${JSON.stringify(value).slice(0, 60)}`).toBe(readProblem);
      }
    }
  });

  it("reads the seeded values as the defaults", () => {
    expect(siteValueProblem(K.accreditationAccreditedSince, DEFAULT_PUBLIC_SITE_SETTINGS.accreditation.accreditedSince)).toBeNull();
    expect(siteValueProblem(PRIVATE_SETTING_KEYS.leadAlertEmail, "leads@example.com")).toBeNull();
    expect(siteValueProblem(PRIVATE_SETTING_KEYS.leadAlertEmail, "nobody")).toBe("Enter an email address, like office@example.com.");
    expect(siteValueProblem(PRIVATE_SETTING_KEYS.reviewRequestUrl, "")).toBeNull();
    expect(siteValueProblem(PRIVATE_SETTING_KEYS.reviewRequestUrl, "https://g.page/r/buckeye-valor/review")).toBeNull();
    expect(siteValueProblem(PRIVATE_SETTING_KEYS.reviewRequestUrl, "http://g.page/r/buckeye-valor/review")).toBe("Enter a full web address starting with https://, or leave it empty.");
    expect(siteValueProblem("not_read_by_the_site", "anything")).toBeNull();
  });
});
