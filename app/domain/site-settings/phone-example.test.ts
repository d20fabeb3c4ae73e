import { describe, expect, it } from "vitest";
import { phoneExample } from "./phone-example";

describe("a phone field's example", () => {
  it("is a fictional number in the business's area code, never the business's own", () => {
    expect(phoneExample("(614) 555-0147")).toBe("(614) 555-0123");
    expect(phoneExample("+1 937 555 0100")).toBe("(937) 555-0123");
    expect(phoneExample("(440) 555-0123")).toBe("(440) 555-0188");
    expect(phoneExample("call us")).toBe("(614) 555-0123");
  });
});
