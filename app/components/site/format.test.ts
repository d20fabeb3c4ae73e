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

  it("formats the accredited-since date without a time-zone shift", () => {
    expect(formatIsoDate("2019-03-14")).toBe("March 14, 2019");
    expect(formatIsoDate("2019-01-01")).toBe("January 1, 2019");
    expect(formatIsoDate("since 2019")).toBe("since 2019");
  });

  it("counts complaints", () => {
    expect(formatComplaints(0)).toBe("0 complaints");
    expect(formatComplaints(1)).toBe("1 complaint");
  });
});
