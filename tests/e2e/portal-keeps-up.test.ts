import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { createSession, createUser, setUserPassword, TEST_PASSWORD, type TestUser } from "../support/factories";
import { PHONE_HEIC_PATH } from "../support/media-images";
import { waitFor } from "../support/net";
import { SESSION_COOKIE, sessionCookieValue, useStaff } from "../support/staff";

/**
 * A portal that keeps up (issue 31 item 5), in Chromium on a 390 px phone:
 * - a real phone photo (the 5.3 MB iPhone HEIC) added from the portal says "Preparing preview" and has its
 *   Download link at once, and its thumbnail appears when the job worker made it, without a reload; the
 *   page then stops asking. The lead page does the same for staff.
 * - a lapsed session never loses what the homeowner typed: Send takes them to sign in, the page says the
 *   session ended and that the text is kept, and after signing in they are back on the request with the
 *   text in its field (kept by the browser: never in a URL, never on the server before it is sent); it is
 *   then sent and forgotten. Without JavaScript the sign-in page still says the session ended.
 */

const SECRET = "portal-keeps-up-e2e-secret-0123456789abcdefghij";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-keeps-up-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });
const PHONE = { width: 390, height: 844 };

let customer: TestUser;
let leadId = "";

beforeAll(async () => {
  const appDb = drizzle(staff.pool(), { schema, casing: "snake_case" });
  customer = await createUser({ kind: "customer", db: appDb, overrides: { firstName: "Jane", lastName: "D'Arcy" } });
  await setUserPassword(customer, TEST_PASSWORD, { db: appDb });
  const [lead] = await appDb
    .insert(schema.leads)
    .values({ firstName: "Jane", lastName: "D'Arcy", email: customer.email, phone: "+16145550147", submissionKey: `e2e-${crypto.randomUUID()}`, customerUserId: customer.id, message: "Hail last week." })
    .returning({ id: schema.leads.id });
  leadId = lead!.id;
});

/** A phone's browser context, signed in with a fresh session cookie (or not signed in), with or without JavaScript. */
async function phone({ signedIn, javaScriptEnabled = true }: { signedIn: boolean; javaScriptEnabled?: boolean }): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: app().url, viewport: PHONE, javaScriptEnabled });
  context.setDefaultTimeout(20_000);
  if (signedIn) {
    const appDb = drizzle(staff.pool(), { schema, casing: "snake_case" });
    const token = (await createSession(customer, { db: appDb })).token;
    await context.addCookies([{ name: SESSION_COOKIE, value: sessionCookieValue(token, SECRET), domain: "127.0.0.1", path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
  }
  return context;
}

/** Records, in the page, whether `text` was ever shown inside `selector` (however briefly). */
async function watchForText(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, text }) => {
      const w = window as unknown as { sawText?: boolean };
      w.sawText = false;
      const check = () => {
        if (document.querySelector(selector)?.textContent?.includes(text)) w.sawText = true;
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { selector, text },
  );
}

describe("new photos' thumbnails without a reload", () => {
  test("a 5 MB phone photo shows 'Preparing preview' and its Download link at once, then its thumbnail; the polling stops", async () => {
    const context = await phone({ signedIn: true });
    const page = await context.newPage();
    const asked: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/portal/requests/${leadId}/thumbnails`) asked.push(Date.now());
    });
    await page.goto(`/portal/requests/${leadId}`, { waitUntil: "networkidle" });
    await page.getByText("No photos or documents yet.").waitFor();
    // Nothing pending: the page asks nothing.
    expect(asked).toEqual([]);
    // Set in this document: still there at the end means the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await watchForText(page, 'section[aria-labelledby="portal-files"] ul', "Preparing preview");

    const photo = fs.readFileSync(PHONE_HEIC_PATH);
    expect(photo.byteLength).toBeGreaterThan(5_000_000);
    await page.getByLabel("Photos or documents").setInputFiles([{ name: "north-slope.heic", mimeType: "image/heic", buffer: photo }]);
    await page.getByRole("button", { name: "Add files" }).click();
    await page.getByText("1 file was added to your request.").waitFor();
    // At once: the file, its Download link (the original), and the preview being prepared.
    const download = page.getByRole("link", { name: "Download north-slope.heic" });
    await download.waitFor();
    expect(await download.getAttribute("href")).toMatch(new RegExp(`^/portal/requests/${leadId}/files/[0-9a-f-]{36}$`));
    expect(await page.evaluate(() => (window as unknown as { sawText: boolean }).sawText)).toBe(true);

    // The job worker makes the thumbnail; the page shows it without a reload.
    const thumbnail = page.getByRole("img", { name: "north-slope.heic" });
    await thumbnail.waitFor({ timeout: 90_000 });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(480);
    expect(await page.getByText("Preparing preview").count()).toBe(0);
    expect(await page.getByRole("link", { name: "View north-slope.heic" }).getAttribute("href")).toMatch(/\/view$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // It asked every two seconds or so while the thumbnail was made, and stops now that none is pending.
    expect(asked.length).toBeGreaterThan(0);
    const after = asked.length;
    await page.waitForTimeout(4_500);
    expect(asked.length).toBe(after);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    await context.close();
  }, 150_000);

  test("the lead page shows 'Preparing preview' for a photo whose thumbnail is not made yet, then the thumbnail, without a reload", async () => {
    const { rows } = await staff.pool().query<{ id: string }>("select id from lead_attachments where lead_id = $1 and original_name = 'north-slope.heic'", [leadId]);
    const attachmentId = rows[0]!.id;
    // The thumbnail as if still being made (it exists: the job made it in the test above).
    await staff.pool().query("update lead_attachments set thumbnail_status = 'pending' where id = $1", [attachmentId]);
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${leadId}`);
    const section = page.getByRole("region", { name: "Attachments" });
    await section.getByText("Preparing preview").waitFor();
    expect(await section.getByRole("img", { name: "north-slope.heic" }).count()).toBe(0);
    await section.getByRole("link", { name: "Download north-slope.heic" }).waitFor();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await staff.pool().query("update lead_attachments set thumbnail_status = 'ready' where id = $1", [attachmentId]);
    const thumbnail = section.getByRole("img", { name: "north-slope.heic" });
    await thumbnail.waitFor({ timeout: 15_000 });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(480);
    expect(await section.getByText("Preparing preview").count()).toBe(0);
    await section.getByRole("link", { name: "View north-slope.heic" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }, 60_000);
});

describe("a lapsed session keeps what the homeowner typed", () => {
  const TEXT = "Can you also look at the gutter on the north side? Thursday after 3 works.";

  async function signIn(page: Page) {
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  test("with JavaScript: Send after the session lapsed -> sign in ('your session ended') -> back with the text -> sent", async () => {
    const context = await phone({ signedIn: false });
    const page = await context.newPage();
    const urls: string[] = [];
    const posted: string[] = [];
    page.on("request", (request) => {
      urls.push(request.url());
      if (request.method() === "POST") posted.push(`${request.url()} ${request.postData() ?? ""}`);
    });

    // Signed out: sent to sign in, with no word of a session that ended.
    await page.goto(`/portal/requests/${leadId}`);
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/portal/requests/${leadId}`);
    expect(await page.getByText("Your session ended.").count()).toBe(0);
    await signIn(page);
    await page.waitForURL((url) => url.pathname === `/portal/requests/${leadId}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Typed once the page has hydrated: the draft is kept by the page's script (a loaded machine hydrates late).
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    });

    const field = page.getByLabel("Your message");
    await field.fill(TEXT);
    // The session lapses (its row is gone, as the idle timeout deletes it) while the text waits to be sent.
    await staff.pool().query("delete from sessions where user_id = $1", [customer.id]);
    await page.getByRole("button", { name: "Send message" }).click();

    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/portal/requests/${leadId}`);
    const notice = page.getByRole("status").filter({ hasText: "Your session ended." });
    await expect.poll(() => notice.textContent()).toBe("Your session ended. Sign in again to continue; what you wrote is kept.");
    expect((await staff.pool().query("select count(*)::int as n from lead_messages where lead_id = $1", [leadId])).rows[0].n).toBe(0);
    await expectNoAxeViolations(page);

    await signIn(page);
    await page.waitForURL((url) => url.pathname === `/portal/requests/${leadId}`);
    await expect.poll(() => field.inputValue()).toBe(TEXT);
    // The restored field has the focus: the homeowner is where they left off.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.locator("#portal-messages-answer").getByText("Your message was sent. We answer by email and here.").waitFor();
    await waitFor(async () => (await staff.pool().query("select body from lead_messages where lead_id = $1", [leadId])).rows[0]?.body === TEXT || undefined, {
      timeoutMs: 10_000,
      message: "the message stored",
    });
    // Sent: the browser keeps nothing of it any more.
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("portal-draft:")).map((k) => sessionStorage.getItem(k)))).toEqual([]);
    await expect.poll(() => field.inputValue()).toBe("");
    // The text never went into an address, nor to the server other than in the one Send that was accepted.
    const words = ["gutter on the north side", encodeURIComponent("gutter on the north side"), "gutter+on+the+north+side"];
    expect(urls.filter((url) => words.some((w) => url.includes(w)))).toEqual([]);
    expect(posted.filter((p) => words.some((w) => p.includes(w))).length).toBe(2); // the refused Send and the accepted one
    expect(posted.filter((p) => new URL(p.split(" ")[0]!).pathname.startsWith("/auth") && words.some((w) => p.includes(w)))).toEqual([]);
    await context.close();
  }, 90_000);

  test("without JavaScript: the form posts, and the sign-in page says the session ended", async () => {
    const context = await phone({ signedIn: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/portal/requests/${leadId}`);
    await page.getByLabel("Your message").fill("Typed without JavaScript.");
    await staff.pool().query("delete from sessions where user_id = $1", [customer.id]);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/portal/requests/${leadId}`);
    await page.getByText("Your session ended. Sign in again to continue.", { exact: true }).waitFor();
    await context.close();
  }, 60_000);
});
