import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ATTACHMENT_TYPES, type UploadContentType } from "./file-types";
import { maxBodyBytes, readFormWithFiles, UploadError, type FormReadLimits } from "./read-form-with-files.server";
import { LocalDiskStorage } from "./upload-storage.server";

/** The streaming form reader: every limit, enforced while reading, and no file left behind on failure. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-form-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  // Nothing a test left staged: every failure discards, and successes are discarded below.
  expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
});

const LIMITS: FormReadLimits<UploadContentType> = { fileFields: ["files"], maxFiles: 3, maxFileBytes: 1024, maxFields: 10, maxFieldBytes: 256, types: ATTACHMENT_TYPES };
const PDF = (extra = "") => Buffer.from(`%PDF-1.4 ${extra}`);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2, 3]);

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://app.test/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function formData(fields: Record<string, string>, files: Array<[string, Buffer, string]> = [], after: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, bytes, name] of files) fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(after)) fd.append(k, v);
  return fd;
}

async function uploadError(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

/** A raw multipart body (for what browsers never send). */
function rawMultipart(parts: string[], boundary = "XyZ"): { body: string; type: string } {
  return { body: `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe("readFormWithFiles", () => {
  it("reads text fields and stages files with their detected type, size and SHA-256", async () => {
    const bytes = PDF("hello");
    const form = await readFormWithFiles(
      post(formData({ firstName: "Jane", phone: "(614) 555-0147", note: "é ü 😀" }, [["files", bytes, "Claim.PDF"], ["files", PNG, "roof.png"]])),
      storage,
      LIMITS,
    );
    expect(Object.fromEntries(form.fields)).toEqual({ firstName: ["Jane"], phone: ["(614) 555-0147"], note: ["é ü 😀"] });
    expect(form.files.map((f) => [f.field, f.originalName, f.contentType, f.size])).toEqual([
      ["files", "Claim.PDF", "application/pdf", bytes.length],
      ["files", "roof.png", "image/png", PNG.length],
    ]);
    expect(form.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readdirSync(storage.stagingDir)).toHaveLength(2);
    await Promise.all(form.files.map((f) => f.staged.discard()));
  });

  it("skips the empty part a file input sends when no file was chosen", async () => {
    const { body, type } = rawMultipart([
      'Content-Disposition: form-data; name="firstName"\r\n\r\nJane',
      'Content-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n',
    ]);
    const form = await readFormWithFiles(post(body, { "content-type": type }), storage, LIMITS);
    expect(form.files).toEqual([]);
    expect(form.fields.get("firstName")).toEqual(["Jane"]);
  });

  it("reads url-encoded forms (no files)", async () => {
    const form = await readFormWithFiles(
      post("firstName=Jane&message=a%0Ab&empty=", { "content-type": "application/x-www-form-urlencoded" }),
      storage,
      LIMITS,
    );
    expect(Object.fromEntries(form.fields)).toEqual({ firstName: ["Jane"], message: ["a\nb"], empty: [""] });
  });

  it("refuses a file over the size limit with 413, keeping the fields read before and after it", async () => {
    const big = Buffer.concat([PDF(), Buffer.alloc(LIMITS.maxFileBytes)]);
    const error = await uploadError(
      readFormWithFiles(post(formData({ firstName: "Jane" }, [["files", PDF(), "ok.pdf"], ["files", big, "big.pdf"]], { message: "after" })), storage, LIMITS),
    );
    expect([error.status, error.code]).toEqual([413, "file_too_large"]);
    expect(error.fields?.get("firstName")).toEqual(["Jane"]);
    expect(error.fields?.get("message")).toEqual(["after"]);
  });

  it("accepts a file of exactly the limit", async () => {
    const exact = Buffer.concat([PDF(), Buffer.alloc(LIMITS.maxFileBytes - PDF().length)]);
    const form = await readFormWithFiles(post(formData({}, [["files", exact, "exact.pdf"]])), storage, LIMITS);
    expect(form.files[0]?.size).toBe(LIMITS.maxFileBytes);
    await form.files[0]!.staged.discard();
  });

  it("refuses more files than allowed with 413", async () => {
    const files: Array<[string, Buffer, string]> = Array.from({ length: LIMITS.maxFiles + 1 }, (_, i) => ["files", PDF(String(i)), `f${i}.pdf`]);
    const error = await uploadError(readFormWithFiles(post(formData({ a: "1" }, files)), storage, LIMITS));
    expect([error.status, error.code]).toEqual([413, "too_many_files"]);
  });

  it.each([
    ["a disallowed extension", PDF(), "claim.exe"],
    ["an allowed name with other content (HTML as .png)", Buffer.from("<html><script>alert(1)</script>"), "x.png"],
    ["a GIF named .gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00"), "x.gif"],
    ["an SVG named .jpg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "x.jpg"],
    ["a file shorter than any signature", Buffer.from("%P"), "x.pdf"],
  ])("refuses %s with 415", async (_label, bytes, name) => {
    const error = await uploadError(readFormWithFiles(post(formData({ a: "1" }, [["files", bytes, name]])), storage, LIMITS));
    expect([error.status, error.code]).toEqual([415, "unsupported_file_type"]);
  });

  it("refuses a file in a field that does not take files, and an empty named file, with 400", async () => {
    const wrongField = await uploadError(readFormWithFiles(post(formData({}, [["photo", PDF(), "a.pdf"]])), storage, LIMITS));
    expect([wrongField.status, wrongField.code]).toEqual([400, "unexpected_file"]);
    const empty = await uploadError(readFormWithFiles(post(formData({}, [["files", Buffer.alloc(0), "a.pdf"]])), storage, LIMITS));
    expect([empty.status, empty.code]).toEqual([400, "empty_file"]);
  });

  it.each([
    ["text/plain", "hello"],
    ["application/json", '{"firstName":"Jane"}'],
    ["multipart/form-data", "--x\r\n"],
    ["multipart/mixed; boundary=x", "--x--"],
    ["", "a=b"],
  ])("refuses the content type %j with 415", async (type, body) => {
    const error = await uploadError(readFormWithFiles(post(body, type ? { "content-type": type } : {}), storage, LIMITS));
    expect(error.status).toBe(415);
  });

  it("refuses a malformed or truncated multipart body with 400", async () => {
    const { type } = rawMultipart([]);
    const truncated = `--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then the connection ends`;
    const error = await uploadError(readFormWithFiles(post(truncated, { "content-type": type }), storage, LIMITS));
    expect(error.status).toBe(400);
  });

  it("refuses a body declared larger than the limits with 413 before reading it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = post(stream, { "content-type": "multipart/form-data; boundary=XyZ", "content-length": String(maxBodyBytes(LIMITS) + 1) });
    const error = await uploadError(readFormWithFiles(request, storage, LIMITS));
    expect([error.status, error.code]).toEqual([413, "too_large"]);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body that grows past the limits with 413, whatever it declared", async () => {
    const head = Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\n`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        if (sent > 50 * 1024 * 1024) controller.close(); // never reached
      },
    });
    const error = await uploadError(readFormWithFiles(post(stream, { "content-type": "multipart/form-data; boundary=XyZ" }), storage, LIMITS));
    expect(error.status).toBe(413);
    expect(sent).toBeLessThan(maxBodyBytes(LIMITS) + 256 * 1024);
  });

  it("refuses an oversized field or too many fields with 413", async () => {
    const long = await uploadError(readFormWithFiles(post(formData({ message: "x".repeat(LIMITS.maxFieldBytes + 1) })), storage, LIMITS));
    expect([long.status, long.code]).toEqual([413, "field_too_large"]);
    const many = Object.fromEntries(Array.from({ length: LIMITS.maxFields + 1 }, (_, i) => [`f${i}`, "1"]));
    const tooMany = await uploadError(readFormWithFiles(post(formData(many)), storage, LIMITS));
    expect(tooMany.status).toBe(413);
  });

  it("keeps UTF-8 file names", async () => {
    const form = await readFormWithFiles(post(formData({}, [["files", PDF(), "Schadensmeldung – Dach ü.pdf"]])), storage, LIMITS);
    expect(form.files[0]?.originalName).toBe("Schadensmeldung – Dach ü.pdf");
    await form.files[0]!.staged.discard();
  });
});
