import { Writable } from "node:stream";
import type { SessionUser } from "~/domain/accounts/session.server";
import { discardUploads, readFormWithFiles, UploadError, type FormReadLimits, type StagedUpload } from "~/domain/storage/read-form-with-files.server";
import type { StagedFile, UploadStorage } from "~/domain/storage/upload-storage.server";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import { adminAnswer, runAdminChange, type AdminAnswer } from "~/lib/admin-action.server";
import { fieldErrorsOf } from "~/lib/admin-result";
import { logger } from "~/lib/logger.server";
import { uploadMediaSchema } from "./admin-schemas";
import { MEDIA_MAX_FILE_BYTES, MEDIA_TEXT, mediaOriginalKey } from "./constants";
import { createMediaAsset, newMediaAssetId } from "./create-media-asset.server";
import { MEDIA_UPLOAD_TYPES, type MediaContentType } from "./media-types";
import { ImageProbeError, probeImage } from "./probe-image.server";

/**
 * The Media Library's upload (a multipart POST to /admin/media): one image
 * per request (the screen sends several one after another, each with its own
 * answer). Limits while the body streams in (QUALITY S20): 20 MB, JPEG, PNG,
 * WebP, AVIF or HEIC by content AND name; then the header's pixel count
 * (probe-image); then the kit's transaction with its audit entry. Every
 * refusal is a 4xx with the reason as the toast's second line, and nothing is
 * stored. The answer is the action's data at the route's path and at its data
 * form (/admin/media.data, where the screen's fetcher posts: ADR 031), so the
 * screen shows the reason in its message area. The caller has run the guard.
 */

const INTENT = "upload-media";

const MEDIA_READ_LIMITS: FormReadLimits<MediaContentType> = {
  fileFields: ["file"],
  maxFiles: 1,
  maxFileBytes: MEDIA_MAX_FILE_BYTES,
  maxFields: 4,
  maxFieldBytes: 4 * 1024,
  types: MEDIA_UPLOAD_TYPES,
};

/**
 * Staging in memory: the probe and the database need the whole file anyway, and one admin's upload of at
 * most 20 MB is a fair price for not writing it to disk twice. `commit` is never called: the original is
 * stored with `put` inside the transaction.
 */
function memoryStaging(): UploadStorage & { bytesOf(staged: StagedFile): Buffer } {
  const contents = new WeakMap<StagedFile, Buffer[]>();
  const unsupported = () => Promise.reject(new Error("memory staging only stages"));
  return {
    stage() {
      const chunks: Buffer[] = [];
      const staged: StagedFile = {
        writable: new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        }),
        commit: unsupported,
        discard: async () => {
          chunks.length = 0;
        },
      };
      contents.set(staged, chunks);
      return staged;
    },
    put: unsupported,
    get: unsupported,
    delete: unsupported,
    bytesOf: (staged) => Buffer.concat(contents.get(staged) ?? []),
  };
}

function refuse(status: number, detail: string, fieldErrors?: Record<string, string>): AdminAnswer {
  return adminAnswer({ ok: false, intent: INTENT, fieldErrors, toast: { variant: "error", title: "Error", text: MEDIA_TEXT.uploadFailed, detail } }, status);
}

/** The screen's words for a refusal while reading: the library's own limit, in its own terms. */
function refusalText(error: UploadError): string {
  if (error.code === "file_too_large" || error.code === "too_large") return MEDIA_TEXT.tooLarge;
  if (error.code === "too_many_files") return MEDIA_TEXT.oneAtATime;
  return error.message;
}

export async function uploadMediaAction({ request, params, actor }: { request: Request; params: Record<string, string | undefined>; actor: SessionUser }) {
  const staging = memoryStaging();
  let files: StagedUpload<MediaContentType>[] = [];
  let fields: Map<string, string[]>;
  try {
    ({ fields, files } = await readFormWithFiles(request, staging, MEDIA_READ_LIMITS));
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ code: error.code, status: error.status }, "media upload refused while reading");
      return refuse(error.status, refusalText(error));
    }
    throw error;
  }
  try {
    const file = files[0];
    if (!file) return refuse(400, MEDIA_TEXT.noFile);
    // No prototype: a field named "__proto__" is a field like any other (and refused by the strict schema).
    const single = Object.create(null) as Record<string, string>;
    for (const [name, values] of fields) {
      if (values.length !== 1) return refuse(400, MEDIA_TEXT.fieldTwice);
      single[name] = values[0]!;
    }
    const parsed = uploadMediaSchema.safeParse(single);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      return refuse(400, Object.values(fieldErrors)[0] ?? MEDIA_TEXT.uploadFailed, fieldErrors);
    }
    const bytes = staging.bytesOf(file.staged);
    const contentType = file.contentType;
    let size: { width: number; height: number };
    try {
      size = await probeImage(bytes, contentType);
    } catch (error) {
      if (error instanceof ImageProbeError) {
        logger.info({ status: error.status, type: contentType, bytes: bytes.byteLength }, "media upload refused by the image check");
        return refuse(error.status, error.message);
      }
      throw error;
    }
    const id = newMediaAssetId();
    const answer = await runAdminChange(
      { failure: MEDIA_TEXT.uploadFailed, answerTarget: true, run: (_input, ctx) => createMediaAsset(ctx.tx, ctx.actor, { id, bytes, originalName: file.originalName, contentType, sha256: file.sha256, width: size.width, height: size.height, altText: parsed.data.altText }) },
      INTENT,
      parsed.data,
      { actor, request, params },
    );
    if (!answer.data.ok) {
      // The transaction did not commit: the original may have been stored before it failed.
      await uploadStorage().delete(mediaOriginalKey(id)).catch((error: unknown) => logger.warn({ err: error, id }, "media upload: could not delete an uncommitted original"));
    }
    return answer;
  } finally {
    await discardUploads(files);
  }
}
