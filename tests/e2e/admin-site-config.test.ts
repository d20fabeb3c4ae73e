import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, useStaff } from "../support/staff";

/**
 * /admin/site-config in Chromium against the production server (ADR 020):
 * opened from the dashboard's Site Configuration card, prefilled with the
 * seeded facts; a bad phone number, email address, URL and opening hours
 * each get their message and the first invalid field the focus, and nothing
 * is saved; a save shows the toast and the public footer, contact page and
 * JSON-LD show the new values on the very next anonymous request (served from
 * the page cache, which the change clears); the private lead alert address
 * is on no public page; axe finds nothing.
 */

const SECRET = "admin-site-config-e2e-secret-0123456789abcdefghij";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-site-config-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Cora", lastName: "Config" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const NEW_PHONE = "614.555.0199";
const NEW_EMAIL = "hello@buckeyevalorroofing.com";
const PRIVATE_ALERT_EMAIL = "private-lead-alerts-7731@buckeyevalorroofing.com";
const NEW_FACEBOOK = "https://www.facebook.com/buckeyevalorroofing-e2e";
const PUBLIC_PAGES = ["/", "/contact", "/about", "/services", "/team", "/gallery", "/privacy", "/terms", "/gaf", "/sitemap.xml"];

function form(page: Page): Locator {
  return page.getByRole("form", { name: "Site Configuration" });
}

async function openScreen(page: Page) {
  await staff.goto(page, "/admin/site-config");
  await form(page).waitFor();
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(match, "a JSON-LD script").not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

async function auditCount(): Promise<number> {
  const { rows } = await staff.pool().query<{ n: number }>("select count(*)::int as n from audit_log where action = 'site_config.update'");
  return rows[0]!.n;
}

async function setting(key: string): Promise<{ value: string; isPublic: boolean }> {
  const { rows } = await staff.pool().query<{ value: string; is_public: boolean }>(
    "select setting_value as value, is_public from cms_site_settings where setting_key = $1",
    [key],
  );
  return { value: rows[0]!.value, isPublic: rows[0]!.is_public };
}

describe("site configuration", () => {
  test("opens from the dashboard, prefilled with the seeded facts, with no axe violations", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    await page.getByRole("link", { name: "Open Site Configuration" }).click();
    await page.waitForURL(/\/admin\/site-config$/);
    await form(page).waitFor();
    expect(await page.title()).toBe("Site Configuration");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Site Configuration");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(await form(page).getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "Business",
      "Address and Location",
      "Service Area and Hours",
      "Accreditation",
      "Certification",
      "Social Links",
      "Review Requests",
      "Proposals",
    ]);

    const f = form(page);
    expect(await f.getByLabel("Business Name", { exact: true }).inputValue()).toBe("Buckeye Valor Roofing");
    expect(await f.getByLabel("Phone").inputValue()).toBe("(614) 555-0147");
    expect(await f.getByLabel("Public Email").inputValue()).toBe("office@buckeyevalorroofing.com");
    expect(await f.getByLabel("Lead Alert Email").inputValue()).toBe("office@buckeyevalorroofing.com");
    expect(await f.getByLabel("Street Address").inputValue()).toBe("4150 Tuller Rd, Suite 210");
    expect(await f.getByLabel("City").inputValue()).toBe("Dublin");
    expect(await f.getByLabel("State").inputValue()).toBe("OH");
    expect(await f.getByLabel("ZIP Code").inputValue()).toBe("43017");
    expect(await f.getByLabel("Latitude").inputValue()).toBe("40.0992");
    expect(await f.getByLabel("Longitude").inputValue()).toBe("-83.1141");
    expect((await f.getByLabel("Service Area").inputValue()).split("\n")).toContain("Franklin County");
    expect(await f.getByLabel("Opening Hours").inputValue()).toBe("Monday-Friday 07:00-18:00\nSaturday 08:00-14:00");
    expect(await f.getByLabel("Rating").inputValue()).toBe("A-");
    expect(await f.getByLabel("Accredited Since").inputValue()).toBe("2019-03-14");
    expect(await f.getByLabel("Certification Name").inputValue()).toBe("GAF Certified Contractor");
    expect(await f.getByLabel("Facebook").inputValue()).toBe("");
    // Private, like the lead alert address: the review request email's link (issue 22); blank on a new site.
    expect(await f.getByLabel("Review link").inputValue()).toBe("");
    expect(await f.getByRole("button", { name: "Save Configuration" }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("a bad phone, email, URL and opening hours: a message under each, the first one focused, nothing saved", async () => {
    const page = await staff.page();
    await openScreen(page);
    const audits = await auditCount();
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const f = form(page);
    await f.getByLabel("Phone").fill("555-0147");
    await f.getByLabel("Public Email").fill("office@");
    await f.getByLabel("Facebook").fill("javascript:alert(1)");
    await f.getByLabel("Opening Hours").fill("Mon-Fri 7am-6pm");
    await f.getByRole("button", { name: "Save Configuration" }).click();

    await f.getByText("Enter a US phone number with its area code, like (614) 555-0123.").waitFor();
    expect(await f.getByText("Enter an email address, like office@example.com.").count()).toBe(1);
    expect(await f.getByText("Enter a full web address starting with http:// or https://.").count()).toBe(1);
    expect(await f.getByText("Line 1 (“Mon-Fri 7am-6pm”) is not like “Monday-Friday 07:00-18:00”.").count()).toBe(1);
    for (const label of ["Phone", "Public Email", "Facebook", "Opening Hours"]) {
      expect(await f.getByLabel(label).getAttribute("aria-invalid"), label).toBe("true");
    }
    // The message is announced with its field.
    const phoneDescription = await f.getByLabel("Phone").getAttribute("aria-describedby");
    expect(await page.locator(`[id="${phoneDescription!.split(" ").at(-1)}"]`).innerText()).toContain("Enter a US phone number");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("phone");
    expect(posts).toBe(0);
    await expectNoAxeViolations(page);

    // The server refuses the same on its own (a submission that skipped the browser's check).
    const response = await fetch(`${app().url}/admin/site-config.data`, {
      method: "POST",
      headers: { cookie: staff.cookieHeader(), origin: app().url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-site-configuration", phone: "555-0147" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Failed to save site configuration. Please try again.");

    expect(await auditCount()).toBe(audits);
    expect((await setting("phone")).value).toBe("(614) 555-0147");
    expect((await setting("email")).value).toBe("office@buckeyevalorroofing.com");
  });

  test("a save shows the toast; the footer, contact page and JSON-LD show the new facts on the next request; the lead alert address stays private", async () => {
    // The public pages are in the page cache before the change.
    for (const url of ["/", "/contact"]) expect(await staff.publicHtml(url)).toContain("(614) 555-0147");

    const page = await staff.page();
    await openScreen(page);
    const audits = await auditCount();
    const f = form(page);
    await f.getByLabel("Phone").fill(NEW_PHONE);
    await f.getByLabel("Public Email").fill(NEW_EMAIL);
    await f.getByLabel("Lead Alert Email").fill(PRIVATE_ALERT_EMAIL);
    await f.getByLabel("Opening Hours").fill("Monday-Thursday 08:00-17:00\nFriday 08:00-12:00");
    await f.getByLabel("Facebook").fill(NEW_FACEBOOK);
    await f.getByRole("button", { name: "Save Configuration" }).click();
    await expectToast(page, "Site configuration saved successfully!", "Success");

    // One audit entry, listing the keys that changed (never the private address).
    expect(await auditCount()).toBe(audits + 1);
    const { rows } = await staff.pool().query<{ details: { changed: string[] } }>(
      "select details from audit_log where action = 'site_config.update' order by occurred_at desc limit 1",
    );
    expect(rows[0]!.details.changed).toEqual(["phone", "email", "lead_alert_email", "opening_hours", "social_links"]);
    expect(JSON.stringify(rows[0]!.details)).not.toContain(PRIVATE_ALERT_EMAIL);
    expect(await setting("lead_alert_email")).toEqual({ value: PRIVATE_ALERT_EMAIL, isPublic: false });

    // The form shows what was saved (the phone in its one written form).
    await staff.reload(page);
    await form(page).waitFor();
    expect(await form(page).getByLabel("Phone").inputValue()).toBe("(614) 555-0199");
    expect(await form(page).getByLabel("Lead Alert Email").inputValue()).toBe(PRIVATE_ALERT_EMAIL);

    const home = await staff.publicHtml("/");
    const footer = /<footer[\s\S]*<\/footer>/.exec(home)![0];
    expect(footer).toContain("(614) 555-0199");
    expect(footer).toContain('href="tel:+16145550199"');
    expect(footer).toContain(`href="mailto:${NEW_EMAIL}"`);
    expect(footer).not.toContain("(614) 555-0147");

    const contact = await staff.publicHtml("/contact");
    const main = /<main[\s\S]*<\/main>/.exec(contact)![0];
    expect(main).toContain("(614) 555-0199");
    expect(main).toContain(`href="mailto:${NEW_EMAIL}"`);

    for (const html of [home, contact]) {
      expect(jsonLd(html)).toMatchObject({
        "@type": "RoofingContractor",
        telephone: "+16145550199",
        email: NEW_EMAIL,
        openingHoursSpecification: [
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "08:00", closes: "17:00" },
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "08:00", closes: "12:00" },
        ],
        sameAs: [NEW_FACEBOOK],
      });
    }

    for (const url of PUBLIC_PAGES) {
      const html = await staff.publicHtml(url);
      expect(html, url).not.toContain(PRIVATE_ALERT_EMAIL);
      expect(html, url).not.toContain("private-lead-alerts");
    }
    // Nor in the signed-in copy of a public page.
    const signedIn = await fetch(`${app().url}/contact`, { headers: { cookie: staff.cookieHeader() } });
    expect(await signedIn.text()).not.toContain(PRIVATE_ALERT_EMAIL);
  });
});
