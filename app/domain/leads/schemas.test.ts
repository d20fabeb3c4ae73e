import { describe, expect, it } from "vitest";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { isSitePath } from "~/lib/url-safety";
import { INSPECTION_TEXT } from "./options";
import {
  addNoteSchema,
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

describe("characters in text fields (the shared rules of ~/lib/text-fields.ts)", () => {
  function errorOf(name: string, value: string): string | undefined {
    const result = parseInspectionFields(fields({ ...VALID, [name]: value }));
    expect(result.ok, `${name} = ${JSON.stringify(value)}`).toBe(false);
    return result.ok ? undefined : result.error.fieldErrors[name];
  }

  it("refuses an email with a NUL byte, even a trailing one, instead of trimming or stripping it", () => {
    expect(errorOf("email", "a@example.com\u0000")).toBe(TEXT_ERRORS.control);
    expect(errorOf("email", "a@exa\u0000mple.com")).toBe(TEXT_ERRORS.control);
    expect(errorOf("email", "\u0000a@example.com")).toBe(TEXT_ERRORS.control);
  });

  it("refuses text-direction overrides and isolates", () => {
    expect(errorOf("email", "\u202eevil@example.com")).toBe(TEXT_ERRORS.bidi);
    expect(errorOf("email", "moc.elpmaxe@\u202e")).toBe(TEXT_ERRORS.bidi);
    expect(errorOf("firstName", "Ja\u2066ne")).toBe(TEXT_ERRORS.bidi);
    expect(errorOf("message", "Leak \u202dnear the chimney")).toBe(TEXT_ERRORS.bidi);
  });

  it("refuses tabs and line breaks in one-line fields, other control characters everywhere, and lone surrogates", () => {
    expect(errorOf("firstName", "Ja\tne")).toBe(TEXT_ERRORS.control);
    expect(errorOf("lastName", "Doe\n")).toBe(TEXT_ERRORS.control);
    expect(errorOf("phone", "614\t555 0147")).toBe(TEXT_ERRORS.control);
    expect(errorOf("email", "jane@example.com\r\nBcc: x@example.com")).toBe(TEXT_ERRORS.control);
    expect(errorOf("insuranceCompany", "State\u0007Farm")).toBe(TEXT_ERRORS.control);
    expect(errorOf("claimNumber", "A\u2028B")).toBe(TEXT_ERRORS.control);
    expect(errorOf("message", "Leak\u0000")).toBe(TEXT_ERRORS.controlMultiline);
    expect(errorOf("firstName", "\ud800x")).toBe(TEXT_ERRORS.surrogate);
  });

  it("accepts tabs and line breaks in the message, NFC-normalises and collapses spaces in one-line fields", () => {
    const result = parseInspectionFields(
      fields({ ...VALID, firstName: "  Mary  Ann ", lastName: "Cafe\u0301", message: "Leak:\tattic\r\nand\tgarage\n\nThanks" }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({ firstName: "Mary Ann", lastName: "Café", message: "Leak:\tattic\nand\tgarage\n\nThanks" });
  });

  it("applies the same rules to the staff's notes", () => {
    expect(addNoteSchema.parse({ intent: "add-note", body: " Called\tback\r\nNo answer " }).body).toBe("Called\tback\nNo answer");
    expect(addNoteSchema.safeParse({ intent: "add-note", body: "Called\u0000" }).error?.issues[0]?.message).toBe(TEXT_ERRORS.controlMultiline);
    expect(addNoteSchema.safeParse({ intent: "add-note", body: "  " }).error?.issues[0]?.message).toBe("Write a note first.");
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
    ["email", "jane.doe@example.com\u0000"],
    ["email", "\u202ejane.doe@example.com"],
    ["phone", "(614)\t555-0147"],
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

  it.each([
    ["2026-02-30", "February 2026 has no 30th: it has 28 days."],
    ["2019-02-31", "February 2019 has no 31st: it has 28 days."],
    ["2021-02-29", "February 2021 has no 29th: 2021 is not a leap year."],
    ["2019-04-31", "April 2019 has no 31st: it has 30 days."],
    ["2019-13-01", "There is no month 13: months run from 01 to 12."],
    ["3026-01-01", "The date of loss cannot be in the future."],
    ["1989-12-31", "The date of loss cannot be before 1990."],
    ["yesterday", "Enter the date as YYYY-MM-DD, like 2019-03-14."],
  ])("a refused date of loss %s names its problem", (value, message) => {
    const result = parseInspectionFields(fields({ ...VALID, dateOfLoss: value }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.fieldErrors.dateOfLoss).toBe(message);
  });

  it("accepts a leap day", () => {
    expect(parseInspectionFields(fields({ ...VALID, dateOfLoss: "2024-02-29" })).ok).toBe(true);
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
    expect(["/", "/a?b=c#d"].every(isSitePath)).toBe(true);
    expect(["//x", "/\\x", "https://x", "x", "/a b", "/\u0000"].some(isSitePath)).toBe(false);
  });
});

describe("the lead list query", () => {
  it("keeps valid filters and drops invalid ones", () => {
    const query = parseLeadListQuery(
      new URLSearchParams("q=%20Jane%20%20%20&status=won&service=bogus&insurance=yes&from=2026-01-01&to=2026-13-01&page=2&x=1"),
    );
    expect(query).toEqual({ q: "Jane", status: "won", service: undefined, insurance: "yes", from: "2026-01-01", to: undefined, page: 2 });
    expect(leadListSearch(query)).toBe("?q=Jane&status=won&insurance=yes&from=2026-01-01&page=2");
    expect(leadListSearch(query, { page: 1 })).toBe("?q=Jane&status=won&insurance=yes&from=2026-01-01");
    expect(parseLeadListQuery(new URLSearchParams("page=-1&service=none")).page).toBeUndefined();
    expect(parseLeadListQuery(new URLSearchParams("service=none")).service).toBe("none");
    expect(parseLeadListQuery(new URLSearchParams("q=Jane%00")).q).toBeUndefined();
  });
});
