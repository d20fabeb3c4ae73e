import { describe, expect, it } from "vitest";
import { INSPECTION_TEXT } from "./options";
import {
  cleanLine,
  cleanMultiline,
  isSafeLocalPath,
  leadListSearch,
  normalizeUsPhone,
  parseInspectionFields,
  parseLeadListQuery,
  validationNotice,
} from "./schemas";

const VALID = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane.doe@example.com",
  phone: "(614) 555-0147",
  service: "",
  message: "",
  submissionKey: "k3Y-abcdefghijklmnop",
};

function fields(values: Record<string, string | string[]>) {
  return new Map(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
}

describe("US phone numbers", () => {
  it.each([
    ["614-555-0147", "+16145550147"],
    ["(614) 555-0147", "+16145550147"],
    ["614.555.0147", "+16145550147"],
    ["6145550147", "+16145550147"],
    ["+1 614 555 0147", "+16145550147"],
    ["1-614-555-0147", "+16145550147"],
    ["+1 (614) 555‑0147", "+16145550147"],
    ["  614 555 0147  ", "+16145550147"],
  ])("normalises %j", (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });

  it.each([
    "555-0147",
    "614-555-014",
    "614-555-01477",
    "+44 20 7946 0958",
    "+2 614 555 0147",
    "614-555-0147 x12",
    "614-CALL-NOW",
    "(014) 555-0147",
    "(614) 055-0147",
    "911-555-0147",
    "1-1-1-1",
    "",
    "+",
    "614\u0000555\u00000147",
    "６１４５５５０１４７",
  ])("refuses %j", (input) => {
    expect(normalizeUsPhone(input)).toBeNull();
  });
});

describe("text cleaning", () => {
  it("removes control characters, bidi overrides and lone surrogates; collapses one-line whitespace", () => {
    expect(cleanLine("  Ja\u0000ne\u202e \t\r\n Doe\u0007 ")).toBe("Jane Doe");
    expect(cleanLine("\ud800x")).toBe("\ufffdx");
    expect(cleanLine("Cafe\u0301")).toBe("Café");
  });
  it("keeps line breaks in multi-line text", () => {
    expect(cleanMultiline("Line 1\r\nLine 2\rLine 3\u0000\n\n\n\n\nEnd  ")).toBe("Line 1\nLine 2\nLine 3\n\n\nEnd");
  });
});

describe("the inspection request", () => {
  it("accepts a valid request and normalises it", () => {
    const result = parseInspectionFields(fields({ ...VALID, service: "roof-repair", message: " Leak\r\nin attic ", hasInsuranceDocs: "on" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      firstName: "Jane",
      email: "jane.doe@example.com",
      phone: "+16145550147",
      service: "roof-repair",
      message: "Leak\nin attic",
      hasInsuranceDocs: true,
      insuranceCompany: null,
      dateOfLoss: null,
      landingPath: null,
    });
  });

  it("reports missing required fields as the spec's Missing Information", () => {
    for (const name of ["firstName", "lastName", "email", "phone"] as const) {
      const missing = parseInspectionFields(fields({ ...VALID, [name]: "  " }));
      expect(missing.ok).toBe(false);
      if (missing.ok) continue;
      expect(missing.error.missingRequired).toBe(true);
      expect(missing.error.fieldErrors[name]).toBe("This field is required.");
      expect(validationNotice(missing.error)).toEqual({ title: INSPECTION_TEXT.missingTitle, message: INSPECTION_TEXT.missingText });
      const absent = parseInspectionFields(fields(Object.fromEntries(Object.entries(VALID).filter(([k]) => k !== name))));
      expect(absent.ok || absent.error.missingRequired).toBe(true);
    }
  });

  it.each([
    ["email", "jane@example"],
    ["email", "jane@@example.com"],
    ["email", "<script>@x.com"],
    ["email", `${"a".repeat(250)}@example.com`],
    ["phone", "12345"],
    ["service", "gutters"],
    ["service", "<b>x</b>"],
    ["message", "x".repeat(5_001)],
    ["firstName", "x".repeat(101)],
    ["firstName", "\u200b\u200b"],
    ["lastName", "12345"],
    ["lastName", "\u0000\u202e"],
    ["hasInsuranceDocs", "maybe"],
    ["dateOfLoss", "2026-02-30"],
    ["dateOfLoss", "3026-01-01"],
    ["dateOfLoss", "yesterday"],
    ["submissionKey", "short"],
    ["submissionKey", "has spaces in the key!!"],
    ["formId", "../etc"],
    ["referrer", "x".repeat(2_001)],
  ])("refuses %s = %j", (name, value) => {
    const result = parseInspectionFields(fields({ ...VALID, [name]: value }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.error.fieldErrors)).toContain(name);
  });

  it("refuses unknown fields and fields sent twice", () => {
    const extra = parseInspectionFields(fields({ ...VALID, isAdmin: "true" }));
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.error.fieldErrors._form).toMatch(/isAdmin/);
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const sneaky = parseInspectionFields(new Map([...fields(VALID), [name, ["1"]]]));
      expect(sneaky.ok, name).toBe(false);
      expect(Object.prototype).not.toHaveProperty("polluted");
    }
    const twice = parseInspectionFields(fields({ ...VALID, email: ["a@example.com", "b@example.com"] }));
    expect(twice.ok).toBe(false);
    if (!twice.ok) {
      expect(twice.error.fieldErrors.email).toMatch(/twice/);
      expect(twice.error.missingRequired).toBe(false);
    }
  });

  it("keeps attribution only when it is safe", () => {
    const ok = parseInspectionFields(fields({ ...VALID, landingPath: "/about?utm_source=google", referrer: "https://www.google.com/search?q=roof" }));
    expect(ok.ok && [ok.data.landingPath, ok.data.referrer]).toEqual(["/about?utm_source=google", "https://www.google.com/search?q=roof"]);
    const dropped = parseInspectionFields(fields({ ...VALID, landingPath: "//evil.example/x", referrer: "javascript:alert(1)" }));
    expect(dropped.ok && [dropped.data.landingPath, dropped.data.referrer]).toEqual([null, null]);
    expect(["/", "/a?b=c#d"].every(isSafeLocalPath)).toBe(true);
    expect(["//x", "/\\x", "https://x", "x", "/a b", "/\u0000"].some(isSafeLocalPath)).toBe(false);
  });
});

describe("the lead list query", () => {
  it("keeps valid filters and drops invalid ones", () => {
    const query = parseLeadListQuery(
      new URLSearchParams("q=%20Jane%20&status=won&service=bogus&insurance=yes&from=2026-01-01&to=2026-13-01&page=2&x=1"),
    );
    expect(query).toEqual({ q: "Jane", status: "won", service: undefined, insurance: "yes", from: "2026-01-01", to: undefined, page: 2 });
    expect(leadListSearch(query)).toBe("?q=Jane&status=won&insurance=yes&from=2026-01-01&page=2");
    expect(leadListSearch(query, { page: 1 })).toBe("?q=Jane&status=won&insurance=yes&from=2026-01-01");
    expect(parseLeadListQuery(new URLSearchParams("page=-1&service=none")).page).toBeUndefined();
    expect(parseLeadListQuery(new URLSearchParams("service=none")).service).toBe("none");
  });
});
