import { describe, expect, it } from "vitest";
import { contentTokenValues } from "./content-tokens";
import { parseInline, plainText, splitParagraphs } from "./inline-markup";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "~/domain/site-settings/defaults";

const tokens = contentTokenValues(DEFAULT_PUBLIC_SITE_SETTINGS);

describe("parseInline (the inline markup of CMS texts)", () => {
  it("fills the placeholders from the settings and keeps unknown names as typed", () => {
    expect(parseInline("About {businessName} in {city}, {nope}", tokens)).toEqual([
      { kind: "text", text: `About ${tokens.businessName} in ${tokens.city}, {nope}` },
    ]);
    expect(parseInline("About {businessName}")).toEqual([{ kind: "text", text: "About {businessName}" }]);
  });

  it("makes links of allowed addresses, placeholders included; bold; line breaks", () => {
    expect(parseInline("Email [{email}]({emailHref}) or **call** [{phone}]({phoneHref}).\nSee [terms](/terms).", tokens)).toEqual([
      { kind: "text", text: "Email " },
      { kind: "link", text: tokens.email, href: `mailto:${tokens.email}` },
      { kind: "text", text: " or " },
      { kind: "strong", text: "call" },
      { kind: "text", text: " " },
      { kind: "link", text: tokens.phone, href: tokens.phoneHref },
      { kind: "text", text: "." },
      { kind: "break" },
      { kind: "text", text: "See " },
      { kind: "link", text: "terms", href: "/terms" },
      { kind: "text", text: "." },
    ]);
  });

  it("shows the label of a link whose address is not allowed as plain text", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "//evil.example/x", "vbscript:x", "/\\evil.example"]) {
      expect(parseInline(`[click](${href})`), href).toEqual([{ kind: "text", text: "click" }]);
    }
  });

  it("keeps HTML as text (the renderer escapes it)", () => {
    expect(parseInline('<script>alert("x")</script><img src=x onerror=alert(1)>')).toEqual([
      { kind: "text", text: '<script>alert("x")</script><img src=x onerror=alert(1)>' },
    ]);
  });

  it("plain text drops the markup; intros split at blank lines", () => {
    expect(plainText("**Bold** and [a link](/x)\nnext", tokens)).toBe("Bold and a link next");
    expect(splitParagraphs("One\nstill one\n\n  Two  \n\n\n")).toEqual(["One\nstill one", "Two"]);
  });
});
