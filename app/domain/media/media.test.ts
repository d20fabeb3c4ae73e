import fs from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsTeamMembers, mediaAssets } from "~/db/schema";
import type { MediaVariant } from "~/db/schema/media";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { action } from "~/routes/admin/media";
import type * as Queue from "~/jobs/queue.server";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { alphaPng, callAction, listFiles, MEDIA_PATH, noiseImage, noiseJpeg, uploadRequest } from "../../../tests/support/media-images";
import { makeTempDir, removeTempDir } from "../../../tests/support/temp-dirs";
import { MEDIA_TEXT, mediaOriginalKey, mediaVariantKey, mediaVariantUrl } from "./constants";
import { makeMediaVariants } from "./make-media-variants.server";
import { isMediaContentType, MEDIA_TYPES } from "./media-types";
import { MAKE_VARIANTS_JOB } from "./media-variants.job.server";
import { openMediaVariant } from "./open-media-variant.server";
import { checkUsableMedia } from "./media-image-columns.server";

/**
 * The Media Library end to end in-process (issue 12 item 1, ADR 031): the
 * multipart upload through the route's action (guard, limits, probe, the
 * kit's transaction and audit entry), the variant job's body run directly
 * (pg-boss does not run in unit tests: `enqueue` is replaced by a recorder,
 * so the tests see the job the upload sends after its commit), the files in
 * a temporary LocalDiskStorage, then edit, the "usable" rule of content
 * forms, delete (refused while used) and the variants' public addresses.
 */

const sent = vi.hoisted(() => [] as Array<{ name: string; data: unknown; options: unknown }>);
vi.mock("~/jobs/queue.server", async (importOriginal) => ({
  ...(await importOriginal<typeof Queue>()),
  enqueue: (name: string, data: unknown, options: unknown = {}) => {
    sent.push({ name, data, options });
    return Promise.resolve(`job-${sent.length}`);
  },
}));

let cookie = "";
let storageRoot = "";

beforeAll(() => {
  storageRoot = makeTempDir("media");
  setUploadStorageForTests(new LocalDiskStorage(storageRoot));
});
afterAll(async () => {
  setUploadStorageForTests(undefined);
  await removeTempDir(storageRoot);
});
beforeEach(async () => {
  cookie = await freshAdminSession();
  sent.length = 0;
});

const HEIC_FIXTURE = path.resolve("tests/fixtures/media/porch-roof.heic");

async function upload(bytes: Buffer, name: string, fields: Array<[string, string]> = []) {
  return callAction(
    action,
    uploadRequest(cookie, {
      fields: [["intent", "upload-media"], ...fields],
      files: [{ name, bytes }],
    }),
  );
}

/** Uploads and answers the new image's id (the upload must succeed). */
async function uploaded(bytes: Buffer, name: string, fields: Array<[string, string]> = []): Promise<string> {
  const { status, body } = await upload(bytes, name, fields);
  expect(body.toast.text, JSON.stringify(body)).toBe(MEDIA_TEXT.uploaded);
  expect(status).toBe(200);
  expect(body.targetId).toMatch(/^[0-9a-f-]{36}$/);
  return body.targetId!;
}

const row = async (id: string) => (await db().select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0];
const stored = (key: string) => path.join(storageRoot, ...key.split("/"));
const post = (fields: Record<string, string>) => postAdminAction(action, MEDIA_PATH, cookie, fields);
const mediaAudit = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, "media.%"), eq(auditLog.targetId, id)));

/** Checks every variant file: present, decodable, of the stated format and size, with no metadata. */
async function expectVariantFiles(id: string, variants: MediaVariant[]) {
  const formatOf = {
    avif: "heif",
    webp: "webp",
    jpeg: "jpeg",
    png: "png",
  } as const;
  for (const variant of variants) {
    const file = stored(mediaVariantKey(id, variant));
    expect(fs.existsSync(file), file).toBe(true);
    const bytes = fs.readFileSync(file);
    expect(bytes.byteLength).toBe(variant.bytes);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe(formatOf[variant.format]);
    if (variant.format === "avif") expect(meta.compression).toBe("av1");
    expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    // No EXIF (camera, GPS), no orientation tag: the pixels are upright already.
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
  }
}

const formats = (variants: MediaVariant[]) => [...new Set(variants.map((v) => v.format))].sort();
const widths = (variants: MediaVariant[]) => [...new Set(variants.map((v) => v.width))].sort((a, b) => a - b);

// Encoding AVIF on a busy two-core machine takes seconds.
describe("upload and variants", { timeout: 60_000 }, () => {
  it("a JPEG with EXIF: processing, then ready with AVIF, WebP and JPEG at every width up to the original's, metadata stripped", async () => {
    // Mild noise: AVIF of strong noise is slow, and this one is encoded four times.
    const jpeg = await noiseImage(1100, 700, 12)
      .jpeg({ quality: 80 })
      .withMetadata({
        exif: { IFD0: { Copyright: "x", Make: "PhoneCo", Model: "Snap 9" } },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const id = await uploaded(jpeg, "IMG_0001.JPG", [["altText", "A new roof"]]);
    const before = await row(id);
    expect(before).toMatchObject({
      status: "processing",
      contentType: "image/jpeg",
      originalName: "IMG_0001.JPG",
      width: 1100,
      height: 700,
      byteSize: jpeg.byteLength,
      altText: "A new roof",
      variants: [],
      failureMessage: null,
    });
    expect(fs.readFileSync(stored(mediaOriginalKey(id))).equals(jpeg)).toBe(true);
    // The variant job is sent once the upload committed, one per image.
    expect(sent).toEqual([
      {
        name: MAKE_VARIANTS_JOB,
        data: { assetId: id },
        options: { singletonKey: id },
      },
    ]);

    expect(await makeMediaVariants(id)).toBe("ready");
    const after = (await row(id))!;
    expect(after.status).toBe("ready");
    expect(after.failureMessage).toBeNull();
    // AVIF and WebP at every step below the original and at its own width; the JPEG fallback at 640 and 1100.
    expect(widths(after.variants)).toEqual([320, 480, 640, 768, 960, 1100]);
    expect(formats(after.variants)).toEqual(["avif", "jpeg", "webp"]);
    expect(after.variants).toHaveLength(14);
    expect(widths(after.variants.filter((v) => v.format === "jpeg"))).toEqual([640, 1100]);
    for (const v of after.variants) {
      expect(v.width).toBeLessThanOrEqual(1100);
      expect(Math.abs(v.height - (v.width * 700) / 1100)).toBeLessThanOrEqual(1);
    }
    expect(after.variantBytes).toBe(after.variants.reduce((sum, v) => sum + v.bytes, 0));
    await expectVariantFiles(id, after.variants);

    // The job again (a retry, the resume sweep): nothing to do.
    expect(await makeMediaVariants(id)).toBe("skipped");

    const [entry] = await mediaAudit(id);
    expect(entry).toMatchObject({
      action: "media.upload",
      outcome: "success",
      targetType: "media_asset",
      ipAddress: "203.0.113.31",
      details: {
        name: "IMG_0001.JPG",
        type: "image/jpeg",
        bytes: jpeg.byteLength,
        width: 1100,
        height: 700,
      },
    });
  });

  it("a PNG with transparency gets a PNG fallback (with its alpha) instead of JPEG; a small image is never enlarged", async () => {
    const png = await alphaPng(500, 300);
    const id = await uploaded(png, "logo.png");
    expect(await row(id)).toMatchObject({
      contentType: "image/png",
      width: 500,
      height: 300,
      altText: "",
    });
    expect(await makeMediaVariants(id)).toBe("ready");
    const { variants } = (await row(id))!;
    expect(widths(variants)).toEqual([320, 480, 500]);
    expect(formats(variants)).toEqual(["avif", "png", "webp"]);
    await expectVariantFiles(id, variants);
    const fallback = variants.find((v) => v.format === "png" && v.width === 500)!;
    expect((await sharp(stored(mediaVariantKey(id, fallback))).metadata()).hasAlpha).toBe(true);
  });

  it("EXIF orientation 6 (a phone held upright): the size is the upright one and the variants are turned", async () => {
    // Stored 800 x 400 landscape, tagged "rotate 90° clockwise to view": upright it is 400 x 800.
    const jpeg = await noiseImage(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const id = await uploaded(jpeg, "portrait.jpeg");
    expect(await row(id)).toMatchObject({ width: 400, height: 800 });
    expect(await makeMediaVariants(id)).toBe("ready");
    const { variants } = (await row(id))!;
    expect(widths(variants)).toEqual([320, 400]);
    for (const v of variants) expect(v.height).toBe(v.width * 2);
    await expectVariantFiles(id, variants);
  });

  it("a HEIC photo (iPhone) is decoded and made ready", async () => {
    const heic = fs.readFileSync(HEIC_FIXTURE);
    const id = await uploaded(heic, "porch-roof.heic");
    expect(await row(id)).toMatchObject({
      contentType: "image/heic",
      width: 640,
      height: 480,
      status: "processing",
    });
    expect(await makeMediaVariants(id)).toBe("ready");
    const { variants } = (await row(id))!;
    expect(widths(variants)).toEqual([320, 480, 640]);
    expect(formats(variants)).toEqual(["avif", "jpeg", "webp"]);
    await expectVariantFiles(id, variants);
  });

  it("a truncated JPEG passes the upload's header check, then the job marks it failed with a message staff can act on", async () => {
    const whole = await noiseJpeg(900, 600);
    const truncated = whole.subarray(0, Math.floor(whole.byteLength / 2));
    const id = await uploaded(truncated, "cut.jpg");
    expect(await row(id)).toMatchObject({
      status: "processing",
      width: 900,
      height: 600,
    });

    expect(await makeMediaVariants(id)).toBe("failed");
    const failed = (await row(id))!;
    expect(failed.status).toBe("failed");
    expect(failed.failureMessage).toMatch(/^This image could not be processed/);
    expect(failed.failureMessage!.length).toBeLessThanOrEqual(300);
    expect(failed.variants).toEqual([]);
    // Nothing but the original was written.
    expect(listFiles(storageRoot).filter((f) => f.startsWith(`media${path.sep}${id}`))).toEqual([path.join("media", id, "original")]);
    expect(await makeMediaVariants(id)).toBe("skipped");

    // "Process again" puts it back to processing (and the job fails it again: the file is still damaged).
    sent.length = 0;
    const retry = await post({ intent: "retry-media", id });
    expect(retry.status).toBe(200);
    expect(sent).toEqual([
      {
        name: MAKE_VARIANTS_JOB,
        data: { assetId: id },
        options: { singletonKey: id },
      },
    ]);
    expect(await row(id)).toMatchObject({
      status: "processing",
      failureMessage: null,
    });
    expect(await makeMediaVariants(id)).toBe("failed");
  });

  it("a stored content type the library does not accept is failed by the job, not guessed at", async () => {
    const id = await uploaded(await noiseJpeg(400, 300), "roof.jpg");
    // The column is text: a type written by hand or by another version of the upload.
    await db().update(mediaAssets).set({ contentType: "image/gif" }).where(eq(mediaAssets.id, id));

    expect(await makeMediaVariants(id)).toBe("failed");
    const failed = (await row(id))!;
    expect(failed.status).toBe("failed");
    expect(failed.failureMessage).toMatch(/^This image could not be processed: .*\(unknown content type "image\/gif"\)$/);
    expect(failed.variants).toEqual([]);
    expect(listFiles(storageRoot).filter((f) => f.startsWith(`media${path.sep}${id}`))).toEqual([path.join("media", id, "original")]);
  });

  it("other truncated formats: refused at the upload (422) or failed by the job, never ready and never a throw", async () => {
    const small = noiseImage(400, 300);
    const files: Array<[string, Buffer]> = [
      ["cut.png", await small.clone().png().toBuffer()],
      ["cut.avif", await small.clone().avif({ effort: 0 }).toBuffer()],
      ["cut.webp", await small.clone().webp().toBuffer()],
      ["cut.heic", fs.readFileSync(HEIC_FIXTURE)],
    ];
    const outcomes: string[] = [];
    for (const [name, whole] of files) {
      const { status, body } = await upload(whole.subarray(0, Math.floor(whole.byteLength * 0.6)), name);
      if (status === 200) {
        const result = await makeMediaVariants(body.targetId!);
        expect(result, name).toBe("failed");
        expect((await row(body.targetId!))!.failureMessage, name).toMatch(/^This image could not be processed/);
        outcomes.push(`${name}: failed`);
      } else {
        expect(status, name).toBe(422);
        expect(body.toast.detail, name).toBe(MEDIA_TEXT.unreadable);
        outcomes.push(`${name}: 422`);
      }
    }
    expect(await db().select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.status, "ready"))).toEqual([]);
    // (With this sharp and libheif: PNG, AVIF and HEIC fail in the job; a cut WebP is refused at the upload.)
    expect(outcomes).toHaveLength(files.length);
  });
});

describe("edit, use and delete", { timeout: 60_000 }, () => {
  async function readyImage(altText = ""): Promise<string> {
    const id = await uploaded(await noiseJpeg(400, 300), "roof.jpg", altText ? [["altText", altText]] : []);
    expect(await makeMediaVariants(id)).toBe("ready");
    return id;
  }

  it("update-media sets the alt text and focal point (audited); a focal point out of range is a 400 and changes nothing", async () => {
    const id = await readyImage();
    const saved = await post({
      intent: "update-media",
      id,
      altText: "  Slate roof after the repair ",
      focalPoint: "30,70",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.toast.text).toBe(MEDIA_TEXT.saved);
    expect(await row(id)).toMatchObject({
      altText: "Slate roof after the repair",
      focalX: 30,
      focalY: 70,
    });

    for (const focalPoint of ["101,5", "5,101", "-1,5", "50", "a,b", "50,50,50", ""]) {
      const refused = await post({
        intent: "update-media",
        id,
        altText: "Other",
        focalPoint,
      });
      expect(refused.status, focalPoint).toBe(400);
      expect(refused.body.fieldErrors?.focalPoint, focalPoint).toBe(MEDIA_TEXT.focalInvalid);
    }
    const noAlt = await post({
      intent: "update-media",
      id,
      altText: "   ",
      focalPoint: "10,10",
    });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fieldErrors?.altText).toBe(MEDIA_TEXT.altRequired);
    expect(await row(id)).toMatchObject({
      altText: "Slate roof after the repair",
      focalX: 30,
      focalY: 70,
    });

    const missing = await post({
      intent: "update-media",
      id: "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77",
      altText: "x",
      focalPoint: "1,1",
    });
    expect(missing.status).toBe(404);

    const entries = (await mediaAudit(id)).filter((e) => e.action === "media.update");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      outcome: "success",
      details: { focalX: 30, focalY: 70 },
    });
  });

  it("checkUsableMedia: only a ready image with alt text can be chosen", async () => {
    const processingId = await uploaded(await noiseJpeg(400, 300), "wait.jpg", [["altText", "Has alt text"]]);
    const noAltId = await readyImage();
    const goodId = await readyImage("A ridge vent");
    const refused = { imageMediaId: MEDIA_TEXT.notUsable };
    await db().transaction(async (tx) => {
      expect(await checkUsableMedia(tx, null)).toBeNull();
      expect(await checkUsableMedia(tx, goodId)).toBeNull();
      expect(await checkUsableMedia(tx, processingId)).toEqual(refused);
      expect(await checkUsableMedia(tx, noAltId)).toEqual(refused);
      expect(await checkUsableMedia(tx, "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77")).toEqual(refused);
    });
    // A failed image cannot be chosen either.
    const whole = await noiseJpeg(400, 300);
    const failedId = await uploaded(whole.subarray(0, whole.byteLength >> 1), "bad.jpg", [["altText", "Broken"]]);
    expect(await makeMediaVariants(failedId)).toBe("failed");
    await db().transaction(async (tx) => expect(await checkUsableMedia(tx, failedId)).toEqual(refused));
  });

  it("delete is refused (409, naming the use) while a team member uses the image; once unused, the row and every file go", async () => {
    const id = await readyImage("Marcus on a roof");
    const { variants, originalKey } = (await row(id))!;
    const keys = [originalKey, ...variants.map((v) => mediaVariantKey(id, v))];
    const [member] = await db().select().from(cmsTeamMembers).limit(1);
    expect(member).toBeDefined();
    await db().update(cmsTeamMembers).set({ imageMediaId: id }).where(eq(cmsTeamMembers.id, member!.id));

    const refused = await post({ intent: "delete-media", id });
    expect(refused.status).toBe(409);
    expect(refused.body.toast.text).toBe(MEDIA_TEXT.inUse);
    expect((refused.body.toast as { detail?: string }).detail).toContain(`Team member “${member!.name}”`);
    expect(await row(id)).toBeDefined();
    for (const key of keys) expect(fs.existsSync(stored(key)), key).toBe(true);

    await db().update(cmsTeamMembers).set({ imageMediaId: null }).where(eq(cmsTeamMembers.id, member!.id));
    const deleted = await post({ intent: "delete-media", id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.toast.text).toBe(MEDIA_TEXT.deleted);
    expect(await row(id)).toBeUndefined();
    for (const key of keys) expect(fs.existsSync(stored(key)), key).toBe(false);
    expect(listFiles(storageRoot).filter((f) => f.includes(id))).toEqual([]);

    expect((await post({ intent: "delete-media", id })).status).toBe(404);

    const actions = (await mediaAudit(id)).map((e) => e.action).sort();
    expect(actions).toEqual(["media.delete", "media.upload"]);
  });

  it("audit entries for upload, update and delete, each by the signed-in admin", async () => {
    const id = await readyImage("Gutter");
    expect(
      (
        await post({
          intent: "update-media",
          id,
          altText: "Gutter guard",
          focalPoint: "50,20",
        })
      ).status,
    ).toBe(200);
    expect((await post({ intent: "delete-media", id })).status).toBe(200);
    const entries = await mediaAudit(id);
    expect(entries.map((e) => e.action).sort()).toEqual(["media.delete", "media.update", "media.upload"]);
    const actors = new Set(entries.map((e) => e.actorUserId));
    expect(actors.size).toBe(1);
    expect([...actors][0]).toBeTruthy();
    for (const e of entries)
      expect(e).toMatchObject({
        outcome: "success",
        targetType: "media_asset",
        details: { name: "roof.jpg" },
      });
  });
});

describe("public addresses of the variants", { timeout: 60_000 }, () => {
  it("each variant is served by its address with its content type; the original and unknown addresses are not", async () => {
    const id = await uploaded(await noiseJpeg(400, 300), "served.jpg");
    expect(await makeMediaVariants(id)).toBe("ready");
    const { variants } = (await row(id))!;
    const contentTypes = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };
    for (const variant of variants) {
      const [, , assetId, file] = mediaVariantUrl(id, variant).split("/");
      const opened = await openMediaVariant(assetId, file);
      expect(opened, file).not.toBeNull();
      opened!.stream.destroy();
      expect(opened).toMatchObject({ size: variant.bytes, contentType: contentTypes[variant.format] });
    }
    for (const file of ["original", "original.jpg", "321.webp", "320.gif", "320-webp", "../original", "0320.webp", ""]) {
      expect(await openMediaVariant(id, file), file).toBeNull();
    }
    for (const assetId of ["not-a-uuid", "", undefined, "../../etc", "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77"]) {
      expect(await openMediaVariant(assetId, "320.webp"), String(assetId)).toBeNull();
    }
  });

  // Storage keys are lower case: an id in another spelling names nothing (404), never an error (a 500 before).
  it("an address with the id in upper case is not found (404), not an error", async () => {
    expect(await openMediaVariant("0B7C2F1E-8D4A-4C59-9F3E-2A6B1D0E5C77", "320.webp")).toBeNull();
  });
});

describe("isMediaContentType", () => {
  it("accepts exactly the library's types", () => {
    for (const type of Object.keys(MEDIA_TYPES)) expect(isMediaContentType(type), type).toBe(true);
    for (const type of ["image/gif", "application/pdf", "IMAGE/JPEG", "", "toString", "constructor"]) expect(isMediaContentType(type), type).toBe(false);
  });
});
