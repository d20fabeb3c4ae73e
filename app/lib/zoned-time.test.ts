import { describe, expect, it } from "vitest";
import { formatCompanyTime, fromZonedLocal, toZonedLocal } from "./zoned-time";

describe("company time (America/New_York)", () => {
  it("turns a wall-clock time into its UTC instant, in winter and in summer", () => {
    expect(fromZonedLocal("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(fromZonedLocal("2026-07-01T09:00:30")?.toISOString()).toBe("2026-07-01T13:00:30.000Z");
  });

  it("refuses a time skipped when the clocks move forward, and takes the first of a repeated one", () => {
    expect(fromZonedLocal("2026-03-08T02:30")).toBeNull();
    expect(fromZonedLocal("2026-11-01T01:30")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const bad of ["", "2026-12-01", "2026-12-01 09:00", "2026-13-01T09:00", "2026-02-30T09:00", "2026-12-01T24:00"]) expect(fromZonedLocal(bad), bad).toBeNull();
  });

  it("shows an instant as the form and the cards do", () => {
    expect(toZonedLocal(new Date("2026-12-01T14:00:00Z"))).toBe("2026-12-01T09:00");
    expect(toZonedLocal(new Date("2026-07-01T13:00:30Z"))).toBe("2026-07-01T09:00:30");
    expect(formatCompanyTime("2026-12-01T14:00:00Z")).toBe("Dec 1, 2026, 9:00 AM EST");
  });
});
