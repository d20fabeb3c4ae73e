import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { config, type S3StorageSettings } from "~/config.server";
import { logger } from "~/lib/logger.server";

/**
 * Where uploaded files live (QUALITY S20). Files are stored under generated
 * keys (never the client's name) outside the web root, and only reach a
 * browser through a guarded download route.
 *
 * The default is the local disk under `${DATA_DIR}/uploads`
 * (LocalDiskStorage); with STORAGE_URL=s3://bucket/prefix?... an S3 bucket
 * (S3UploadStorage), which several instances can share (ADR 033).
 *
 * Nothing half-written: a request's files are first written to a staging
 * area (`stage()`), and moved under their key (`commit`) only inside the
 * database transaction that records them; on any failure they are discarded,
 * and a committed file is deleted again if the transaction then fails.
 */

export interface StagedFile {
  /** Receives the bytes while the request is read. */
  readonly writable: Writable;
  /** Moves the staged bytes under `key` (after `writable` finished). */
  commit(key: string, options?: PutOptions): Promise<void>;
  /** Deletes the staged bytes. Safe to call twice, and a no-op after commit. */
  discard(): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface PutOptions {
  /** The media type recorded with the file where the storage keeps one (S3); downloads set their own. */
  contentType?: string;
}

export interface UploadStorage {
  /** A new staging file. */
  stage(): StagedFile;
  /** Stores `body` under `key` atomically (a reader never sees part of it). */
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<void>;
  /** The file under `key`; throws StoredFileNotFoundError. */
  get(key: string): Promise<StoredFile>;
  /** Deletes `key`; no error if it does not exist. */
  delete(key: string): Promise<void>;
}

export class StoredFileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file under ${JSON.stringify(key)}`);
    this.name = "StoredFileNotFoundError";
  }
}

/** Keys are generated (newStorageKey); this refuses anything that could leave the root. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

/** A new random key under `prefix`, e.g. `leads/2026/11/5f0c...`. */
export function newStorageKey(prefix: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const key = `${prefix}/${month}/${crypto.randomUUID()}`;
  assertStorageKey(key);
  return key;
}

/** Staged files older than this are left over from a crash and removed. */
const STALE_STAGING_MS = 60 * 60_000;
const STAGING_DIR = ".staging";

/**
 * Request files on the local disk until they are committed: a private
 * directory of `<uuid>.part` files. `commit` hands the finished file to
 * `store`, which must make it appear under its key at once or not at all.
 */
class StagingArea {
  private swept = false;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  stage(store: (stagedPath: string, key: string, options: PutOptions) => Promise<void>): StagedFile {
    this.sweepOnce();
    const stagedPath = path.join(this.dir, `${crypto.randomUUID()}.part`);
    const writable = fs.createWriteStream(stagedPath, { flags: "wx", mode: 0o600 });
    // Errors surface through the writer (pipeline/finish); never as an unhandled 'error'.
    writable.on("error", () => {});
    let state: "staged" | "committing" | "committed" | "discarded" = "staged";
    const closed = () =>
      writable.closed ? Promise.resolve() : new Promise<void>((resolve) => writable.once("close", () => resolve()));
    return {
      writable,
      commit: async (key, options = {}) => {
        if (state !== "staged") throw new Error(`cannot commit a ${state} file`);
        assertStorageKey(key);
        state = "committing";
        try {
          await closed();
          await store(stagedPath, key, options);
        } catch (error) {
          state = "staged"; // still ours: discard() removes it
          throw error;
        }
        state = "committed";
        await fsp.rm(stagedPath, { force: true }).catch(() => {});
      },
      discard: async () => {
        if (state !== "staged") return;
        state = "discarded";
        if (!writable.destroyed) writable.destroy();
        await closed();
        await fsp.rm(stagedPath, { force: true });
      },
    };
  }

  /** Stores a stream through a staged file (used by put for streams). */
  async putThrough(stagedFile: StagedFile, body: Readable | Uint8Array, key: string, options?: PutOptions): Promise<void> {
    try {
      await pipeline(body instanceof Readable ? body : Readable.from([body]), stagedFile.writable);
      await stagedFile.commit(key, options);
    } catch (error) {
      await stagedFile.discard();
      throw error;
    }
  }

  /** Removes staging files a crashed process left behind (once per process, in the background). */
  private sweepOnce() {
    if (this.swept) return;
    this.swept = true;
    void (async () => {
      const cutoff = Date.now() - STALE_STAGING_MS;
      for (const name of await fsp.readdir(this.dir)) {
        const file = path.join(this.dir, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true });
      }
    })().catch((error) => logger.warn({ err: error }, "could not sweep the upload staging directory"));
  }
}

export class LocalDiskStorage implements UploadStorage {
  readonly root: string;
  readonly stagingDir: string;
  private readonly staging: StagingArea;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.stagingDir = path.join(this.root, STAGING_DIR);
    this.staging = new StagingArea(this.stagingDir);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  stage(): StagedFile {
    return this.staging.stage(async (stagedPath, key) => {
      const target = this.pathOf(key);
      // A delete in the same folder may remove it, once empty, between the two calls: make it again.
      for (let attempt = 1; ; attempt++) {
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        try {
          await fsp.rename(stagedPath, target);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 3) throw error;
        }
      }
    });
  }

  async put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<void> {
    assertStorageKey(key);
    return this.staging.putThrough(this.stage(), body, key, options);
  }

  async get(key: string): Promise<StoredFile> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileNotFoundError(key);
      throw error;
    }
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    // The folders the file was kept in go too once empty (a deleted image leaves no media/<id>/ behind).
    for (let dir = path.dirname(file); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        break; // not empty (or already gone): the folders above are not empty either
      }
    }
  }
}

export interface S3UploadStorageOptions extends S3StorageSettings {
  /** Local directory for files being received (a request's files are uploaded on commit). */
  stagingDir: string;
  /** A ready client (tests: explicit credentials); by default one from the settings and the AWS provider chain. */
  client?: S3Client;
}

/** The client for S3StorageSettings; credentials come from the AWS SDK's provider chain. */
export function s3ClientFor(settings: S3StorageSettings, extra: Partial<ConstructorParameters<typeof S3Client>[0]> = {}): S3Client {
  return new S3Client({
    region: settings.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? "us-east-1",
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the API requires them: many S3-compatible services do not accept the
    // streamed (aws-chunked) checksum trailers the SDK sends by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    ...extra,
  });
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    // A missing bucket is a configuration error, never "no such file".
    if (error.name === "NoSuchBucket") return false;
    return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

/**
 * Files in an S3 bucket (AWS or an S3-compatible service), under
 * `<prefix>/<key>`. A request's file is received into a local staging file;
 * `commit` uploads it with one PUT, and S3 shows an object only once its PUT
 * completed, so nobody sees part of a file. The PUT happens inside the
 * caller's database transaction (the rule in this file's header), so that
 * transaction stays open for the upload: uploads are small (UPLOAD_LIMITS).
 */
export class S3UploadStorage implements UploadStorage {
  readonly bucket: string;
  readonly prefix: string;
  readonly stagingDir: string;
  readonly client: S3Client;
  private readonly staging: StagingArea;

  constructor(options: S3UploadStorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix.replace(/^\/+|\/+$/g, "");
    this.stagingDir = path.resolve(options.stagingDir);
    this.staging = new StagingArea(this.stagingDir);
    this.client = options.client ?? s3ClientFor(options);
  }

  /** The object key of a storage key. */
  objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  stage(): StagedFile {
    return this.staging.stage(async (stagedPath, key, options) => {
      const { size } = await fsp.stat(stagedPath);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            Body: fs.createReadStream(stagedPath),
            ContentLength: size,
            ContentType: options.contentType ?? "application/octet-stream",
          }),
        );
      } catch (error) {
        // The PUT may have completed before the error (a lost response): the caller counts this
        // file as not stored, so make sure no object stays under its key.
        await this.delete(key).catch(() => {});
        throw error;
      }
    });
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<void> {
    const objectKey = this.objectKey(key);
    if (body instanceof Readable) return this.staging.putThrough(this.stage(), body, key, options);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: body,
        ContentLength: body.byteLength,
        ContentType: options.contentType ?? "application/octet-stream",
      }),
    );
  }

  async get(key: string): Promise<StoredFile> {
    const objectKey = this.objectKey(key);
    let response;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
    const body = response.Body;
    if (!(body instanceof Readable) || response.ContentLength === undefined) {
      (body as { destroy?: () => void } | undefined)?.destroy?.();
      throw new Error(`unexpected response body for ${JSON.stringify(key)} from the object store`);
    }
    return { stream: body, size: response.ContentLength };
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}

const state = globalThis as unknown as { __uploadStorage?: UploadStorage };

/** The storage of this process: STORAGE_URL's bucket, else the local disk under `${DATA_DIR}/uploads`. */
export function uploadStorage(): UploadStorage {
  state.__uploadStorage ??= storageFromConfig();
  return state.__uploadStorage;
}

function storageFromConfig(): UploadStorage {
  const cfg = config();
  if (cfg.STORAGE_URL) {
    return new S3UploadStorage({ ...cfg.STORAGE_URL, stagingDir: path.join(cfg.dataDir, "upload-staging") });
  }
  return new LocalDiskStorage(path.join(cfg.dataDir, "uploads"));
}

/** Tests: use another storage (or undefined to go back to the default). */
export function setUploadStorageForTests(storage: UploadStorage | undefined): void {
  state.__uploadStorage = storage;
}
