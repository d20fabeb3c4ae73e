import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Images and upload requests for the media library's tests
 * (app/domain/media/media.test.ts, tests/integration/media-upload-fuzz.test.ts):
 * small generated photos, hand-made PNG/JPEG headers (decompression bombs),
 * and the multipart POST the Media Library screen sends.
 */

export const MEDIA_PATH = "/admin/media";

/** A noisy (photo-like, so the encoders work a little) RGB image. */
export function noiseImage(width: number, height: number, sigma = 40) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: "gaussian", mean: 128, sigma },
    },
  });
}

export function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return noiseImage(width, height).jpeg({ quality: 80 }).toBuffer();
}

/**
 * A photo as a phone takes it: 4032 x 3024 (12 MP), photo-like noise (a little blur, so it compresses as
 * foliage and shingles do), JPEG quality 92 with EXIF (make, model) and orientation 6 (taken upright:
 * shown 3024 x 4032). About 5-6 MB; the sizes vary a little from run to run (the noise is random).
 */
export function phoneJpeg(): Promise<Buffer> {
  return noiseImage(4032, 3024, 48)
    .blur(0.75)
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "Apple", Model: "iPhone 14", Software: "roofing test photo" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A real HEVC-coded HEIC as iPhones save them: 4032 x 3024, 5.3 MB, EXIF (make, model); brands heic,
 * mif1, miaf. How it was made, and why it is a file: tests/fixtures/media/README.md.
 */
export const PHONE_HEIC_PATH = path.resolve(import.meta.dirname, "../fixtures/media/phone-photo-4032x3024.heic");

/** A PNG with real transparency (a half-transparent square on a transparent ground). */
export async function alphaPng(width: number, height: number): Promise<Buffer> {
  const square = await sharp({
    create: {
      width: Math.floor(width / 2),
      height: Math.floor(height / 2),
      channels: 4,
      background: { r: 200, g: 40, b: 40, alpha: 0.6 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width,
      height,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      {
        input: square,
        left: Math.floor(width / 4),
        top: Math.floor(height / 4),
      },
    ])
    .png()
    .toBuffer();
}

/* ------------------------------------------------------------------------ */
/* PNG by hand (valid chunk CRCs)                                           */
/* ------------------------------------------------------------------------ */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colorType;
  return pngChunk("IHDR", data);
}

/**
 * A complete, valid 1-bit greyscale PNG of `width` x `height` black pixels: a real decompression
 * bomb (20000 x 20000 is ~50 MB of filter bytes and zeros, deflated to ~50 KB; decoded to RGBA ~1.6 GB).
 */
export function solidPngBomb(width: number, height: number): Buffer {
  // Each row: filter byte 0, then ceil(width / 8) bytes of zeros.
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const compressed = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 1, 0), pngChunk("IDAT", compressed), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A PNG whose (valid-CRC) IHDR claims `width` x `height` RGB pixels, with a few bytes of image data only. */
export function forgedPngHeader(width: number, height: number): Buffer {
  const compressed = zlib.deflateSync(Buffer.alloc(64));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 8, 2), pngChunk("IDAT", compressed), pngChunk("IEND", Buffer.alloc(0))]);
}

/** `jpeg` with its frame header (SOF0/SOF2) claiming `width` x `height` (the scan data stays the small image's). */
export function forgeJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let i = 2;
  while (i + 9 < out.length) {
    if (out[i] !== 0xff) throw new Error("not a JPEG marker");
    const marker = out[i + 1]!;
    const length = out.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + length;
  }
  throw new Error("no SOF marker found");
}

/* ------------------------------------------------------------------------ */
/* Requests                                                                 */
/* ------------------------------------------------------------------------ */

export interface UploadFile {
  field?: string;
  name: string;
  bytes: Uint8Array;
  /** The Content-Type the client claims (the server never trusts it). */
  type?: string;
}

/** The Media Library's upload POST: multipart with `intent=upload-media`, the fields and the files. */
export function uploadRequest(
  cookie: string,
  { fields = [["intent", "upload-media"]], files = [] }: { fields?: Array<[string, string]>; files?: UploadFile[] },
): Request {
  // Encoded here, whole, as FormData would be (names escaped the same way): a FormData body is streamed by
  // Node's fetch, whose encoder goes on writing into a body the action already refused and cancelled, an
  // unhandled ERR_INVALID_STATE that fails the run (seen under load). A buffer has nothing left to write.
  const boundary = `----media-test-${Math.random().toString(16).slice(2)}`;
  const escape = (value: string) => value.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value.replace(/\r?\n|\r/g, "\r\n")}\r\n`));
  }
  for (const file of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${escape(file.field ?? "file")}"; filename="${escape(file.name)}"\r\nContent-Type: ${file.type || "application/octet-stream"}\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(file.bytes), Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return new Request(`http://app.test${MEDIA_PATH}`, {
    method: "POST",
    headers: { cookie, "x-app-client-ip": "203.0.113.31", "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  });
}

/** A POST with a raw body and the given content type (malformed multipart, lies, ...). */
export function rawRequest(cookie: string, body: Uint8Array | string, contentType: string | null): Request {
  const headers: Record<string, string> = {
    cookie,
    "x-app-client-ip": "203.0.113.31",
  };
  if (contentType !== null) headers["content-type"] = contentType;
  return new Request(`http://app.test${MEDIA_PATH}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : Buffer.from(body),
  });
}

export interface ActionAnswer {
  status: number;
  body: {
    ok: boolean;
    intent?: string;
    targetId?: string;
    fieldErrors?: Record<string, string>;
    toast: { variant: string; title: string; text: string; detail?: string };
  };
}

/** Calls a route `action` in-process, as React Router would (see admin-action.ts). */
export async function callAction(action: (args: never) => unknown, request: Request): Promise<ActionAnswer> {
  const result = (await action({
    request,
    params: {},
    context: {},
  } as never)) as {
    data: ActionAnswer["body"];
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

/** Every file under `root` (relative paths), `.staging` included. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (
    fs.readdirSync(root, {
      recursive: true,
      withFileTypes: true,
    }) as fs.Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
