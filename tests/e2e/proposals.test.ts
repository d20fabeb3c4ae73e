import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { waitFor } from "../support/net";
import { attachmentsOf, TestSmtpServer, type ReceivedMessage } from "../support/smtp";
import { useStaff } from "../support/staff";

/**
 * Issue 30, done when: proposals end to end in Chromium against the production server with its job
 * workers and a real SMTP server. Staff measure a roof (a 40/12 pitch refused under its field), build a
 * good/better/best proposal, offer an add-on and send it; the homeowner, invited by the same send, opens
 * it from the email on a phone, picks the middle option, the add-on and a colour, watches the total
 * change, draws a signature, types a name with an apostrophe and a diaeresis, consents and accepts. Both
 * the homeowner and the office get the signed PDF, whose text holds the option, the total shown, the
 * colour, the signer and the accepted document's hash; the lead is Won with sent, first viewed and
 * accepted on its timeline. A second proposal is accepted with the keyboard only, signed by the typed
 * name alone. Every page of the feature passes axe.
 */

const SECRET = "proposals-e2e-secret-0123456789abcdefghijklmnopq";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "proposals-e2e-"));
const smtp = new TestSmtpServer();
await smtp.start();
const app = useApp({
  env: {
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    JOBS_ENABLED: "true",
    JOBS_CRON_INTERVAL_SECONDS: "1",
    SMTP_URL: smtp.url,
    EMAIL_FROM: "office@example.com",
    LEAD_RATE_LIMIT_PER_MINUTE: "10000",
    LEAD_RATE_LIMIT_PER_HOUR: "100000",
  },
});
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });

const HOMEOWNER = { first: "Zoë", last: "O'Brien", email: "zoe.obrien@example.com" };
const SIGNER = "Zoë O'Brien";
const PASSWORD = "slate gutter ridge 42 blue";
const COLOUR = "Charcoal";
const ADD_ON = "Seamless gutter guards";

let phone: Page;
let phoneContext: BrowserContext;
let leadId = "";
let secondLeadId = "";
let proposalId = "";
let secondProposalId = "";
/** What the homeowner's page showed as the total when they accepted. */
let shownTotal = "";

beforeAll(async () => {
  phoneContext = await browser().newContext({ baseURL: app().url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  phoneContext.setDefaultTimeout(20_000);
  phone = await phoneContext.newPage();
});

afterAll(async () => {
  await phoneContext?.close();
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A request through the public form's endpoint, as a homeowner's browser posts it; its lead id. */
async function submitLead(message: string): Promise<string> {
  const before = await staff.pool().query<{ id: string }>("select id from leads where email = $1", [HOMEOWNER.email]);
  const fd = new FormData();
  const fields = { submissionKey: crypto.randomUUID(), formId: "inspection-form", landingPath: "/contact", firstName: HOMEOWNER.first, lastName: HOMEOWNER.last, email: HOMEOWNER.email, phone: "614-555-0147", service: "roof-replacement", message };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const response = await fetch(`${app().url}/inspection-request`, { method: "POST", body: fd });
  expect(response.status).toBe(200);
  const { rows } = await staff.pool().query<{ id: string }>("select id from leads where email = $1 order by created_at", [HOMEOWNER.email]);
  expect(rows).toHaveLength(before.rows.length + 1);
  return rows.at(-1)!.id;
}

const MEASUREMENTS: Array<[string, string]> = [
  ["Total area (squares)", "28.5"],
  ["Predominant pitch (x/12)", "7"],
  ["Stories", "2"],
  ["Layers to tear off", "1"],
  ["Ridge (ft)", "42"],
  ["Hips (ft)", "18"],
  ["Valleys (ft)", "24"],
  ["Eaves (ft)", "96"],
  ["Rakes (ft)", "64"],
  ["Penetrations (pipes, vents)", "4"],
];

/** Staff enter valid measurements on a lead page already open, and save them. */
async function saveMeasurements(page: Page): Promise<void> {
  const section = page.getByRole("region", { name: "Measurements" });
  for (const [label, value] of MEASUREMENTS) await section.getByLabel(label, { exact: true }).fill(value);
  await section.getByLabel("Roof complexity").selectOption("moderate");
  await section.getByRole("button", { name: "Save measurements" }).click();
  await page.getByText("Measurements saved.").first().waitFor();
  await page.getByRole("region", { name: "Proposals" }).getByRole("link", { name: "Build a proposal" }).waitFor();
}

/** Builds a proposal from the lead page open in `page` with these shingle lines; the builder's proposal id. */
async function buildProposal(page: Page, lines: { good: string; better: string; best: string }, { axe = false } = {}): Promise<string> {
  await page.getByRole("region", { name: "Proposals" }).getByRole("link", { name: "Build a proposal" }).click();
  await page.waitForURL(/\/admin\/leads\/[0-9a-f-]+\/proposals\/new$/);
  await page.getByRole("heading", { level: 1, name: "New proposal" }).waitFor();
  if (axe) await expectNoAxeViolations(page);
  await page.getByLabel("Good option: shingle line").selectOption({ label: lines.good });
  await page.getByLabel("Better option: shingle line").selectOption({ label: lines.better });
  await page.getByLabel("Best option: shingle line").selectOption({ label: lines.best });
  await page.getByRole("button", { name: "Build the proposal" }).click();
  await page.waitForURL(/\/admin\/proposals\/[0-9a-f-]{36}$/);
  await page.getByRole("heading", { level: 1, name: /^Proposal P-\d+$/ }).waitFor();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** Sends the draft open in `page`. */
async function sendProposal(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Send to the homeowner" }).click();
  await page.getByText(`sent to ${HOMEOWNER.email}.`).first().waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Make a new revision" }).waitFor();
}

/** Each page's text as pdf.js extracts it (what a reader selects and copies), joined. */
async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await task.destroy();
  return texts.join("\n");
}

/** The message to `address` with a PDF attached whose subject says an acceptance, once it reached the SMTP server. */
function acceptanceMessages(address: string): ReceivedMessage[] {
  return smtp.to(address).filter((m) => attachmentsOf(m).some((a) => a.contentType === "application/pdf") && /^Subject:.*accepted/im.test(m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ")));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** React has hydrated the page's <main>. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** What has the keyboard focus: enough to recognise a control. */
async function focused(page: Page): Promise<{ tag: string; type: string; name: string; id: string; text: string; checked: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      type: el?.getAttribute("type") ?? "",
      name: el?.getAttribute("name") ?? "",
      id: el?.id ?? "",
      text: (el?.labels?.[0]?.innerText ?? el?.innerText ?? "").trim(),
      checked: Boolean(el?.checked),
    };
  });
}

/** Presses Tab until the focused element matches (a bounded number of times). */
async function tabTo(page: Page, what: string, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (matches(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

describe("proposals, from the measurements to a signed job", () => {
  test("1. staff measure the roof (a 40/12 pitch refused under its field), build three options, offer an add-on and send", async () => {
    leadId = await submitLead("The roof is 25 years old and the shingles are curling. We'd like a replacement quote.");
    const page = await staff.page();
    await staff.goto(page, "/admin/price-book");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("table", { name: "Price book items" }).locator('[data-item="Timberline HDZ shingles"]').waitFor();
    await expectNoAxeViolations(page);

    await staff.goto(page, `/admin/leads/${leadId}`);
    const proposalsSection = page.getByRole("region", { name: "Proposals" });
    await proposalsSection.getByText("No proposal yet.").waitFor();
    expect(await proposalsSection.getByRole("link", { name: "Build a proposal" }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // A 40/12 pitch: refused, the message under the field, the field marked and focused.
    const measurements = page.getByRole("region", { name: "Measurements" });
    for (const [label, value] of MEASUREMENTS) await measurements.getByLabel(label, { exact: true }).fill(value);
    const pitch = measurements.getByLabel("Predominant pitch (x/12)");
    await pitch.fill("40");
    await measurements.getByRole("button", { name: "Save measurements" }).click();
    const pitchError = page.locator("#measure-pitch-error");
    await pitchError.waitFor();
    expect(await pitchError.innerText()).toBe("Enter the pitch as inches of rise per foot, a whole number from 0 to 24 (6 for 6/12).");
    expect(await pitch.getAttribute("aria-invalid")).toBe("true");
    expect(await pitch.getAttribute("aria-describedby")).toBe("measure-pitch-error");
    await expect.poll(() => pitch.evaluate((el) => el === document.activeElement)).toBe(true);
    // What was typed comes back.
    expect(await pitch.inputValue()).toBe("40");
    expect(await measurements.getByLabel("Total area (squares)").inputValue()).toBe("28.5");
    expect((await staff.pool().query("select 1 from lead_measurements where lead_id = $1", [leadId])).rows).toHaveLength(0);
    await expectNoAxeViolations(page);

    // Valid values: saved, and the builder opens.
    await saveMeasurements(page);
    expect(await page.locator("#measure-pitch-error").count()).toBe(0);
    expect(await measurements.getByLabel("Predominant pitch (x/12)").inputValue()).toBe("7");

    proposalId = await buildProposal(page, { good: "Royal Sovereign 3-tab shingles", better: "Timberline HDZ shingles", best: "Timberline UHDZ shingles" }, { axe: true });
    // The builder: a card per option with its lines, the rebuild details, add-ons and terms.
    for (const title of ["Good: ", "Better: ", "Best: "]) await page.getByRole("heading", { level: 2, name: new RegExp(`^${title}`) }).waitFor();
    expect(await page.getByRole("list", { name: /^Lines of the / }).count()).toBe(3);
    expect(await page.getByText("Rebuild from the price book").count()).toBe(3);
    await page.getByRole("region", { name: "Terms" }).waitFor();
    await expectNoAxeViolations(page);

    const addOns = page.getByRole("region", { name: "Optional add-ons" });
    await addOns.getByText("No add-ons offered.").waitFor();
    await addOns.getByLabel("Price book item").selectOption({ label: ADD_ON });
    await addOns.getByLabel("Quantity").fill("96");
    await addOns.getByRole("button", { name: "Offer add-on" }).click();
    await addOns.getByText(`${ADD_ON}: 96 `).waitFor();
    expect(await addOns.getByText(/= \$1,344\.00$/).count()).toBe(1);
    await expectNoAxeViolations(page);

    await sendProposal(page);
    await page.getByText("Sent", { exact: true }).first().waitFor();
    await page.getByText(/^Document SHA-256: [0-9a-f]{64}$/).waitFor();
    await expectNoAxeViolations(page);
    const { rows } = await staff.pool().query("select p.status, l.pipeline_status from proposals p join leads l on l.id = p.lead_id where p.id = $1", [proposalId]);
    expect(rows[0]).toEqual({ status: "sent", pipeline_status: "estimate_sent" });
  }, 180_000);

  test("2. the homeowner, invited by the send, opens the proposal on a phone, chooses, signs and accepts", async () => {
    // The portal invitation came first: a password from its one-time link.
    const invitation = await waitFor(() => smtp.linkTo(HOMEOWNER.email, "/auth/invitation"), { timeoutMs: 30_000, message: "the invitation email" });
    await phone.goto(invitation, { waitUntil: "domcontentloaded" });
    await phone.getByRole("heading", { name: "Open your customer portal" }).waitFor();
    await phone.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await phone.getByLabel("Confirm new password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Open my portal" }).click();
    await phone.waitForURL("**/portal");

    // Then the proposal, from the email's link.
    const link = await waitFor(() => smtp.linkStartingWith(HOMEOWNER.email, "/portal/proposals/"), { timeoutMs: 30_000, message: "the proposal email" });
    expect(link).toBe(`/portal/proposals/${proposalId}`);
    const proposalEmail = smtp.to(HOMEOWNER.email).find((m) => m.raw.includes(`/portal/proposals/${proposalId}`))!;
    expect(proposalEmail.raw).toMatch(/^Subject: .*proposal/im);
    await phone.goto(link, { waitUntil: "domcontentloaded" });
    await phone.getByRole("heading", { level: 1, name: /^Proposal P-\d+$/ }).waitFor();
    await hydrated(phone);
    await expectNoAxeViolations(phone);

    // Three options, stacked at a phone's width: one above the other, the same left edge.
    const good = phone.getByRole("radio", { name: /^Good: / });
    const better = phone.getByRole("radio", { name: /^Better: / });
    const best = phone.getByRole("radio", { name: /^Best: / });
    const boxes = await Promise.all([good, better, best].map(async (r) => (await r.locator("xpath=ancestor::div[1]").boundingBox())!));
    expect(boxes[0]!.y + boxes[0]!.height).toBeLessThanOrEqual(boxes[1]!.y);
    expect(boxes[1]!.y + boxes[1]!.height).toBeLessThanOrEqual(boxes[2]!.y);
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(boxes[0]!.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const total = phone.getByTestId("proposal-total");
    const deposit = phone.getByTestId("proposal-deposit");
    // The total follows the choice.
    await good.check();
    const goodTotal = await total.innerText();
    await better.check();
    expect(await better.isChecked()).toBe(true);
    await expect.poll(() => total.innerText()).not.toBe(goodTotal);
    const betterTotal = await total.innerText();
    const betterDeposit = await deposit.innerText();
    expect(betterTotal).toMatch(/^\$[\d,]+\.\d{2}$/);

    // The add-on: the total and the deposit go up.
    const addOn = phone.getByRole("checkbox", { name: new RegExp(`^${ADD_ON}`) });
    await addOn.check();
    await expect.poll(() => total.innerText()).not.toBe(betterTotal);
    shownTotal = await total.innerText();
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
    expect(cents(shownTotal)).toBeGreaterThan(cents(betterTotal) + 134_400 - 1);
    expect(cents(await deposit.innerText())).toBeGreaterThan(cents(betterDeposit));
    await phone.getByRole("button", { name: `Accept and sign for ${shownTotal}` }).waitFor();

    // A colour among the better line's swatches.
    const colours = phone.getByRole("group", { name: /^Shingle colour \(/ });
    expect(await colours.getAttribute("aria-describedby")).toBe("color-hint");
    await colours.getByRole("radio", { name: COLOUR }).check();

    // A drawn signature: a stroke across the canvas.
    const canvas = phone.locator("canvas[data-signature-pad]");
    await canvas.scrollIntoViewIfNeeded();
    const pad = (await canvas.boundingBox())!;
    const signature = phone.locator('input[type=hidden][name="signature"]');
    await expect.poll(() => phone.evaluate(() => (document.querySelector("canvas[data-signature-pad]") as HTMLCanvasElement).width > 0)).toBe(true);
    await phone.mouse.move(pad.x + pad.width * 0.1, pad.y + pad.height * 0.7);
    await phone.mouse.down();
    for (let i = 1; i <= 12; i++) await phone.mouse.move(pad.x + pad.width * (0.1 + 0.065 * i), pad.y + pad.height * (0.5 + 0.25 * Math.sin(i)), { steps: 2 });
    await phone.mouse.up();
    await expect.poll(() => signature.inputValue()).toMatch(/^data:image\/png;base64,/);
    await phone.getByRole("button", { name: "Clear signature" }).waitFor();

    await phone.getByLabel("Type your full name").fill(SIGNER);
    await phone.getByRole("checkbox", { name: "I agree to sign this proposal electronically, and that my typed name is my signature." }).check();
    await phone.getByRole("button", { name: /^Accept and sign for/ }).click();

    const status = phone.getByRole("status").filter({ hasText: "You accepted the proposal" });
    await status.waitFor({ timeout: 60_000 });
    expect(await status.innerText()).toContain("Thank you. You accepted the proposal: we emailed you the signed copy and will call you to schedule the work.");
    // Where the homeowner is looking (issue 31 item 5): next to the button used, inside the phone's screen, and the
    // focus there (the form's controls are disabled once signed: the answer takes it), not the page's top.
    await expect.poll(async () => {
      const box = await status.boundingBox();
      return Boolean(box && box.y >= 0 && box.y + box.height <= 844);
    }).toBe(true);
    await expect.poll(() => phone.evaluate(() => document.activeElement?.closest("#proposal-answer") !== null)).toBe(true);
    const download = phone.getByRole("link", { name: "Download the signed proposal (PDF)" });
    await download.waitFor();
    await phone.getByText(`Signed by ${SIGNER}: Better, colour ${COLOUR}, total ${shownTotal}`).waitFor();
    const pdf = await phone.request.get((await download.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expectNoAxeViolations(phone);

    const { rows } = await staff.pool().query(
      "select option_key, add_on_keys, color_name, signer_name, signature_png is not null as drawn, total_cents from proposal_acceptances where proposal_id = $1",
      [proposalId],
    );
    expect(rows[0]).toMatchObject({ option_key: "better", color_name: COLOUR, signer_name: SIGNER, drawn: true, total_cents: cents(shownTotal) });
    expect(rows[0]!.add_on_keys).toHaveLength(1);
  });

  test("3. the homeowner and the office both get the signed PDF: option, total, colour, signer and the accepted hash", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/proposals/${proposalId}`);
    const record = await page.getByText(/Accepted document SHA-256: [0-9a-f]{64}/).innerText();
    const acceptedHash = /Accepted document SHA-256: ([0-9a-f]{64})/.exec(record)![1]!;
    const { rows } = await staff.pool().query<{ accepted_document_sha256: string }>("select accepted_document_sha256 from proposal_acceptances where proposal_id = $1", [proposalId]);
    expect(rows[0]!.accepted_document_sha256).toBe(acceptedHash);
    await page.getByText(`Accepted by ${SIGNER} (drawn signature)`).waitFor();
    await page.getByRole("link", { name: "Download the signed PDF" }).waitFor();
    await expectNoAxeViolations(page);

    const office = (await staff.pool().query<{ setting_value: string }>("select setting_value from cms_site_settings where setting_key = 'lead_alert_email'")).rows[0]!.setting_value;
    expect(office).toMatch(/@/);
    const [toHomeowner, toOffice] = await waitFor(
      () => {
        const h = acceptanceMessages(HOMEOWNER.email);
        const o = acceptanceMessages(office);
        return h.length > 0 && o.length > 0 ? [h, o] : undefined;
      },
      { timeoutMs: 60_000, message: "both acceptance emails at the SMTP server" },
    );
    expect(toHomeowner).toHaveLength(1);
    expect(toOffice).toHaveLength(1);
    const pdfs = [toHomeowner[0]!, toOffice[0]!].map((m) => attachmentsOf(m).find((a) => a.contentType === "application/pdf")!);
    for (const pdf of pdfs) {
      expect(pdf.filename).toMatch(/\.pdf$/);
      expect(pdf.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    expect(Buffer.compare(pdfs[0]!.content, pdfs[1]!.content)).toBe(0);

    const content = (await staff.pool().query<{ content: { options: Array<{ key: string; title: string; shingleName: string }> } }>("select content from proposals where id = $1", [proposalId])).rows[0]!.content;
    const chosen = content.options.find((o) => o.key === "better")!;
    const text = await pdfText(pdfs[0]!.content);
    expect(text).toContain(`${chosen.title}: ${chosen.shingleName}`);
    expect(text).toContain(shownTotal);
    expect(text).toContain(COLOUR);
    expect(text).toContain(SIGNER);
    expect(text).toContain(acceptedHash);
    expect(text).toContain("Signature record");
    expect(text).toContain(ADD_ON);
  });

  test("4. the lead is Won, and its timeline shows the proposal sent, first viewed and accepted", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${leadId}`);
    const header = page.locator("div", { has: page.getByRole("heading", { level: 1, name: `${HOMEOWNER.first} ${HOMEOWNER.last}` }) }).last();
    await header.getByText("Won", { exact: true }).waitFor();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await timeline.getByText(new RegExp(`^Proposal P-\\d+ sent to ${escape(HOMEOWNER.email)}\\.$`)).first().waitFor();
    await timeline.getByText(new RegExp(`^${escape(SIGNER)} opened Proposal P-\\d+ for the first time\\.$`)).first().waitFor();
    await timeline.getByText(new RegExp(`^${escape(SIGNER)} accepted Proposal P-\\d+: Better \\(.*, ${COLOUR}\\), total ${escape(shownTotal)}\\. The lead is won\\.$`)).first().waitFor();
    const listed = await page.getByRole("region", { name: "Proposals" }).getByRole("listitem").innerText();
    expect(listed).toMatch(/Accepted · sent .* · first viewed .* · decided /);
    await expectNoAxeViolations(page);
  });

  test("5. a second proposal on another lead is accepted with the keyboard only, signed by the typed name alone", async () => {
    secondLeadId = await submitLead("Our garage roof too, please: a separate quote.");
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${secondLeadId}`);
    await saveMeasurements(page);
    secondProposalId = await buildProposal(page, { good: "Timberline HDZ shingles", better: "Timberline UHDZ shingles", best: "Timberline AS II impact-resistant shingles" });
    await sendProposal(page);
    // No second invitation: the homeowner has an account now.
    const link = await waitFor(
      () => {
        const found = smtp.linkStartingWith(HOMEOWNER.email, "/portal/proposals/");
        return found === `/portal/proposals/${secondProposalId}` ? found : undefined;
      },
      { timeoutMs: 30_000, message: "the second proposal email" },
    );
    expect(smtp.to(HOMEOWNER.email).filter((m) => m.raw.includes("/auth/invitation"))).toHaveLength(1);

    // A desktop browser with the homeowner's session, driven from the keyboard only.
    let colour = "";
    const context = await browser().newContext({ baseURL: app().url, viewport: { width: 1280, height: 900 }, storageState: await phoneContext.storageState() });
    context.setDefaultTimeout(20_000);
    try {
      const desk = await context.newPage();
      await desk.goto(link, { waitUntil: "domcontentloaded" });
      await desk.getByRole("heading", { level: 1, name: /^Proposal P-\d+$/ }).waitFor();
      await hydrated(desk);
      await expectNoAxeViolations(desk);

      // Tab into the options (the focus lands on the checked one, the middle), arrow up to the first.
      await tabTo(desk, "the checked option", (f) => f.name === "optionKey" && f.checked);
      expect((await focused(desk)).text).toMatch(/^Better: /);
      await desk.keyboard.press("ArrowUp");
      expect((await focused(desk)).text).toMatch(/^Good: /);
      await expect.poll(() => desk.getByRole("radio", { name: /^Good: / }).isChecked()).toBe(true);
      // Its line's colours (Timberline HDZ): Tab lands on the first, Space picks it.
      await desk.getByRole("group", { name: /^Shingle colour \(.*HDZ/ }).waitFor();
      await tabTo(desk, "a colour", (f) => f.name === "colorId");
      colour = (await focused(desk)).text;
      await desk.keyboard.press("Space");
      expect((await focused(desk)).checked).toBe(true);
      const total = await desk.getByTestId("proposal-total").innerText();

      await tabTo(desk, "the consent box", (f) => f.name === "consent");
      await desk.keyboard.press("Space");
      expect((await focused(desk)).checked).toBe(true);
      await tabTo(desk, "the name field", (f) => f.id === "signer-name");
      await desk.keyboard.press("ControlOrMeta+A");
      await desk.keyboard.press("Backspace");
      await desk.keyboard.type(SIGNER);
      expect(await desk.getByLabel("Type your full name").inputValue()).toBe(SIGNER);
      // Past the canvas (not a stop) and the disabled Clear button, to the accept button.
      await tabTo(desk, "the accept button", (f) => f.tag === "button" && f.text.startsWith("Accept and sign for"));
      expect((await focused(desk)).text).toBe(`Accept and sign for ${total}`);
      await desk.keyboard.press("Enter");

      await desk.getByRole("status").filter({ hasText: "You accepted the proposal" }).waitFor({ timeout: 60_000 });
      await desk.getByRole("link", { name: "Download the signed proposal (PDF)" }).waitFor();
      await expectNoAxeViolations(desk);
    } finally {
      await context.close();
    }
    const { rows } = await staff.pool().query("select option_key, color_name, signer_name, signature_png is null as typed_only from proposal_acceptances where proposal_id = $1", [secondProposalId]);
    expect(rows[0]).toEqual({ option_key: "good", color_name: colour, signer_name: SIGNER, typed_only: true });
    await staff.goto(page, `/admin/proposals/${secondProposalId}`);
    await page.getByText(`Accepted by ${SIGNER} (typed name)`).waitFor();
    await expectNoAxeViolations(page);
    const { rows: lead } = await staff.pool().query("select pipeline_status from leads where id = $1", [secondLeadId]);
    expect(lead[0]!.pipeline_status).toBe("won");
  }, 180_000);
});
