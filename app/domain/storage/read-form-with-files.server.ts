import crypto from "node:crypto";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAGIC_BYTES_LENGTH, type UploadContentType, type UploadTypePolicy } from "./file-types";
import type { StagedFile, UploadStorage } from "./upload-storage.server";

/**
 * Reads a `multipart/form-data` (or urlencoded) request body as a stream and
 * enforces every limit while reading (QUALITY S20): file count and size,
 * field count and size, total size, allowed types by extension AND magic
 * bytes. Files go straight to the storage's staging area; nothing is kept in
 * memory but small text fields.
 *
 * On any failure every staged file is discarded and an UploadError says what
 * to answer: 400 malformed, 413 too large, 415 unsupported type. After an
 * error in the middle of the body the rest is read and thrown away (up to the
 * total cap), so the client receives the answer instead of a reset connection.
 */

export class UploadError extends Error {
  constructor(
    public readonly status: 400 | 413 | 415,
    public readonly code:
      | "bad_content_type"
      | "malformed"
      | "too_large"
      | "too_many_files"
      | "file_too_large"
      | "field_too_large"
      | "too_many_fields"
      | "unexpected_file"
      | "unsupported_file_type"
      | "empty_file",
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }

  /** The text fields read before and after the problem (to show the form again with them). */
  fields?: Map<string, string[]>;
}

export interface FormReadLimits<T extends string = string> {
  /** Names of the fields that may carry files. */
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
  /** The accepted file types (the inspection form's attachments: ATTACHMENT_TYPES). */
  types: UploadTypePolicy<T>;
}

export interface StagedUpload<T extends string = UploadContentType> {
  field: string;
  /** As the client sent it: display only. */
  originalName: string;
  /** From the magic bytes: one of the policy's types. */
  contentType: T;
  size: number;
  sha256: string;
  staged: StagedFile;
}

export interface FormWithFiles<T extends string = UploadContentType> {
  /** Every value of every text field, in order. */
  fields: Map<string, string[]>;
  files: StagedUpload<T>[];
}

/** The largest body these limits allow (files plus a generous allowance for fields and multipart framing). */
export function maxBodyBytes(limits: FormReadLimits<string>): number {
  return limits.maxFiles * limits.maxFileBytes + limits.maxFields * limits.maxFieldBytes + 256 * 1024;
}

/** Discards every staged file of `form` (never throws). */
export async function discardUploads(files: readonly StagedUpload<string>[]): Promise<void> {
  await Promise.all(files.map((f) => f.staged.discard().catch(() => {})));
}

export function readFormWithFiles<T extends string>(request: Request, storage: UploadStorage, limits: FormReadLimits<T>): Promise<FormWithFiles<T>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i.test(contentType)) {
    return Promise.reject(new UploadError(415, "bad_content_type", "The form must be sent as multipart/form-data."));
  }
  const cap = maxBodyBytes(limits);
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > cap) {
    return Promise.reject(new UploadError(413, "too_large", "The request is too large."));
  }
  if (!request.body) return Promise.resolve({ fields: new Map(), files: [] });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defCharset: "utf8",
      defParamCharset: "utf8",
      limits: {
        fieldNameSize: 100,
        fieldSize: limits.maxFieldBytes,
        fields: limits.maxFields,
        // One over the limit, so that the extra file is seen and refused (not silently dropped).
        files: limits.maxFiles + 1,
        // One byte over, so that a file of exactly the limit passes and one byte more is seen (and refused).
        fileSize: limits.maxFileBytes + 1,
        parts: limits.maxFields + limits.maxFiles + 1,
        headerPairs: 20,
      },
    });
  } catch (error) {
    return Promise.reject(new UploadError(415, "bad_content_type", `The form could not be read: ${(error as Error).message}`));
  }

  return new Promise<FormWithFiles<T>>((resolve, reject) => {
    const fields = new Map<string, string[]>();
    const files: StagedUpload<T>[] = [];
    const pendingFiles: Array<Promise<void>> = [];
    let failure: UploadError | null = null;
    let received = 0;
    let settled = false;

    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);

    const fail = (error: UploadError) => {
      failure ??= error;
    };
    const finish = async ({ waitForFiles }: { waitForFiles: boolean }) => {
      if (settled) return;
      settled = true;
      // After an abort the parts will never end: do not wait for them.
      if (waitForFiles) await Promise.allSettled(pendingFiles);
      if (failure) {
        await discardUploads(files);
        failure.fields = fields;
        reject(failure);
      } else {
        resolve({ fields, files });
      }
    };
    /** Stops reading at once (the body is beyond any limit or broken). */
    const abort = (error: UploadError) => {
      fail(error);
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      parser.destroy();
      void finish({ waitForFiles: false });
    };

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > cap) abort(new UploadError(413, "too_large", "The request is too large."));
    });
    source.on("error", () => abort(new UploadError(400, "malformed", "The request body could not be read.")));

    // Fields are still collected after a failure (within the limits): the form is shown again with them.
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated) return fail(new UploadError(400, "malformed", "A field name is too long."));
      if (info.valueTruncated) return fail(new UploadError(413, "field_too_large", `The field ${JSON.stringify(name)} is too long.`));
      const list = fields.get(name);
      if (list) list.push(value);
      else fields.set(name, [value]);
    });

    parser.on("file", (name, stream, info) => {
      // A file input left empty still sends a part with no name and no bytes: skip it.
      const skip = () => {
        stream.resume();
      };
      if (failure) return skip();
      if (!limits.fileFields.includes(name)) {
        fail(new UploadError(400, "unexpected_file", `The field ${JSON.stringify(name)} cannot carry a file.`));
        return skip();
      }
      const filename = clientFileName(info.filename ?? "");
      if (filename === "") {
        // Count it only if it had bytes (checked below through `size`).
        let bytes = 0;
        stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
        stream.on("end", () => {
          if (bytes > 0) fail(new UploadError(400, "malformed", "A file without a name was sent."));
        });
        return;
      }
      if (files.length >= limits.maxFiles) {
        fail(new UploadError(413, "too_many_files", `At most ${limits.maxFiles} files can be attached.`));
        return skip();
      }
      if (!limits.types.allowedExtension(filename)) {
        fail(new UploadError(415, "unsupported_file_type", limits.types.unsupportedMessage));
        return skip();
      }
      pendingFiles.push(
        receiveFile({ name, filename, stream, limits, stageFile: () => storage.stage(), fail, files }).catch((error: unknown) => {
          fail(error instanceof UploadError ? error : new UploadError(400, "malformed", "A file could not be stored."));
          stream.resume();
        }),
      );
    });

    parser.on("filesLimit", () => fail(new UploadError(413, "too_many_files", `At most ${limits.maxFiles} files can be attached.`)));
    parser.on("fieldsLimit", () => fail(new UploadError(413, "too_many_fields", "The form has too many fields.")));
    parser.on("partsLimit", () => fail(new UploadError(413, "too_many_fields", "The form has too many parts.")));
    parser.on("error", (error: Error) => abort(new UploadError(400, "malformed", `The form could not be read: ${error.message}`)));
    parser.on("close", () => void finish({ waitForFiles: true }));

    source.pipe(parser);
  });
}

/**
 * The client's file name for display: browsers escape `"`, CR and LF in
 * multipart names as %22, %0D, %0A (WHATWG); undo that, drop control
 * characters and any path, keep at most 255 characters.
 */
function clientFileName(raw: string): string {
  return (
    raw
      .replace(/%(22|0d|0a)/gi, (m) => decodeURIComponent(m))
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .split(/[\\/]/)
      .pop()!
      .trim()
      .slice(0, 255)
  );
}

interface ReceiveFileInput<T extends string> {
  name: string;
  filename: string;
  stream: Readable & { truncated?: boolean };
  limits: FormReadLimits<T>;
  stageFile: () => StagedFile;
  fail: (error: UploadError) => void;
  files: StagedUpload<T>[];
}

/** Streams one file part into a staging file, checking its size and magic bytes on the way. */
function receiveFile<T extends string>({ name, filename, stream, limits, stageFile, fail, files }: ReceiveFileInput<T>): Promise<void> {
  const staged = stageFile();
  const entry: Partial<StagedUpload<T>> & { staged: StagedFile } = { field: name, originalName: filename, staged };
  // Registered at once, so that a failure anywhere discards this file too.
  files.push(entry as StagedUpload<T>);
  const types = limits.types;
  const unsupported = () => new UploadError(415, "unsupported_file_type", types.unsupportedMessage);
  const hash = crypto.createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  let rejected = false;
  const writable = staged.writable;

  const tooLarge = () => {
    const max = limits.maxFileBytes;
    const shown = max >= 1024 * 1024 ? `${Math.floor(max / 1024 / 1024)} MB` : `${Math.floor(max / 1024)} KB`;
    return new UploadError(413, "file_too_large", `Each file must be ${shown} or smaller.`);
  };
  const reject = (error: UploadError) => {
    if (rejected) return;
    rejected = true;
    fail(error);
    // Keep the part flowing (and discarded) so the rest of the body can be read.
    stream.resume();
  };

  return new Promise<void>((resolve) => {
    stream.on("data", (chunk: Buffer) => {
      if (rejected) return;
      size += chunk.length;
      if (size > limits.maxFileBytes) return reject(tooLarge());
      hash.update(chunk);
      if (head.length < MAGIC_BYTES_LENGTH) {
        head = Buffer.concat([head, chunk.subarray(0, MAGIC_BYTES_LENGTH - head.length)]);
        if (head.length >= MAGIC_BYTES_LENGTH && !types.detect(head)) return reject(unsupported());
      }
      if (!writable.write(chunk)) {
        stream.pause();
        writable.once("drain", () => stream.resume());
      }
    });
    stream.on("limit", () => reject(tooLarge()));
    stream.on("error", () => reject(new UploadError(400, "malformed", "A file could not be read.")));
    stream.on("end", () => {
      if (!rejected) {
        const type = types.detect(head);
        if (size === 0) reject(new UploadError(400, "empty_file", `The file ${JSON.stringify(filename)} is empty.`));
        else if (!type) reject(unsupported());
        else {
          entry.contentType = type;
          entry.size = size;
          entry.sha256 = hash.digest("hex");
        }
      }
      if (rejected) {
        resolve();
        return;
      }
      writable.end();
      finished(writable).then(
        () => resolve(),
        () => {
          reject(new UploadError(400, "malformed", "A file could not be stored."));
          resolve();
        },
      );
    });
  });
}
