import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { PHONE_HEIC_PATH, phoneJpeg } from "../support/media-images";
import { actionMenuEntries as menuEntries, chooseAction, expectToast, useStaff } from "../support/staff";

/**
 * The Media Library (/admin/media, issue 12 items 1 and 2, ADR 031) in
 * Chromium against the production server with its job worker: upload a
 * photo, see it processed (the variant job), give it alt text and a focal
 * point, choose it for a team member and a gallery project, see the public
 * pages serve a `<picture>` whose copy the browser loads, refuse deleting it
 * while it is used (saying where), and upload from a content form's picker.
 * Phone-size photos (a 12 MP JPEG and HEIC of 5-8 MB) upload through the
 * screen's data request (/admin/media.data), and a refused upload is a line in
 * the uploader's message area, never the error page.
 */

const SECRET = "admin-media-e2e-secret-0123456789abcdefghijklmnopq";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-media-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const AXE = { exclude: ["[data-sonner-toaster]"] };
const ALT = "New charcoal shingle roof on a two-story home in Dublin, Ohio";
const PICKER_ALT = "Crew installing ridge vent on a ranch home";

/** A photograph-like JPEG (smooth noise, like foliage and shingles): large enough for every variant width. */
let photo: Buffer;
let smallPhoto: Buffer;
beforeAll(async () => {
  const texture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#777", noise: { type: "gaussian", mean: 120, sigma: 45 } } })
      .blur(2.5)
      .jpeg({ quality: 92 })
      .toBuffer();
  photo = await texture(2400, 1600);
  smallPhoto = await texture(900, 600);
});

async function openLibrary(page: Page) {
  await staff.goto(page, "/admin/media");
  await page.getByRole("heading", { level: 1, name: /^Media Library/ }).waitFor();
  await page.locator("li[data-media], :text('No images yet')").first().waitFor();
}

const mediaCard = (page: Page, name: string) => page.locator(`li[data-media="${name}"]`);

/** The id of the library image in a public page's HTML (`/media/<id>/...`), or null. */
const mediaIdIn = (html: string) => /\/media\/([0-9a-f-]{36})\/\d+\.(?:avif|webp|jpg)/.exec(html)?.[1] ?? null;

describe("Media Library", () => {
  test("upload, processing then ready, alt text and focal point, use for a team member and a gallery project, public <picture>, delete refused while used", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms");
    await page.getByRole("link", { name: "Manage Media Library", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: /^Media Library/ }).waitFor();
    await page.getByText("No images yet. Upload your first photos above.").waitFor();
    await expectNoAxeViolations(page, AXE);

    // Upload with the file picker (the same input takes a drop).
    await page.getByLabel("Upload Images").setInputFiles({ name: "dublin-roof.jpg", mimeType: "image/jpeg", buffer: photo });
    await expectToast(page, "Image uploaded successfully", "Success");
    const card = mediaCard(page, "dublin-roof.jpg");
    await card.waitFor();
    // The job makes the copies; the screen looks again until it is ready.
    await expect.poll(() => card.innerText(), { timeout: 60_000 }).toMatch(/Ready/);
    expect(await card.innerText()).toMatch(/Missing alt text[\s\S]*Not used[\s\S]*2400 × 1600/);
    const thumb = card.locator("img");
    expect(await thumb.getAttribute("src")).toMatch(/^\/media\/[0-9a-f-]{36}\/320\.webp$/);
    // The copy that fits the card (about 395 px wide here), from the WebP srcset: never one stretched wider.
    expect(await thumb.getAttribute("srcset")).toMatch(/320\.webp 320w, .*480\.webp 480w/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ""))).toMatch(/\/480\.webp$/);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.clientWidth)).toBeLessThanOrEqual(480);

    // Alt text is required; the focal point by its two numbers (the preview takes a click too).
    await chooseAction(page, "dublin-roof.jpg", "Edit");
    const edit = page.getByRole("form", { name: "Edit Image" });
    await edit.getByRole("button", { name: "Save Image" }).click();
    await edit.getByText("Alt text is required: describe what the image shows.").waitFor();
    await edit.getByLabel("Alt text").fill(ALT);
    await edit.getByLabel("Horizontal position (%)").fill("30");
    await edit.getByLabel("Vertical position (%)").fill("101");
    await edit.getByRole("button", { name: "Save Image" }).click();
    await edit.getByText("Enter the focal point as two numbers from 0 to 100.").waitFor();
    await edit.getByLabel("Vertical position (%)").fill("70");
    await edit.getByRole("button", { name: "Save Image" }).click();
    await expectToast(page, "Image updated successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => card.innerText()).toContain(ALT);
    expect(await thumb.getAttribute("style")).toContain("object-position: 30% 70%");

    // A team member chooses it from the library.
    await staff.goto(page, "/admin/cms/team");
    await page.locator('li[data-item="Marcus Hale"]').waitFor();
    await chooseAction(page, "Marcus Hale", "Edit", { exact: true });
    const member = page.getByRole("form", { name: "Edit Team Member" });
    await member.getByRole("button", { name: "Choose from Library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose an Image" });
    await picker.getByRole("button", { name: ALT }).click();
    await picker.waitFor({ state: "detached" });
    expect(await member.getByRole("img", { name: ALT }).count()).toBe(1);
    await member.getByRole("button", { name: "Update Team Member" }).click();
    await expectToast(page, "Team member updated successfully", "Success");
    // Its History names the photo as a person knows it, not by the library's id.
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await chooseAction(page, "Marcus Hale", "History", { exact: true });
    const history = page.getByRole("dialog", { name: "History of “Marcus Hale”" });
    const photoChange = history.locator('li[data-version]').first().locator('tr[data-field="imageMediaId"]');
    await photoChange.waitFor();
    expect(await photoChange.locator("ins").innerText()).toBe(`dublin-roof.jpg — ${ALT}`);
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });

    // The public /team: a <picture> with AVIF and WebP sources, sized, cropped at the focal point.
    const team = await (await fetch(`${app().url}/team`)).text();
    const id = mediaIdIn(team);
    expect(id, "a library photo on /team").toBeTruthy();
    const picture = team.slice(team.lastIndexOf("<picture", team.indexOf(`/media/${id}/`)), team.indexOf("</picture>", team.indexOf(`/media/${id}/`)));
    expect(picture).toContain('type="image/avif"');
    expect(picture).toContain('type="image/webp"');
    const avifWidths = [320, 480, 640, 768, 960, 1280, 1600, 1920];
    expect(picture).toMatch(new RegExp(`srcset="${avifWidths.map((w) => `/media/${id}/${w}\\.avif ${w}w`).join(", ")}"`, "i"));
    // The JPEG fallback: two widths.
    expect(picture).toMatch(new RegExp(`<img src="/media/${id}/640\\.jpg" srcset="/media/${id}/640\\.jpg 640w, /media/${id}/1280\\.jpg 1280w"`, "i"));
    expect(picture).toContain(`alt="${ALT}"`);
    expect(picture).toMatch(/width="256" height="256"/);
    expect(picture).toContain("object-position:30% 70%");
    expect(picture).toMatch(/fetchpriority="high"/i);

    // A variant: public, immutable, the stated format and width.
    const variant = await fetch(`${app().url}/media/${id}/640.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(640);
    expect((await fetch(`${app().url}/media/${id}/original`)).status).toBe(404);
    expect((await fetch(`${app().url}/media/${id}/333.webp`)).status).toBe(404);

    // The browser picks a copy from the <picture> (AVIF in Chromium) and draws it.
    await page.goto(`${app().url}/team`);
    const publicPhoto = page.getByRole("img", { name: ALT }).first();
    await expect.poll(() => publicPhoto.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ""))).toMatch(new RegExp(`/media/${id}/\\d+\\.avif$`));
    expect(await publicPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(256);

    // A gallery project chooses it too: /gallery's first card, above the fold, high priority.
    await staff.goto(page, "/admin/cms/gallery");
    const projectName = "Architectural Shingle Replacement in Dublin";
    await page.locator(`li[data-item="${projectName}"]`).waitFor();
    await chooseAction(page, projectName, "Edit");
    const project = page.getByRole("form", { name: "Edit Project" });
    await project.getByRole("button", { name: "Choose from Library" }).click();
    await page.getByRole("dialog", { name: "Choose an Image" }).getByRole("button", { name: ALT }).click();
    await project.getByRole("button", { name: "Update Project" }).click();
    await expectToast(page, "Gallery project updated successfully", "Success");
    const gallery = await (await fetch(`${app().url}/gallery`)).text();
    expect(mediaIdIn(gallery)).toBe(id);
    expect(gallery).toMatch(/sizes="\(min-width: 1280px\) 395px/);

    // An image in use offers no Delete: the card says where it is used and what to do; the menu leads there.
    await openLibrary(page);
    await expect.poll(() => card.innerText()).toMatch(/Used in 2 places/);
    expect(await card.getByRole("link", { name: "Team member: Marcus Hale" }).getAttribute("href")).toBe("/admin/cms/team");
    expect(await card.getByRole("link", { name: `Gallery project: ${projectName}` }).getAttribute("href")).toBe("/admin/cms/gallery");
    expect(await card.innerText()).toContain("To delete this image, choose another image in these places first.");
    expect(await menuEntries(page, "dublin-roof.jpg")).toEqual(["Edit", "Where used"]);
    await chooseAction(page, "dublin-roof.jpg", "Where used");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-media-uses") ?? false)).toBe(true);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect((await fetch(`${app().url}/media/${id}/640.webp`)).status).toBe(200);
    await expectNoAxeViolations(page, AXE);
  }, 180_000);

  test("upload from a content form's picker: alt text first, chosen once processed; a wrong file is refused with its reason", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/gallery");
    await page.getByRole("button", { name: "Add Project" }).click();
    const add = page.getByRole("form", { name: "Add Project" });
    await add.getByLabel("Title").fill("Ridge Vent Upgrade in Powell");
    await add.getByRole("button", { name: "Choose from Library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose an Image" });
    // Without alt text the upload waits.
    expect(await picker.getByLabel("Upload Image").isDisabled()).toBe(true);
    await picker.getByLabel("Alt text for the new image").fill(PICKER_ALT);
    // A text file named like a photo: refused by its content.
    await picker.getByLabel("Upload Image").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all, just text") });
    await expectToast(page, "Only JPEG, PNG, WebP, AVIF and HEIC images can be uploaded.", "Error");
    await picker.getByLabel("Upload Image").setInputFiles({ name: "powell-ridge.jpg", mimeType: "image/jpeg", buffer: smallPhoto });
    await expectToast(page, "Image uploaded successfully", "Success");
    // Chosen as soon as its copies are made; the dialog closes.
    await picker.waitFor({ state: "detached", timeout: 60_000 });
    await add.getByRole("img", { name: PICKER_ALT }).waitFor();
    await add.getByRole("button", { name: "Add Project" }).click();
    await expectToast(page, "Gallery project created successfully", "Success");
    await page.locator('li[data-item="Ridge Vent Upgrade in Powell"] img').waitFor();

    // In the library: ready, with its alt text, used by the new project; 900 px wide: no wider copy than the original.
    await openLibrary(page);
    const card = mediaCard(page, "powell-ridge.jpg");
    await expect.poll(() => card.innerText()).toMatch(/Ready[\s\S]*Used in 1 place[\s\S]*Crew installing ridge vent/);
    const variants = await (await fetch(`${app().url}/admin/media/library`, { headers: { cookie: staff.cookieHeader() } })).json();
    const image = (variants as { images: Array<{ name: string; variants: Array<{ width: number; format: string }> }> }).images.find((i) => i.name === "powell-ridge.jpg");
    expect([...new Set(image!.variants.map((v) => v.width))]).toEqual([320, 480, 640, 768, 900]);
    expect([...new Set(image!.variants.map((v) => v.format))].sort()).toEqual(["avif", "jpeg", "webp"]);
  }, 120_000);

  test("phone-size photos: a 12 MP JPEG and a 12 MP HEIC of 5-8 MB upload through the screen and are stored", async () => {
    const jpeg = await phoneJpeg();
    const heic = fs.readFileSync(PHONE_HEIC_PATH);
    for (const bytes of [jpeg, heic]) {
      expect(bytes.byteLength).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      expect(bytes.byteLength).toBeLessThanOrEqual(8 * 1024 * 1024);
    }
    const page = await staff.page();
    const posts: Array<{ path: string; status: number }> = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") posts.push({ path: new URL(response.url()).pathname, status: response.status() });
    });
    await openLibrary(page);
    const uploads = [
      { name: "IMG_4521.jpg", mimeType: "image/jpeg", buffer: jpeg, shown: "3024 × 4032", type: "image/jpeg", width: 3024, height: 4032 },
      { name: "IMG_4522.HEIC", mimeType: "image/heic", buffer: heic, shown: "4032 × 3024", type: "image/heic", width: 4032, height: 3024 },
    ];
    for (const upload of uploads) {
      const started = performance.now();
      await page.getByLabel("Upload Images").setInputFiles({ name: upload.name, mimeType: upload.mimeType, buffer: upload.buffer });
      const card = mediaCard(page, upload.name);
      await card.waitFor();
      const seconds = (performance.now() - started) / 1000;
      await expectToast(page, "Image uploaded successfully", "Success");
      // Upright (EXIF orientation applied): the sideways-stored JPEG is shown portrait.
      await expect.poll(() => card.innerText()).toContain(`${upload.shown} · original ${(upload.buffer.byteLength / 1024 / 1024).toFixed(1)} MB`);
      console.info(`media library upload: ${upload.name}, ${upload.buffer.byteLength} bytes (${(upload.buffer.byteLength / 1024 / 1024).toFixed(2)} MiB), in the grid ${seconds.toFixed(1)} s after choosing it`);
    }
    // Both went to the route's data form and were taken (no 413).
    expect(posts).toEqual([
      { path: "/admin/media.data", status: 200 },
      { path: "/admin/media.data", status: 200 },
    ]);

    // Stored: the rows, and the originals byte for byte.
    const { rows } = await staff.pool().query<{ id: string; original_name: string; content_type: string; byte_size: number; width: number; height: number; original_key: string }>(
      "select id, original_name, content_type, byte_size, width, height, original_key from media_assets where original_name = any($1) order by original_name",
      [uploads.map((u) => u.name)],
    );
    expect(rows.map((r) => [r.original_name, r.content_type, r.byte_size, r.width, r.height])).toEqual(
      uploads.map((u) => [u.name, u.type, u.buffer.byteLength, u.width, u.height]),
    );
    for (const row of rows) {
      const upload = uploads.find((u) => u.name === row.original_name)!;
      expect(fs.readFileSync(path.join(dataDir, "uploads", ...row.original_key.split("/"))).equals(upload.buffer)).toBe(true);
    }

    // The job makes their copies: both ready, in the library grid.
    for (const upload of uploads) {
      const started = performance.now();
      await expect.poll(() => mediaCard(page, upload.name).innerText(), { timeout: 150_000, interval: 1000 }).toMatch(/Ready/);
      console.info(`media library: ${upload.name} ready ${((performance.now() - started) / 1000).toFixed(1)} s later`);
    }
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  }, 300_000);

  test("a refused upload is a line in the uploader's message area and a toast, never the error page", async () => {
    const page = await staff.page();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await openLibrary(page);
    const refusals = page.locator("[data-upload-refusals]");
    const tooLarge = Buffer.concat([smallPhoto, Buffer.alloc(20 * 1024 * 1024 + 1 - smallPhoto.byteLength)]);

    // What the browser can tell (the size, the name's type) is refused without sending anything.
    await page.getByLabel("Upload Images").setInputFiles([
      { name: "drone-panorama.jpg", mimeType: "image/jpeg", buffer: tooLarge },
      { name: "estimate.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% an estimate\n") },
    ]);
    await expect.poll(() => refusals.innerText()).toContain("“drone-panorama.jpg” was not uploaded: Each image must be 20 MB or smaller.");
    expect(await refusals.innerText()).toContain("“estimate.pdf” was not uploaded: Only JPEG, PNG, WebP, AVIF and HEIC images can be uploaded.");
    expect(posts).toEqual([]);

    // What only the server can tell (the content is not an image) comes back as the same kind of line.
    await page.getByLabel("Upload Images").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all, just text") });
    await expectToast(page, "Only JPEG, PNG, WebP, AVIF and HEIC images can be uploaded.", "Error");
    await expect.poll(() => refusals.innerText()).toBe("“notes.jpg” was not uploaded: Only JPEG, PNG, WebP, AVIF and HEIC images can be uploaded.");
    expect(posts).toEqual(["/admin/media.data"]);

    // A file over the limit that reaches the server anyway (a client that skips the browser's check:
    // here the page's own router, with the screen's route action) is refused by the server in words.
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { fetch(key: string, routeId: string, href: string, opts: object): Promise<void> } }).__reactRouterDataRouter;
      const form = new FormData();
      form.set("intent", "upload-media");
      const bytes = new Uint8Array(21 * 1024 * 1024);
      bytes.set([0xff, 0xd8, 0xff, 0xe0]);
      form.set("file", new File([bytes], "scan-21mb.jpg", { type: "image/jpeg" }));
      await router.fetch("oversize-upload", "routes/admin/media", "/admin/media", { formMethod: "post", formData: form, formEncType: "multipart/form-data" });
    });
    // The server's 413 answer, or (should the browser see the connection closed first) the screen's own word.
    const refused = page.locator("[data-sonner-toast]").filter({ hasText: MEDIA_TEXT.uploadFailed }).filter({ hasText: new RegExp(`${MEDIA_TEXT.tooLarge}|${MEDIA_TEXT.interrupted}`.replace(/\./g, "\\.")) });
    await refused.first().waitFor();
    console.info(`media library: a 21 MiB upload past the browser's check was answered: ${JSON.stringify(await refused.first().innerText())}`);
    await page.getByRole("heading", { level: 1, name: /^Media Library/ }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);

    // Any other form of the screen over the 2 MiB limit gets the limit's plain-text 413 in front of the
    // router, which React Router throws: the screen says it too.
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { fetch(key: string, routeId: string, href: string, opts: object): Promise<void> } }).__reactRouterDataRouter;
      const form = new FormData();
      form.set("intent", "update-media");
      form.set("altText", "x".repeat(3 * 1024 * 1024));
      await router.fetch("oversize-form", "routes/admin/media", "/admin/media", { formMethod: "post", formData: form });
    });
    await page.locator("[data-sonner-toast]").filter({ hasText: MEDIA_TEXT.saveFailed }).filter({ hasText: "This request is too large." }).first().waitFor();
    await page.getByRole("heading", { level: 1, name: /^Media Library/ }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    expect(await staff.pool().query("select 1 from media_assets where original_name = any($1)", [["drone-panorama.jpg", "estimate.pdf", "notes.jpg", "scan-21mb.jpg"]])).toMatchObject({ rowCount: 0 });
    await expectNoAxeViolations(page, AXE);
  }, 120_000);
});
