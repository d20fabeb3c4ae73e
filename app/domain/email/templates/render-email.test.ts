import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { absoluteHttpUrl } from "~/lib/url-safety";
import { escapeHtml, html } from "./html.server";
import { defineEmailTemplate, renderEmail } from "./render-email.server";

const savedEnv = { ...process.env };

describe("email templates", () => {
  beforeEach(() => {
    process.env.MAIL_FROM = `"Buckeye <Roofing>" <no-reply@roofing.test>`;
    process.env.APP_URL = "https://roofing.test";
    resetConfigForTests();
  });
  afterEach(() => {
    process.env = { ...savedEnv };
    resetConfigForTests();
  });

  it("escapes every interpolated value", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    const user = `<script>alert(1)</script>`;
    expect(html`<p>${user}</p>`.value).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(html`<div>${html`<b>${user}</b>`}</div>`.value).toBe("<div><b>&lt;script&gt;alert(1)&lt;/script&gt;</b></div>");
    // Something that merely looks like SafeHtml is still text.
    const fake = { value: "<i>x</i>" } as unknown as string;
    expect(html`${fake}`.value).not.toContain("<i>");
  });

  it("renders title, paragraphs, action and brand as text in HTML and plain text", () => {
    const payload = `"><img src=x onerror=alert(1)>`;
    const email = renderEmail({
      title: `Lead ${payload}`,
      paragraphs: [`Message: ${payload}`],
      action: { label: payload, url: "/admin/leads/7?x=<y>" },
      footerNote: payload,
    });
    expect(email.html).not.toMatch(/<img/i);
    // The business name (MAIL_FROM's display name) is text too.
    expect(email.html).toContain(">Buckeye &lt;Roofing&gt;</td>");
    expect(email.text.startsWith("Buckeye <Roofing>\n")).toBe(true);
    expect(email.html).toContain('href="https://roofing.test/admin/leads/7?x=%3Cy%3E"');
    expect(email.text).toContain(`Message: ${payload}`);
    expect(email.text).toContain("https://roofing.test/admin/leads/7?x=%3Cy%3E");
    expect(email.subject).toBe(`Lead ${payload}`);
  });

  it("keeps the subject on one line", () => {
    expect(renderEmail({ title: "Hello\r\nBcc: victim@example.com", paragraphs: [] }).subject).toBe(
      "Hello Bcc: victim@example.com",
    );
  });

  it("refuses links that are not http(s)", () => {
    expect(() => absoluteHttpUrl("javascript:alert(1)")).toThrow();
    expect(() => absoluteHttpUrl("data:text/html,x")).toThrow();
    expect(() => absoluteHttpUrl("//evil.test/x")).toThrow();
    // A path that a browser reads as another host ("\\" and tabs become "/") is not resolved on the site.
    expect(() => absoluteHttpUrl("/\\evil.test/x", "https://roofing.test")).toThrow();
    expect(() => absoluteHttpUrl("/\t/evil.test/x", "https://roofing.test")).toThrow();
    expect(() => renderEmail({ title: "x", paragraphs: [], action: { label: "go", url: "javascript:alert(1)" } })).toThrow();
    expect(absoluteHttpUrl("/a", "https://roofing.test")).toBe("https://roofing.test/a");
  });

  it("builds typed templates", () => {
    const leadAlert = defineEmailTemplate((lead: { name: string }) => ({
      title: "New inspection request",
      paragraphs: [`${lead.name} asked for an inspection.`],
    }));
    const email = leadAlert({ name: "<b>Ann</b>" });
    expect(email.subject).toBe("New inspection request");
    expect(email.html).toContain("&lt;b&gt;Ann&lt;/b&gt; asked for an inspection.");
  });
});
