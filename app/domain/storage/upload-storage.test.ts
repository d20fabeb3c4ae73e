import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/net";
import { S3RVER_CREDENTIALS, startS3Server, type RunningS3Server } from "../../../tests/support/s3";
import {
  assertStorageKey,
  LocalDiskStorage,
  newStorageKey,
  s3ClientFor,
  S3UploadStorage,
  StoredFileNotFoundError,
  type UploadStorage,
} from "./upload-storage.server";

/**
 * One contract for every UploadStorage: the local disk, and an S3 bucket on a
 * real S3 API server (s3rver on 127.0.0.1).
 */

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-storage-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Subject {
  storage: UploadStorage;
  /** Where staged files wait (local in both). */
  stagingDir: string;
  /** Every stored file, as storage keys. */
  storedKeys(): Promise<string[]>;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function uploadStorageContract(name: string, setUp: () => Promise<Subject>) {
  describe(`${name}: the UploadStorage contract`, () => {
    let subject: Subject;
    beforeAll(async () => {
      subject = await setUp();
    });

    it("puts, gets and deletes a file under a generated key", async () => {
      const { storage } = subject;
      const key = newStorageKey("leads", new Date("2026-03-04T00:00:00Z"));
      expect(key).toMatch(/^leads\/2026\/03\/[0-9a-f-]{36}$/);
      await storage.put(key, Readable.from([Buffer.from("hello "), Buffer.from("world")]));
      const file = await storage.get(key);
      expect(file.size).toBe(11);
      expect(await text(file.stream)).toBe("hello world");
      await storage.delete(key);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      await storage.delete(key); // twice: no error
      expect(fs.readdirSync(subject.stagingDir)).toEqual([]);
    });

    it("puts bytes (with a content type) and replaces a file as a whole", async () => {
      const { storage } = subject;
      const key = newStorageKey("media");
      const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
      await storage.put(key, bytes, { contentType: "image/webp" });
      const file = await storage.get(key);
      expect(file.size).toBe(bytes.byteLength);
      const read = Buffer.concat(await file.stream.toArray());
      expect(read.equals(Buffer.from(bytes))).toBe(true);
      await storage.put(key, Buffer.from("v2"));
      expect(await text((await storage.get(key)).stream)).toBe("v2");
      await storage.delete(key);
    });

    it("moves a staged file only on commit, and leaves nothing behind on discard", async () => {
      const { storage } = subject;
      const before = await subject.storedKeys();
      const staged = storage.stage();
      staged.writable.write(Buffer.from("%PDF-"));
      const key = newStorageKey("leads");
      await new Promise<void>((resolve) => staged.writable.end(Buffer.from("1.4"), resolve));
      // Written but not committed: not visible under its key.
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      await staged.commit(key, { contentType: "application/pdf" });
      expect(await text((await storage.get(key)).stream)).toBe("%PDF-1.4");
      await staged.discard(); // after commit: no-op
      expect(await subject.storedKeys()).toEqual([...before, key].sort());
      await expect(staged.commit(newStorageKey("leads"))).rejects.toThrow(/committed/);

      const dropped = storage.stage();
      dropped.writable.write(Buffer.from("half a fi"));
      await dropped.discard();
      await dropped.discard();
      expect(fs.readdirSync(subject.stagingDir)).toEqual([]);
      await expect(dropped.commit(newStorageKey("leads"))).rejects.toThrow(/discarded/);
      expect(await subject.storedKeys()).toEqual([...before, key].sort());
      await storage.delete(key);
    });

    it("a failed put stores nothing and leaves no staged file", async () => {
      const { storage } = subject;
      const before = await subject.storedKeys();
      const key = newStorageKey("leads");
      const failing = new Readable({
        read() {
          this.push(Buffer.from("part of a file"));
          this.destroy(new Error("client went away"));
        },
      });
      await expect(storage.put(key, failing)).rejects.toThrow(/client went away/);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      expect(await subject.storedKeys()).toEqual(before);
      expect(fs.readdirSync(subject.stagingDir)).toEqual([]);
    });

    it("refuses keys that could leave its root", async () => {
      const { storage } = subject;
      for (const key of ["../x", "leads/../../etc", "/abs", "leads//x", "Leads/X", "a\\b", "", "leads/.staging"]) {
        expect(() => assertStorageKey(key), key).toThrow();
      }
      await expect(storage.get("../../etc/passwd")).rejects.toThrow(/invalid storage key/);
      await expect(storage.put("../x", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete("/abs")).rejects.toThrow(/invalid storage key/);
      const staged = storage.stage();
      staged.writable.end(Buffer.from("x"));
      await expect(staged.commit("../x")).rejects.toThrow(/invalid storage key/);
      await staged.discard();
      expect(fs.readdirSync(subject.stagingDir)).toEqual([]);
    });
  });
}

uploadStorageContract("LocalDiskStorage", async () => {
  const root = tempDir();
  const storage = new LocalDiskStorage(root);
  const prefix = `${path.join(root, "x").slice(0, -1)}`;
  return {
    storage,
    stagingDir: storage.stagingDir,
    storedKeys: async () =>
      filesUnder(root)
        .filter((file) => !file.startsWith(storage.stagingDir + path.sep))
        .map((file) => file.slice(prefix.length).split(path.sep).join("/"))
        .sort(),
  };
});

describe("LocalDiskStorage folders", () => {
  it("a deleted file's folders go once empty; a folder with other files, the root and the staging folder stay", async () => {
    const root = tempDir();
    const storage = new LocalDiskStorage(root);
    await storage.put("media/a/original", Buffer.from("a"));
    await storage.put("media/a/w640-webp", Buffer.from("b"));
    await storage.put("media/b/original", Buffer.from("c"));
    await storage.delete("media/a/original");
    expect(fs.readdirSync(path.join(root, "media", "a"))).toEqual(["w640-webp"]);
    await storage.delete("media/a/w640-webp");
    expect(fs.readdirSync(path.join(root, "media"))).toEqual(["b"]);
    await storage.delete("media/b/original");
    expect(fs.existsSync(path.join(root, "media"))).toBe(false);
    expect(fs.existsSync(storage.stagingDir)).toBe(true);
    // A put into a folder a delete just removed makes it again.
    await storage.put("media/b/original", Buffer.from("d"));
    expect(await text((await storage.get("media/b/original")).stream)).toBe("d");
  });
});

let s3: RunningS3Server | undefined;
afterAll(async () => {
  await s3?.stop();
});

uploadStorageContract("S3UploadStorage", async () => {
  s3 = await startS3Server();
  const storage = new S3UploadStorage({ ...s3.settings("site/uploads"), stagingDir: tempDir(), client: s3.client() });
  return {
    storage,
    stagingDir: storage.stagingDir,
    storedKeys: async () => (await s3!.listKeys()).map((key) => key.replace(/^site\/uploads\//, "")).sort(),
  };
});

describe("S3UploadStorage", () => {
  it("keeps files under its prefix in the bucket", async () => {
    const storage = new S3UploadStorage({ ...s3!.settings("a/b"), stagingDir: tempDir(), client: s3!.client() });
    const key = newStorageKey("leads");
    await storage.put(key, Buffer.from("x"));
    expect(await s3!.listKeys()).toContain(`a/b/${key}`);
    await storage.delete(key);
    expect(await s3!.listKeys()).not.toContain(`a/b/${key}`);
  });

  it("a commit the object store refuses fails, and discard() still removes the staged file", async () => {
    const port = await freePort();
    const stagingDir = tempDir();
    const storage = new S3UploadStorage({
      ...s3!.settings(),
      endpoint: `http://127.0.0.1:${port}`,
      stagingDir,
      client: s3ClientFor({ ...s3!.settings(), endpoint: `http://127.0.0.1:${port}` }, { credentials: S3RVER_CREDENTIALS, maxAttempts: 1 }),
    });
    const staged = storage.stage();
    await new Promise<void>((resolve) => staged.writable.end(Buffer.from("%PDF-1.4"), resolve));
    await expect(staged.commit(newStorageKey("leads"))).rejects.toThrow();
    expect(fs.readdirSync(stagingDir)).toHaveLength(1);
    await staged.discard();
    expect(fs.readdirSync(stagingDir)).toEqual([]);
    storage.client.destroy();
  });

  it("a missing bucket is an error, not a missing file", async () => {
    const storage = new S3UploadStorage({ ...s3!.settings(), bucket: "no-such-bucket", stagingDir: tempDir(), client: s3!.client() });
    const error = await storage.get(newStorageKey("leads")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StoredFileNotFoundError);
  });
});
