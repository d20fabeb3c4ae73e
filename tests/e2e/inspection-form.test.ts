import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { BrowserContext, Locator, Page, Request as PwRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { INSPECTION_TEXT, UPLOAD_LIMITS } from "~/domain/leads/options";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { PHONE_HEIC_PATH, phoneJpeg } from "../support/media-images";

/**
 * The inspection form in Chromium against the production server, in every
 * place it appears (home, /about twice, /services, /contact): the spec's
 * missing-fields notice with nothing sent, "Submitting...", success with a
 * file (stored, attached, form reset), failures that keep the values (a
 * real server failure, a 10 MB + 1 byte file), a double submit making one
 * lead, and the whole flow without JavaScript. Phone photos (12 MP JPEG and
 * HEIC of 5-8 MB) are sent and stored; a refused upload is the file field's
 * message; the size limit the script checks and says is the server's.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "inspection-e2e-"));
// One client address sends every request of this file: lift the per-client limit (tested in tests/integration).
const app = useApp({ env: { DATA_DIR: dataDir, LEAD_RATE_LIMIT_PER_MINUTE: "10000", LEAD_RATE_LIMIT_PER_HOUR: "100000" } });
const browser = useBrowser();

const PLACES = [
  { path: "/", formId: "inspection-form" },
  { path: "/about", formId: "about-inspection" },
  { path: "/about", formId: "inspection-form" },
  { path: "/services", formId: "inspection-form" },
  { path: "/contact", formId: "inspection-form" },
] as const;

const files = {
  pdf: { name: "claim-letter.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% test claim letter\n") },
  jpeg: { name: "roof.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]) },
  big: { name: "huge-scan.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 1 - 9)]) },
};

let db: pg.Client;
const contexts = new Map<boolean, BrowserContext>();

beforeAll(async () => {
  db = new pg.Client({ connectionString: app().databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await Promise.all([...contexts.values()].map((c) => c.close()));
  await db?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A new page for a visitor. The pages share one context per JavaScript setting (the form keeps no cookie or
 * storage): its caches serve the site's assets after the first page, as a visitor's browser does.
 */
async function newPage({ javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  let context = contexts.get(javaScriptEnabled);
  if (!context) {
    context = await browser().newContext({ baseURL: app().url, viewport: { width: 1280, height: 900 }, javaScriptEnabled });
    context.setDefaultTimeout(20_000);
    contexts.set(javaScriptEnabled, context);
  }
  return context.newPage();
}

async function open(page: Page, url: string, { enhanced = true } = {}): Promise<void> {
  const response = await page.goto(url, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `GET ${url}`).toBe(200);
  if (enhanced) await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
}

function formIn(page: Page, formId: string): Locator {
  return page.locator(`#${formId} form[data-inspection-form]`);
}

let emailCounter = 0;
function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Date.now()}@example.com`;
}

async function fillRequired(form: Locator, email: string, name = { first: "Morgan", last: "Lee" }) {
  await form.getByLabel("First name").fill(name.first);
  await form.getByLabel("Last name").fill(name.last);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("(614) 555-0188");
}

async function leadsFor(email: string) {
  const { rows } = await db.query<{ id: string; first_name: string; landing_path: string | null; has_insurance_docs: boolean; service: string | null; phone: string }>(
    "select id, first_name, landing_path, has_insurance_docs, service, phone from leads where email = $1",
    [email],
  );
  return rows;
}

async function attachmentsOf(leadId: string) {
  const { rows } = await db.query<{ original_name: string; content_type: string; storage_key: string }>(
    "select original_name, content_type, storage_key from lead_attachments where lead_id = $1 order by original_name",
    [leadId],
  );
  return rows;
}

function notice(form: Locator): Locator {
  return form.locator("[data-inspection-notice]");
}

function recordPosts(page: Page): PwRequest[] {
  const posts: PwRequest[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  return posts;
}

describe("the inspection form with JavaScript, in every place it appears", () => {
  for (const place of PLACES) {
    test(`${place.path} #${place.formId}: missing fields, then success with a file`, async () => {
      const page = await newPage();
      const posts = recordPosts(page);
      await open(page, place.path);
      const form = formIn(page, place.formId);
      await form.scrollIntoViewIfNeeded();

      // Required fields are marked, with email and tel input types.
      await expect(form.getByLabel("Email").getAttribute("type")).resolves.toBe("email");
      await expect(form.getByLabel("Phone").getAttribute("type")).resolves.toBe("tel");
      expect(await form.locator("label", { hasText: "First name" }).innerText()).toContain("*");

      // Missing information: the destructive notice, nothing sent.
      await form.getByLabel("First name").fill("Morgan");
      await form.getByRole("button", { name: "Request Free Inspection" }).click();
      await expect.poll(() => notice(form).innerText()).toContain("Missing Information");
      expect(await notice(form).innerText()).toContain("Please fill out all required fields.");
      expect(await notice(form).getAttribute("data-variant")).toBe("error");
      expect(posts).toHaveLength(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("lastName");
      expect(await form.getByLabel("Last name").getAttribute("aria-invalid")).toBe("true");
      if (place.path === "/contact") await expectNoAxeViolations(page);

      // Success with a file: the upload area appears with the box ticked; the file is listed.
      const email = uniqueEmail(`place${place.path.replace(/\W/g, "") || "home"}`);
      await fillRequired(form, email);
      await form.getByLabel("Service needed").selectOption("storm-restoration");
      await form.getByLabel("Message").fill("Hail damage on the north slope.");
      const upload = form.getByText("Upload insurance documents or photos");
      expect(await upload.isVisible()).toBe(false);
      await form.getByLabel("I have insurance documents or photos of the damage").check();
      await upload.waitFor({ state: "visible" });
      expect(await form.getByText("Drag and drop or click to browse").isVisible()).toBe(true);
      await form.getByLabel("Insurance company").fill("Buckeye Mutual");
      await form.locator("input[type=file]").setInputFiles([files.pdf, files.jpeg]);
      await form.getByRole("button", { name: "Remove roof.jpg" }).click();
      expect(await form.locator("[data-file-list] li").allInnerTexts()).toEqual([expect.stringContaining("claim-letter.pdf")]);

      await form.getByRole("button", { name: "Request Free Inspection" }).click();
      await expect.poll(() => notice(form).innerText()).toContain("Request Submitted!");
      expect(await notice(form).innerText()).toContain("We'll be in touch with you shortly.");
      // The form is reset to its initial values.
      expect(await form.getByLabel("First name").inputValue()).toBe("");
      expect(await form.getByLabel("Email").inputValue()).toBe("");
      expect(await form.getByLabel("I have insurance documents or photos of the damage").isChecked()).toBe(false);
      expect(await form.locator("[data-file-list] li").count()).toBe(0);
      expect(posts.map((p) => new URL(p.url()).pathname)).toEqual(["/inspection-request"]);

      const [lead, ...others] = await leadsFor(email);
      expect(others).toEqual([]);
      expect(lead).toMatchObject({ first_name: "Morgan", phone: "+16145550188", service: "storm-restoration", has_insurance_docs: true, landing_path: place.path });
      const attachments = await attachmentsOf(lead!.id);
      expect(attachments.map((a) => [a.original_name, a.content_type])).toEqual([["claim-letter.pdf", "application/pdf"]]);
      expect(fs.readFileSync(path.join(dataDir, "uploads", ...attachments[0]!.storage_key.split("/")))).toEqual(files.pdf.buffer);
      await page.close();
    });
  }

  test("shows Submitting... on a disabled button; a double click sends one request and makes one lead", async () => {
    const page = await newPage();
    const posts = recordPosts(page);
    await page.route("**/inspection-request", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await open(page, "/contact");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("double");
    await fillRequired(form, email);
    const button = form.locator("button[data-submit]");
    await button.dblclick();
    await expect.poll(() => button.innerText()).toBe("Submitting...");
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => notice(form).innerText()).toContain("Request Submitted!");
    expect(await button.innerText()).toBe("Request Free Inspection");
    expect(await button.isDisabled()).toBe(false);
    expect(posts).toHaveLength(1);
    expect(await leadsFor(email)).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test("a real server failure shows the spec's message and keeps every value", async () => {
    const page = await newPage();
    await open(page, "/contact");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("failure");
    await fillRequired(form, email);
    await form.getByLabel("Message").fill("Please keep this text.");
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.locator("input[type=file]").setInputFiles([files.pdf]);
    // The database refuses the attachment rows: the whole request fails and rolls back.
    await db.query("alter table lead_attachments rename to lead_attachments_away");
    try {
      await form.getByRole("button", { name: "Request Free Inspection" }).click();
      await expect.poll(() => notice(form).innerText()).toContain("Something went wrong");
    } finally {
      await db.query("alter table lead_attachments_away rename to lead_attachments");
    }
    expect(await notice(form).innerText()).toContain("Unable to submit your request. Please try again later.");
    expect(await form.getByLabel("First name").inputValue()).toBe("Morgan");
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    expect(await form.getByLabel("Message").inputValue()).toBe("Please keep this text.");
    expect(await form.locator("[data-file-list] li").allInnerTexts()).toEqual([expect.stringContaining("claim-letter.pdf")]);
    expect(await leadsFor(email)).toHaveLength(0);

    // Sent again once the server is well: one lead, with its file.
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await expect.poll(() => notice(form).innerText()).toContain("Request Submitted!");
    const [lead] = await leadsFor(email);
    expect(await attachmentsOf(lead!.id)).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test("characters the server refuses come back as that field's message; tabs and line breaks in the message are kept", async () => {
    const page = await newPage();
    await open(page, "/contact");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("bidi");
    await fillRequired(form, `\u202e${email}`);
    await form.getByLabel("Message").fill("Leak above the porch:\n\tnorth side\n\tsouth side");
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    const emailError = form.locator('[data-error-for="email"]');
    await expect.poll(() => emailError.innerText()).toBe(TEXT_ERRORS.bidi);
    expect(await form.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await notice(form).innerText()).toContain("Please check the form");
    expect(await form.getByLabel("Message").inputValue()).toBe("Leak above the porch:\n\tnorth side\n\tsouth side");
    expect(await leadsFor(email)).toHaveLength(0);

    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await expect.poll(() => notice(form).innerText()).toContain("Request Submitted!");
    expect(await emailError.isHidden()).toBe(true);
    const { rows } = await db.query<{ message: string }>("select message from leads where email = $1", [email]);
    expect(rows).toEqual([{ message: "Leak above the porch:\n\tnorth side\n\tsouth side" }]);
  });

  test("a lost connection shows the failure message; files of a refused type or size are not added", async () => {
    const page = await newPage();
    await open(page, "/services");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("offline");
    await fillRequired(form, email);
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.locator("input[type=file]").setInputFiles([files.big, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") }]);
    const fileError = form.locator("[data-file-error]");
    await expect.poll(() => fileError.innerText()).toContain(`"huge-scan.pdf" is larger than ${UPLOAD_LIMITS.maxFileSizeText}.`);
    expect(await fileError.innerText()).toContain("notes.txt");
    expect(await form.locator("[data-file-list] li").count()).toBe(0);

    await page.route("**/inspection-request", (route) => route.abort("connectionreset"));
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await expect.poll(() => notice(form).innerText()).toContain("Unable to submit your request. Please try again later.");
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
  });
});

describe("uploads", () => {
  let jpeg: Buffer;
  let heic: Buffer;
  beforeAll(async () => {
    jpeg = await phoneJpeg();
    heic = fs.readFileSync(PHONE_HEIC_PATH);
    for (const bytes of [jpeg, heic]) {
      expect(bytes.byteLength).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      expect(bytes.byteLength).toBeLessThanOrEqual(8 * 1024 * 1024);
    }
  });

  async function expectStored(email: string, sent: Array<{ name: string; type: string; bytes: Buffer }>) {
    const [lead, ...others] = await leadsFor(email);
    expect(others).toEqual([]);
    const attachments = await attachmentsOf(lead!.id);
    expect(attachments.map((a) => [a.original_name, a.content_type])).toEqual(sent.map((f) => [f.name, f.type]).sort(([a], [b]) => a!.localeCompare(b!)));
    for (const attachment of attachments) {
      const file = sent.find((f) => f.name === attachment.original_name)!;
      expect(fs.readFileSync(path.join(dataDir, "uploads", ...attachment.storage_key.split("/"))).equals(file.bytes)).toBe(true);
    }
  }

  test("phone photos (a 12 MP JPEG and a 12 MP HEIC of 5-8 MB) are sent with the form and stored as the lead's attachments", async () => {
    const page = await newPage();
    await open(page, "/contact");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("phone-photos");
    await fillRequired(form, email);
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.locator("input[type=file]").setInputFiles([
      { name: "IMG_4521.jpg", mimeType: "image/jpeg", buffer: jpeg },
      { name: "IMG_4522.HEIC", mimeType: "image/heic", buffer: heic },
    ]);
    expect(await form.locator("[data-file-list] li").allInnerTexts()).toEqual([expect.stringContaining("IMG_4521.jpg ("), expect.stringContaining("IMG_4522.HEIC (")]);
    const started = performance.now();
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await expect.poll(() => notice(form).innerText(), { timeout: 30_000 }).toContain("Request Submitted!");
    console.info(`inspection form: ${jpeg.byteLength + heic.byteLength} bytes of phone photos sent and stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await expectStored(email, [
      { name: "IMG_4521.jpg", type: "image/jpeg", bytes: jpeg },
      { name: "IMG_4522.HEIC", type: "image/heic", bytes: heic },
    ]);
  });

  test("without JavaScript, a phone photo posted to the page is stored too", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await open(page, "/", { enhanced: false });
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("phone-photo-nojs");
    await fillRequired(form, email);
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.locator("input[type=file]").setInputFiles([{ name: "IMG_4522.HEIC", mimeType: "image/heic", buffer: heic }]);
    await Promise.all([page.waitForURL(/inspection-sent=/), form.getByRole("button", { name: "Request Free Inspection" }).click()]);
    await expectStored(email, [{ name: "IMG_4522.HEIC", type: "image/heic", bytes: heic }]);
  });

  test("the size limit the script checks and writes is the one the server hands it; the form says the server's", async () => {
    const page = await newPage();
    // The form as rendered: its attributes and its text come from UPLOAD_LIMITS.
    await open(page, "/services");
    const form = formIn(page, "inspection-form");
    expect(await form.getAttribute("data-max-bytes")).toBe(String(UPLOAD_LIMITS.maxFileBytes));
    expect(await form.getAttribute("data-max-size")).toBe(UPLOAD_LIMITS.maxFileSizeText);
    expect(await form.textContent()).toContain(`up to ${UPLOAD_LIMITS.maxFiles} files, ${UPLOAD_LIMITS.maxFileSizeText} each`);

    // Handed another limit, the script checks and says that one (it had "10 MB" written in).
    await page.route("**/services", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replaceAll(`data-max-bytes="${UPLOAD_LIMITS.maxFileBytes}"`, 'data-max-bytes="3145728"').replaceAll(`data-max-size="${UPLOAD_LIMITS.maxFileSizeText}"`, 'data-max-size="3 MB"');
      await route.fulfill({ response, body: html });
    });
    await open(page, "/services");
    const limited = formIn(page, "inspection-form");
    await limited.getByLabel("I have insurance documents or photos of the damage").check();
    await limited.locator("input[type=file]").setInputFiles([{ name: "IMG_4521.jpg", mimeType: "image/jpeg", buffer: jpeg }, files.pdf]);
    const fileError = limited.locator("[data-file-error]");
    await expect.poll(() => fileError.innerText()).toBe('"IMG_4521.jpg" is larger than 3 MB.');
    expect(await limited.locator("[data-file-list] li").allInnerTexts()).toEqual([expect.stringContaining("claim-letter.pdf")]);
  });

  test("a file the server refuses by its content is the file field's message, with the notice", async () => {
    const page = await newPage();
    await open(page, "/contact");
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("refused-content");
    await fillRequired(form, email);
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.locator("input[type=file]").setInputFiles([{ name: "roof-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("a text file named like a photo") }]);
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    const filesError = form.locator('[data-error-for="files"]');
    await expect.poll(() => filesError.innerText()).toBe(INSPECTION_TEXT.unsupportedText);
    expect(await notice(form).innerText()).toContain(INSPECTION_TEXT.unsupportedTitle);
    expect(await form.locator("input[type=file]").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    expect(await leadsFor(email)).toHaveLength(0);
    await expectNoAxeViolations(page);
  });

  test("without JavaScript, too many files come back as the file field's message, with the typed values", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await open(page, "/contact", { enhanced: false });
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("too-many");
    await fillRequired(form, email);
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    const many = Array.from({ length: UPLOAD_LIMITS.maxFiles + 1 }, (_, i) => ({ ...files.pdf, name: `page-${i + 1}.pdf` }));
    await form.locator("input[type=file]").setInputFiles(many);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: "Request Free Inspection" }).click()]);
    expect(response.status()).toBe(413);
    await page.waitForLoadState("domcontentloaded");
    const again = formIn(page, "inspection-form");
    expect(await again.locator('[data-error-for="files"]').innerText()).toBe(`At most ${UPLOAD_LIMITS.maxFiles} files can be attached.`);
    expect(await notice(again).innerText()).toContain(INSPECTION_TEXT.tooLargeTitle);
    expect(await again.getByLabel("Email").inputValue()).toBe(email);
    expect(await leadsFor(email)).toHaveLength(0);
  });
});

describe("the inspection form without JavaScript", () => {
  for (const place of PLACES) {
    test(`${place.path} #${place.formId}: posts to the page and shows the success notice`, async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await open(page, place.path, { enhanced: false });
      const form = formIn(page, place.formId);
      const email = uniqueEmail(`nojs${place.path.replace(/\W/g, "") || "home"}`);
      await fillRequired(form, email);
      // The insurance part opens by CSS alone; the native file input is visible.
      await form.getByLabel("I have insurance documents or photos of the damage").check();
      await form.getByText("Upload insurance documents or photos").waitFor({ state: "visible" });
      await form.locator("input[type=file]").setInputFiles([files.jpeg]);
      await Promise.all([page.waitForURL(/inspection-sent=/), form.getByRole("button", { name: "Request Free Inspection" }).click()]);
      const url = new URL(page.url());
      expect(url.pathname).toBe(place.path);
      expect(url.searchParams.get("inspection-sent")).toBe(place.formId);
      const sent = formIn(page, place.formId);
      expect(await notice(sent).innerText()).toContain("Request Submitted!");
      expect(await notice(sent).innerText()).toContain("We'll be in touch with you shortly.");
      // Only the form that was sent says so.
      if (place.path === "/about") {
        const other = place.formId === "about-inspection" ? "inspection-form" : "about-inspection";
        expect(await notice(formIn(page, other)).isVisible()).toBe(false);
      }
      const [lead] = await leadsFor(email);
      expect(lead).toMatchObject({ landing_path: place.path, has_insurance_docs: true });
      expect((await attachmentsOf(lead!.id)).map((a) => a.content_type)).toEqual(["image/jpeg"]);
      await page.close();
    });
  }

  test("invalid details come back with field messages, the typed values and status 400", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await open(page, "/contact", { enhanced: false });
    const form = formIn(page, "inspection-form");
    // Passes the browser's own checks, not the server's.
    await fillRequired(form, "jane@example");
    await form.getByLabel("Phone").fill("555-0101");
    await form.getByLabel("Message").fill("Keep me.");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: "Request Free Inspection" }).click()]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState("domcontentloaded");
    // The page comes back at the form and its messages, not at the top.
    expect(new URL(page.url()).hash).toBe("#inspection-form");
    const again = formIn(page, "inspection-form");
    expect(await notice(again).innerText()).toContain("Please check the form");
    expect(await again.locator('[data-error-for="email"]').innerText()).toContain("valid email address");
    expect(await again.locator('[data-error-for="phone"]').innerText()).toContain("10-digit US phone number");
    expect(await again.getByLabel("Email").inputValue()).toBe("jane@example");
    expect(await again.getByLabel("Message").inputValue()).toBe("Keep me.");
    expect(await again.getByLabel("First name").inputValue()).toBe("Morgan");
  });

  test("a file of 10 MB + 1 byte is refused with 413 and the form keeps its values", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await open(page, "/", { enhanced: false });
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("toolarge");
    await fillRequired(form, email);
    await form.getByLabel("Message").fill("The scan is big.");
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    await form.getByLabel("Claim number").fill("CLM-7788");
    await form.locator("input[type=file]").setInputFiles([files.big]);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: "Request Free Inspection" }).click()]);
    expect(response.status()).toBe(413);
    await page.waitForLoadState("domcontentloaded");
    const again = formIn(page, "inspection-form");
    expect(await notice(again).innerText()).toContain("File too large");
    expect(await again.locator('[data-error-for="files"]').innerText()).toBe(`Each file must be ${UPLOAD_LIMITS.maxFileSizeText} or smaller.`);
    expect(await again.getByLabel("Email").inputValue()).toBe(email);
    expect(await again.getByLabel("Message").inputValue()).toBe("The scan is big.");
    expect(await again.getByLabel("I have insurance documents or photos of the damage").isChecked()).toBe(true);
    expect(await again.getByLabel("Claim number").inputValue()).toBe("CLM-7788");
    expect(await leadsFor(email)).toHaveLength(0);
  });

  test("a double submit and a resubmitted page make one lead", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await open(page, "/services", { enhanced: false });
    const form = formIn(page, "inspection-form");
    const email = uniqueEmail("nojs-double");
    await fillRequired(form, email);
    // Without JavaScript the form has no key: the server knows the same details again (ADR 030).
    expect(await form.locator('input[name="submissionKey"]').inputValue()).toBe("");
    await form.getByRole("button", { name: "Request Free Inspection" }).dblclick();
    // Without JavaScript the second click aborts the first navigation in the browser
    // (waitForURL would reject on that): wait for the navigation that lands.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/inspection-sent=/);
    // The same submission sent again (the browser's "resend the form" after a reload).
    const replay = await page.request.post(`${app().url}/services`, {
      multipart: { formId: "inspection-form", submissionKey: "", firstName: "Morgan", lastName: "Lee", email, phone: "(614) 555-0188" },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(303);
    expect(await leadsFor(email)).toHaveLength(1);
  });
});

describe("submission keys", () => {
  test("the page is the same bytes for every visitor: its key is empty in the HTML and made by the form's script", async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 40 && bodies.length < 2; i += 1) {
      const response = await fetch(`${app().url}/contact`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(/name="submissionKey" value="([^"]*)"/.exec(html)?.[1]).toBe("");
      if (response.headers.get("x-page-cache") === "hit") bodies.push(html);
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);

    const page = await newPage();
    await open(page, "/contact");
    const key = await formIn(page, "inspection-form").locator('input[name="submissionKey"]').inputValue();
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
