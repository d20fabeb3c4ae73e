import { describe, expect, it } from "vitest";
import { LEAD_LIMITS, LEAD_PIPELINE_STATUSES, LEAD_SERVICE_VALUES } from "~/db/schema/leads";
import { FORM_LIMITS, formatPhone, PIPELINE_STATUSES, SERVICE_VALUES } from "./options";

describe("client-safe lead options", () => {
  it("match the database schema's value lists and limits", () => {
    expect(SERVICE_VALUES).toEqual(LEAD_SERVICE_VALUES);
    expect(PIPELINE_STATUSES).toEqual(LEAD_PIPELINE_STATUSES);
    expect(FORM_LIMITS.name).toBeLessThanOrEqual(LEAD_LIMITS.name);
    expect(FORM_LIMITS.email).toBeLessThanOrEqual(LEAD_LIMITS.email);
    expect(FORM_LIMITS.phone).toBeLessThanOrEqual(LEAD_LIMITS.phone);
    expect(FORM_LIMITS.message).toBeLessThanOrEqual(LEAD_LIMITS.message);
    // A derived key (key + "." + 22 characters) still fits the column.
    expect(FORM_LIMITS.submissionKey + 23).toBeLessThanOrEqual(LEAD_LIMITS.submissionKey);
  });
  it("formats US numbers", () => {
    expect(formatPhone("+16145550147")).toBe("(614) 555-0147");
    expect(formatPhone("other")).toBe("other");
  });
});
