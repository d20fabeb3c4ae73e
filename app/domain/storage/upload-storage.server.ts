import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";

/**
 * Where uploaded files live (QUALITY S20). Files are stored under generated
 * keys (never the client's name) outside the web root, and only reach a
 * browser through a guarded download route.
 *
 * The default is the local disk under `${DATA_DIR}/uploads`; another
 * implementation (an object store) only has to honour this interface.
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
  commit(key: string): Promise<void>;
  /** Deletes the staged bytes. Safe to call twice, and a no-op after commit. */
  discard(): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface UploadStorage {
  /** A new staging file. */
  stage(): StagedFile;
  /** Stores `body` under `key` atomically (a reader never sees part of it). */
  put(key: string, body: Readable | Uint8Array): Promise<void>;
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

export class LocalDiskStorage implements UploadStorage {
  readonly root: string;
  readonly stagingDir: string;
  private swept = false;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.stagingDir = path.join(this.root, STAGING_DIR);
    fs.mkdirSync(this.stagingDir, { recursive: true, mode: 0o700 });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  stage(): StagedFile {
    this.sweepOnce();
    const stagedPath = path.join(this.stagingDir, `${crypto.randomUUID()}.part`);
    const writable = fs.createWriteStream(stagedPath, { flags: "wx", mode: 0o600 });
    // Errors surface through the writer (pipeline/finish); never as an unhandled 'error'.
    writable.on("error", () => {});
    let state: "staged" | "committed" | "discarded" = "staged";
    const closed = () =>
      writable.closed ? Promise.resolve() : new Promise<void>((resolve) => writable.once("close", () => resolve()));
    return {
      writable,
      commit: async (key) => {
        if (state !== "staged") throw new Error(`cannot commit a ${state} file`);
        const target = this.pathOf(key);
        await closed();
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(stagedPath, target);
        state = "committed";
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

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const staged = this.stage();
    try {
      await pipeline(body instanceof Readable ? body : Readable.from([body]), staged.writable);
      await staged.commit(key);
    } catch (error) {
      await staged.discard();
      throw error;
    }
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
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** Removes staging files a crashed process left behind (once per process, in the background). */
  private sweepOnce() {
    if (this.swept) return;
    this.swept = true;
    void (async () => {
      const cutoff = Date.now() - STALE_STAGING_MS;
      for (const name of await fsp.readdir(this.stagingDir)) {
        const file = path.join(this.stagingDir, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true });
      }
    })().catch((error) => logger.warn({ err: error }, "could not sweep the upload staging directory"));
  }
}

const state = globalThis as unknown as { __uploadStorage?: UploadStorage };

/** The storage of this process: local disk under `${DATA_DIR}/uploads`. */
export function uploadStorage(): UploadStorage {
  state.__uploadStorage ??= new LocalDiskStorage(path.join(config().dataDir, "uploads"));
  return state.__uploadStorage;
}

/** Tests: use another storage (or undefined to go back to the default). */
export function setUploadStorageForTests(storage: UploadStorage | undefined): void {
  state.__uploadStorage = storage;
}
