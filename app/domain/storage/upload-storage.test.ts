import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { assertStorageKey, LocalDiskStorage, newStorageKey, StoredFileNotFoundError } from "./upload-storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-storage-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("LocalDiskStorage", () => {
  it("puts, gets and deletes a file under a generated key", async () => {
    const key = newStorageKey("leads", new Date("2026-03-04T00:00:00Z"));
    expect(key).toMatch(/^leads\/2026\/03\/[0-9a-f-]{36}$/);
    await storage.put(key, Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    const file = await storage.get(key);
    expect(file.size).toBe(11);
    expect(await text(file.stream)).toBe("hello world");
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await storage.delete(key); // twice: no error
  });

  it("moves a staged file only on commit, and leaves nothing behind on discard", async () => {
    const staged = storage.stage();
    staged.writable.end(Buffer.from("%PDF-1.4"));
    const key = newStorageKey("leads");
    await staged.commit(key);
    expect(await text((await storage.get(key)).stream)).toBe("%PDF-1.4");
    await staged.discard(); // after commit: no-op
    expect(fs.existsSync(path.join(root, ...key.split("/")))).toBe(true);

    const dropped = storage.stage();
    dropped.writable.write(Buffer.from("half a fi"));
    await dropped.discard();
    await dropped.discard();
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
    await expect(dropped.commit(newStorageKey("leads"))).rejects.toThrow(/discarded/);
    expect(filesUnder(root)).toHaveLength(1);
  });

  it("refuses keys that could leave its directory", async () => {
    for (const key of ["../x", "leads/../../etc", "/abs", "leads//x", "Leads/X", "a\\b", "", "leads/.staging"]) {
      expect(() => assertStorageKey(key), key).toThrow();
    }
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/invalid storage key/);
  });
});
