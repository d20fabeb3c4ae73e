import { describe, expect, it } from "vitest";
import { detectUploadType, extensionOf, hasAllowedExtension, safeDownloadName } from "./file-types";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));

describe("upload file types (magic bytes)", () => {
  it.each([
    ["PDF", bytes("%PDF-1.7\n%âãÏÓ"), "application/pdf"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF\0\x01\x01"), "image/jpeg"],
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), "image/png"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["HEIC", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]), "image/heic"],
    ["HEIF (mif1)", bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0]), "image/heic"],
  ])("recognises %s", (_label, head, type) => {
    expect(detectUploadType(head)).toBe(type);
  });

  it.each([
    ["GIF", bytes("GIF89a\x01\0\x01\0\0\0")],
    ["HTML", bytes("<!doctype html><script>")],
    ["SVG", bytes('<svg xmlns="http://')],
    ["ZIP/DOCX", bytes("PK\x03\x04\x14\0\x06\0\0\0\0\0")],
    ["AVIF", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0])],
    ["MP4", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0])],
    ["RIFF WAVE", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["empty", bytes()],
    ["PDF too short", bytes("%PD")],
    ["PDF not at the start", bytes(" %PDF-1.4 ")],
  ])("refuses %s", (_label, head) => {
    expect(detectUploadType(head)).toBeNull();
  });

  it("allows only the listed extensions, case-insensitively", () => {
    expect(["a.pdf", "b.JPG", "c.jpeg", "d.png", "e.HEIC", "f.heif", "g.webp"].every(hasAllowedExtension)).toBe(true);
    expect(["a.gif", "b.svg", "c.html", "d.pdf.exe", "noext", ".pdf", "x.php"].some(hasAllowedExtension)).toBe(false);
    expect(extensionOf("C:\\Users\\me\\Roof.Photo.JPG")).toBe("jpg");
  });

  it("makes safe download names with the detected type's extension", () => {
    expect(safeDownloadName("roof photo.jpeg", "image/jpeg")).toBe("roof photo.jpeg");
    expect(safeDownloadName("../../etc/passwd.png", "image/png")).toBe("passwd.png");
    expect(safeDownloadName('evil"\r\nX-Header: 1.pdf', "application/pdf")).toBe("evil_X-Header_ 1.pdf");
    expect(safeDownloadName("scan.png", "application/pdf")).toBe("scan.pdf");
    expect(safeDownloadName("", "image/webp")).toBe("attachment.webp");
    expect(safeDownloadName(`${"a".repeat(300)}.pdf`, "application/pdf")).toHaveLength(104);
  });
});
