import { describe, expect, it } from "vitest";
import { formatComplaints, formatDays, formatIsoDate, formatTime } from "./format";

describe("display formatting", () => {
  it("formats opening days and times", () => {
    expect(formatDays(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])).toBe("Mon–Fri");
    expect(formatDays(["Saturday", "Sunday"])).toBe("Sat, Sun");
    expect(formatTime("07:00")).toBe("7 AM");
    expect(formatTime("18:30")).toBe("6:30 PM");
    expect(formatTime("00:00")).toBe("12 AM");
    expect(formatTime("12:00")).toBe("12 PM");
  });

  it("shows a range only for consecutive days", () => {
    expect(formatDays(["Monday", "Wednesday", "Friday"])).toBe("Mon, Wed, Fri");
    expect(formatDays(["Monday", "Tuesday", "Wednesday"])).toBe("Mon–Wed");
    expect(formatDays(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Sunday"])).toBe("Mon–Fri, Sun");
    expect(formatDays(["Monday", "Tuesday", "Thursday", "Friday", "Saturday"])).toBe("Mon, Tue, Thu–Sat");
    expect(formatDays(["Friday", "Monday", "Wednesday", "Tuesday", "Monday"])).toBe("Mon–Wed, Fri");
    expect(formatDays(["Monday", "Holidays"])).toBe("Mon, Holidays");
    expect(formatDays([])).toBe("");
  });

  it("agrees with a simple reference on every set of days (all 128)", () => {
    const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    // The reference: mark the week as "x" (open) and "." (closed), then read each run of x's.
    const reference = (mask: number): string => {
      const marks = week.map((_, i) => ((mask >> i) & 1 ? "x" : ".")).join("");
      const parts: string[] = [];
      for (const run of marks.matchAll(/x+/g)) {
        const names = week.slice(run.index, run.index + run[0].length).map((day) => day.slice(0, 3));
        parts.push(...(names.length >= 3 ? [`${names[0]}–${names.at(-1)}`] : names));
      }
      return parts.join(", ");
    };
    for (let mask = 0; mask < 128; mask++) {
      const days = week.filter((_, i) => (mask >> i) & 1);
      expect(formatDays(days), days.join(",")).toBe(reference(mask));
      expect(formatDays([...days].reverse()), `reversed ${days.join(",")}`).toBe(reference(mask));
    }
  });

  it("formats the accredited-since date without a time-zone shift", () => {
    expect(formatIsoDate("2019-03-14")).toBe("March 14, 2019");
    expect(formatIsoDate("2019-01-01")).toBe("January 1, 2019");
    expect(formatIsoDate("since 2019")).toBe("since 2019");
    // A date the calendar does not have is shown as written, never as another day ("March 3, 2019").
    expect(formatIsoDate("2019-02-31")).toBe("2019-02-31");
    expect(formatIsoDate("2019-02-29")).toBe("2019-02-29");
    expect(formatIsoDate("2020-02-29")).toBe("February 29, 2020");
  });

  it("counts complaints", () => {
    expect(formatComplaints(0)).toBe("0 complaints");
    expect(formatComplaints(1)).toBe("1 complaint");
  });
});
