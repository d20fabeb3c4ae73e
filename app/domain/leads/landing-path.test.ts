import { describe, expect, test } from "vitest";
import { siteOrigin } from "~/lib/site-origin.server";
import { landingPathWithQuery } from "./handle-inspection-request.server";

/** Without JavaScript the landing page's query (UTM) comes from the post's Referer (ADR 039). */
describe("landingPathWithQuery", () => {
  const post = (referer?: string) =>
    new Request(`${siteOrigin()}/contact`, { method: "POST", headers: referer === undefined ? {} : { referer } });

  test("takes the query of the page the form was on, when that is this site's same page", () => {
    expect(landingPathWithQuery("/contact", post(`${siteOrigin()}/contact?utm_source=google&utm_campaign=hail`))).toBe(
      "/contact?utm_source=google&utm_campaign=hail",
    );
    expect(landingPathWithQuery("/", post(`${siteOrigin()}/?utm_source=mailer`))).toBe("/?utm_source=mailer");
  });

  test("keeps what the script sent, and refuses another site's or another page's query", () => {
    expect(landingPathWithQuery("/about?utm_source=a", post(`${siteOrigin()}/about?utm_source=b`))).toBe("/about?utm_source=a");
    expect(landingPathWithQuery("/contact", post("https://evil.example/contact?utm_source=x"))).toBe("/contact");
    expect(landingPathWithQuery("/contact", post(`${siteOrigin()}/about?utm_source=x`))).toBe("/contact");
    expect(landingPathWithQuery("/contact", post("not a url"))).toBe("/contact");
    expect(landingPathWithQuery("/contact", post())).toBe("/contact");
    expect(landingPathWithQuery(null, post(`${siteOrigin()}/contact?utm_source=x`))).toBeNull();
    expect(landingPathWithQuery("/contact", post(`${siteOrigin()}/contact?${"a".repeat(3000)}`))).toBe("/contact");
  });
});
