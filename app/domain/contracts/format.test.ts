import { describe, expect, it } from "vitest";
import { companyDay, contractStatusLabel, formatContractDate, formatContractDateTime, formatContractLocation, formatContractValue, isClosingSoon } from "./format";

describe("contract formats", () => {
  it("shows values as whole US dollars, or N/A", () => {
    expect(formatContractValue(250000.75)).toBe("$250,001");
    expect(formatContractValue(0)).toBe("$0");
    expect(formatContractValue(1234567.49)).toBe("$1,234,567");
    expect(formatContractValue(null)).toBe("N/A");
  });

  it("uses the company's calendar and clock (America/New_York)", () => {
    expect(companyDay(new Date("2026-11-26T03:00:00Z"))).toBe("2026-11-25");
    expect(companyDay("2026-07-01T04:30:00Z")).toBe("2026-07-01");
    expect(formatContractDate("2026-03-12T03:30:00Z")).toBe("Mar 11, 2026");
    expect(formatContractDateTime("2026-12-01T21:00:00Z")).toBe("Dec 1, 2026, 4:00 PM EST");
    expect(formatContractDateTime("2026-07-01T20:00:00Z")).toBe("Jul 1, 2026, 4:00 PM EDT");
    expect(formatContractDate(null)).toBe("N/A");
  });

  it("joins city and state, labels statuses, and knows a deadline closing soon", () => {
    expect(formatContractLocation("Columbus", "OH")).toBe("Columbus, OH");
    expect(formatContractLocation(null, "OH")).toBe("OH");
    expect(formatContractLocation(null, null)).toBe("");
    expect(contractStatusLabel("awarded")).toBe("Awarded");
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(isClosingSoon("2026-11-30T12:00:00Z", 7, now)).toBe(true);
    expect(isClosingSoon("2026-12-03T12:00:00Z", 7, now)).toBe(false);
    expect(isClosingSoon("2026-11-24T12:00:00Z", 7, now)).toBe(false);
    expect(isClosingSoon(null, 7, now)).toBe(false);
  });
});
