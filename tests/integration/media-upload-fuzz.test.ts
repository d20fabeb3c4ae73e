import fs from "node:fs";
import path from "node:path";
import { count, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, mediaAssets } from "~/db/schema";
import { MEDIA_MAX_FILE_BYTES } from "~/domain/media/constants";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { action } from "~/routes/admin/media";
import type * as Queue from "~/jobs/queue.server";
import { freshAdminSession } from "../support/admin-action";
import {
  callAction,
  forgedPngHeader,
  forgeJpegSize,
  listFiles,
  noiseJpeg,
  rawRequest,
  solidPngBomb,
  uploadRequest,
  type UploadFile,
} from "../support/media-images";
import { seededRandom } from "../support/prng";
import { makeTempDir, removeTempDir } from "../support/temp-dirs";

/**
 * QUALITY R6 / S20 for the Media Library's upload (a multipart POST to
 * /admin/media, called in-process as React Router would, signed in as an
 * admin): generated INVALID uploads (seeded, reproducible) — wrong
 * extensions, renamed files, Content-Type lies, empty, oversize, two files,
 * no file, extra and repeated fields, control and bidi characters and
 * overlong alt text, decompression bombs (real ones and forged headers) and
 * malformed multipart bodies. Every answer must be a 4xx (never a 5xx or a
 * throw), and nothing may be written: no media_assets row, no audit entry
 * of an upload, no job sent, no file in the storage (staging included).
 * A valid upload at the end is the positive control.
 *
 * Every case starts from a valid upload and applies at least one mutation
 * that makes it invalid on its own.
 */

const CASES = 360;
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** The 20 MB bodies are streamed through the parser: a few of them are enough. */
const MAX_OVERSIZE_CASES = 3;

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("~/jobs/queue.server", async (importOriginal) => ({
  ...(await importOriginal<typeof Queue>()),
  enqueue: (...args: unknown[]) => {
    sent.push(args);
    return Promise.resolve("job-1");
  },
}));

const { int, pick, random } = seededRandom(SEED);

/* ------------------------------------------------------------------------ */
/* Material                                                                 */
/* ------------------------------------------------------------------------ */

interface Material {
  jpeg: Buffer;
  png: Buffer;
  webp: Buffer;
  avif: Buffer;
  heic: Buffer;
  /** JPEG markers, then MEDIA_MAX_FILE_BYTES + 1 bytes of zeros. */
  oversize: Buffer;
  /** Decompression bombs whose header is readable: refused with 413. */
  bombs: Array<{ label: string; name: string; bytes: Buffer }>;
}

const NOT_IMAGES: Array<[label: string, bytes: Buffer]> = [
  ["pdf", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")],
  ["text", Buffer.from("Just a note about the roof, not a photo at all.\n")],
  ["zip", Buffer.from("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00photo.jpg", "latin1")],
  ["exe", Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1")],
  ["elf", Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00", "latin1")],
  ["gif", Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04", "latin1")],
  ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>')],
  ["html", Buffer.from("<!doctype html><script>alert(document.cookie)</script>")],
  ["tiff", Buffer.from("II*\x00\x08\x00\x00\x00\x01\x00\x00\x01\x03\x00", "latin1")],
  ["bmp", Buffer.from("BM6\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00(\x00", "latin1")],
  ["mp4", Buffer.from("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom", "latin1")],
];

/** Right first bytes, nothing decodable after them: past the type check, refused by the probe (422). */
const JUNK_AFTER_MAGIC: Array<[label: string, name: string, bytes: Buffer]> = [
  [
    "jpeg magic",
    "junk.jpg",
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("not really a jpeg, only its first bytes".repeat(4))]),
  ],
  ["png magic", "junk.png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("no chunks here".repeat(4))])],
  ["webp magic", "junk.webp", Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00garbage garbage garbage!", "latin1")],
  ["avif magic", "junk.avif", Buffer.from("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf garbage garbage", "latin1")],
  ["heic magic", "junk.heic", Buffer.from("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic garbage garbage", "latin1")],
  ["jpeg soi only", "soi.jpeg", Buffer.from([0xff, 0xd8, 0xff])],
];

const IMAGE_NAMES = ["photo.jpg", "IMG_2041.JPEG", "roof.png", "ridge.webp", "porch.avif", "porch.heic", "porch.HEIF"];
const BAD_NAMES = [
  "photo.exe",
  "photo.jpg.exe",
  "photo.pdf",
  "photo.txt",
  "photo.gif",
  "photo.svg",
  "photo.html",
  "photo.tiff",
  "photo.bmp",
  "photo",
  "photo.",
  ".jpg",
  "photo.jpg.",
  "photo.jp g",
  "photo.jpg\u0000.exe",
  "..\\..\\windows\\system32\\cmd.exe",
  "../../etc/passwd",
  "photo.php",
  "photo.jpgx",
  "фото.ехе",
];
const LYING_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/heic", "application/octet-stream", "text/plain", ""];

/** Characters the text rules refuse in a one-line field. */
const REFUSED_CHARS = [
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u202e",
  "\u202d",
  "\u2066",
  "\u2069",
  "\u2028",
  "\u2029",
  "\r\n",
  "\t",
  "\n",
];
/** Odd but allowed characters (mixed in to make the refused ones harder to spot). */
const ODD_CHARS = ["\u200b", "\ufeff", "😀", "e\u0301", "ǅ", "\u{1f1fa}\u{1f1f8}", "\u00a0", "ﷺ", "𝔘"];

/* ------------------------------------------------------------------------ */
/* Cases                                                                    */
/* ------------------------------------------------------------------------ */

interface Case {
  category: string;
  /** The statuses this case may answer (all 4xx). */
  expected: number[];
  /** What was sent, for the failure report. */
  summary: string;
  request: (cookie: string) => Request;
}

function form(category: string, expected: number[], fields: Array<[string, string]>, files: UploadFile[]): Case {
  const summary = `fields ${JSON.stringify(fields.map(([n, v]) => [n, v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v]))} files ${JSON.stringify(
    files.map((f) => `${f.field ?? "file"}:${f.name}:${f.type ?? ""}(${f.bytes.length})`),
  )}`;
  return {
    category,
    expected,
    summary,
    request: (cookie) => uploadRequest(cookie, { fields, files }),
  };
}

function raw(category: string, expected: number[], body: Buffer | string, contentType: string | null): Case {
  const text = typeof body === "string" ? body : body.toString("latin1");
  const summary = `content-type ${JSON.stringify(contentType)} body ${JSON.stringify(text.slice(0, 80))}(${text.length})`;
  return {
    category,
    expected,
    summary,
    request: (cookie) => rawRequest(cookie, body, contentType),
  };
}

/** A multipart body by hand: `parts` are raw header blocks and contents. */
function multipart(boundary: string, parts: Array<{ headers: string; body: Buffer | string }>, { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`, "latin1"), Buffer.from(part.body), Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const fileHeaders = (name: string, field = "file", type = "image/jpeg") =>
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}`;
const fieldHeaders = (name: string) => `Content-Disposition: form-data; name="${name}"`;

/** Bodies that are not a well-formed upload form (one maker each; a fresh boundary every call). */
function malformedBodies(m: Material): Array<() => Case> {
  const b = `----fuzz${int(1e9)}`;
  const good = multipart(b, [
    { headers: fieldHeaders("intent"), body: "upload-media" },
    { headers: fileHeaders("photo.jpg"), body: m.jpeg },
  ]);
  const variants: Array<() => Case> = [
    () => raw("multipart: no boundary parameter", [415], good, "multipart/form-data"),
    () => raw("multipart: empty boundary", [400, 415], good, "multipart/form-data; boundary="),
    () => raw("multipart: wrong boundary", [400], good, `multipart/form-data; boundary=${b}x`),
    () => raw("multipart: truncated body", [400], good.subarray(0, 40 + int(good.length - 80)), `multipart/form-data; boundary=${b}`),
    () =>
      raw(
        "multipart: not closed",
        [400],
        multipart(
          b,
          [
            { headers: fieldHeaders("intent"), body: "upload-media" },
            { headers: fileHeaders("photo.jpg"), body: m.jpeg },
          ],
          { close: false },
        ),
        `multipart/form-data; boundary=${b}`,
      ),
    () => raw("multipart: empty body", [400], "", `multipart/form-data; boundary=${b}`),
    () => raw("multipart: garbage", [400], Buffer.from(Array.from({ length: 64 + int(512) }, () => int(256))), `multipart/form-data; boundary=${b}`),
    () =>
      raw(
        "multipart: part without content-disposition",
        [400],
        multipart(b, [
          { headers: fieldHeaders("intent"), body: "upload-media" },
          { headers: "Content-Type: image/jpeg", body: m.jpeg },
        ]),
        `multipart/form-data; boundary=${b}`,
      ),
    () =>
      raw(
        "multipart: too many parts",
        [400, 413],
        multipart(b, [
          ...Array.from({ length: 8 }, (_, i) => ({
            headers: fieldHeaders(`f${i}`),
            body: "x",
          })),
          { headers: fileHeaders("photo.jpg"), body: m.jpeg },
        ]),
        `multipart/form-data; boundary=${b}`,
      ),
    () =>
      raw(
        "multipart: field name too long",
        [400, 413],
        multipart(b, [
          { headers: fieldHeaders("n".repeat(200)), body: "x" },
          { headers: fileHeaders("photo.jpg"), body: m.jpeg },
        ]),
        `multipart/form-data; boundary=${b}`,
      ),
    () =>
      raw(
        "multipart: file name with path and NUL",
        [400, 415],
        multipart(b, [
          { headers: fieldHeaders("intent"), body: "upload-media" },
          { headers: fileHeaders("../../x.jpg\u0000.sh"), body: m.jpeg },
        ]),
        `multipart/form-data; boundary=${b}`,
      ),
    () => raw("urlencoded upload", [400], "intent=upload-media&altText=roof&file=%FF%D8%FF", "application/x-www-form-urlencoded"),
    () => raw("image body, image content type", [400], m.jpeg, pick(["image/jpeg", "application/octet-stream", "text/plain"])),
    () => raw("no content type", [400], good, null),
    () => raw("multipart/mixed", [400], good, `multipart/mixed; boundary=${b}`),
    () =>
      raw(
        "json",
        [400],
        JSON.stringify({
          intent: "upload-media",
          file: m.jpeg.toString("base64"),
        }),
        "application/json",
      ),
  ];
  return variants;
}

function generate(m: Material): Case[] {
  const valid = (): UploadFile => {
    const [name, bytes] = pick<[string, Buffer]>([
      ["photo.jpg", m.jpeg],
      ["roof.png", m.png],
      ["ridge.webp", m.webp],
      ["porch.avif", m.avif],
      ["porch.heic", m.heic],
    ]);
    return { name, bytes, type: pick(LYING_TYPES) };
  };
  const intent: [string, string] = ["intent", "upload-media"];
  const altText = (): Array<[string, string]> =>
    random() < 0.5 ? [["altText", pick(["A new roof", "", "Ridge vent 😀", "Gutter\u00a0guard"])]] : [];
  let oversize = 0;

  const makers: Record<string, () => Case> = {
    "wrong extension": () => {
      const file = valid();
      const name = pick(BAD_NAMES);
      // A NUL in a part's header makes the whole body malformed (400) before the name is looked at.
      return form("wrong extension", name.includes("\u0000") ? [400, 415] : [415], [intent, ...altText()], [{ ...file, name }]);
    },
    "renamed non-image": () => {
      const [label, bytes] = pick(NOT_IMAGES);
      const name = pick(IMAGE_NAMES);
      return form(`renamed ${label}`, [415], [intent, ...altText()], [{ name, bytes, type: pick(LYING_TYPES) }]);
    },
    "image named .exe": () =>
      form(
        "image named .exe",
        [415],
        [intent],
        [
          {
            name: pick(["roof.exe", "roof.png.exe", "roof.EXE", "roof.com", "roof.scr"]),
            bytes: m.png,
            type: "image/png",
          },
        ],
      ),
    "content-type lie": () => {
      const [, bytes] = pick(NOT_IMAGES);
      return form(
        "content-type lie",
        [415],
        [intent],
        [
          {
            name: pick(IMAGE_NAMES),
            bytes,
            type: pick(["image/jpeg", "image/png", "image/heic"]),
          },
        ],
      );
    },
    "junk after magic bytes": () => {
      const [label, name, bytes] = pick(JUNK_AFTER_MAGIC);
      return form(`junk after ${label}`, [422], [intent, ...altText()], [{ name, bytes }]);
    },
    "empty file": () =>
      form(
        "empty file",
        [400],
        [intent, ...altText()],
        [
          {
            name: pick(IMAGE_NAMES),
            bytes: Buffer.alloc(0),
            type: "image/jpeg",
          },
        ],
      ),
    "oversize file": () => {
      if (oversize >= MAX_OVERSIZE_CASES) return makers["two files"]!();
      oversize += 1;
      return form("oversize file", [413], [intent], [{ name: "huge.jpg", bytes: m.oversize, type: "image/jpeg" }]);
    },
    "two files": () => form("two files", [413], [intent], [valid(), valid(), ...(random() < 0.3 ? [valid()] : [])]),
    "file in another field": () => {
      const field = pick(["image", "photo", "altText", "intent", "files[]", "file2", ""]);
      const files = random() < 0.5 ? [valid(), { ...valid(), field }] : [{ ...valid(), field }];
      return form("file in another field", [400, 413], [intent], files);
    },
    "missing file": () => form("missing file", [400], [intent, ...altText()], random() < 0.5 ? [] : [{ name: "", bytes: Buffer.alloc(0) }]),
    "bad or missing intent": () => {
      const fields: Array<[string, string]> =
        random() < 0.3 ? [] : [["intent", pick(["", "update-media", "delete-media", "upload", "UPLOAD-MEDIA", "upload-media ", "__proto__"])]];
      return form("bad or missing intent", [400], fields, [valid()]);
    },
    "repeated field": () => {
      const name = pick(["intent", "altText"]);
      const value = name === "intent" ? "upload-media" : "A roof";
      return form(
        "repeated field",
        [400],
        [intent, ...(name === "altText" ? [["altText", "A roof"] as [string, string]] : []), [name, value]],
        [valid()],
      );
    },
    "extra fields": () => {
      // The first extra field is never `__proto__`: alone, that one is dropped (see the test at the end).
      const extra = Array.from({ length: 1 + int(6) }, (_, i): [string, string] => [
        pick(["id", "status", "width", "height", "uploadedBy", ...(i > 0 ? ["__proto__"] : []), "constructor", "originalKey", `x${i}`]),
        pick(["ready", "1", "00000000-0000-0000-0000-000000000000", "../../etc/passwd", "{}"]),
      ]);
      return form("extra fields", [400, 413], [intent, ...extra], [valid()]);
    },
    "control or bidi characters in alt text": () => {
      const parts = [pick(["A new roof", "", "Ridge"]), pick(REFUSED_CHARS), ...(random() < 0.6 ? [pick(ODD_CHARS)] : []), pick(["vent", "", "😀"])];
      const value = random() < 0.5 ? parts.join("") : parts.reverse().join("");
      return form("control or bidi characters in alt text", [400], [intent, ["altText", value]], [valid()]);
    },
    "alt text too long": () => {
      // Counted as the rule counts: characters (code points) after NFC and trimming.
      const unit = pick(["a", "é", "e\u0301", "😀", "屋", " word", "\u{1f1fa}\u{1f1f8}"]);
      const target = 301 + int(400);
      let value = unit;
      while ([...value.normalize("NFC").trim()].length < target) value += unit;
      return form("alt text too long", [400, 413], [intent, ["altText", value]], [valid()]);
    },
    "alt text beyond the field limit": () =>
      form("alt text beyond the field limit", [413], [intent, ["altText", "x".repeat(4097 + int(20_000))]], [valid()]),
    "decompression bomb": () => {
      const bomb = pick(m.bombs);
      return form(`bomb: ${bomb.label}`, [413], [intent, ...altText()], [{ name: bomb.name, bytes: bomb.bytes, type: "image/png" }]);
    },
    "malformed multipart": () => pick(malformedBodies(m))(),
  };

  const names = Object.keys(makers);
  const cases: Case[] = [];
  // Every category (and every kind of malformed body) at least once, then at random.
  for (const name of names) cases.push(makers[name]!());
  for (const make of malformedBodies(m)) cases.push(make());
  while (cases.length < CASES) cases.push(makers[pick(names)]!());
  return cases;
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

let cookie = "";
let storageRoot = "";
let material: Material;

beforeAll(async () => {
  storageRoot = makeTempDir("media-fuzz");
  setUploadStorageForTests(new LocalDiskStorage(storageRoot));
  cookie = await freshAdminSession();
  const jpeg = await noiseJpeg(96, 64);
  const small = sharp({
    create: { width: 48, height: 32, channels: 3, background: "#a0522d" },
  });
  material = {
    jpeg,
    png: await small.clone().png().toBuffer(),
    webp: await small.clone().webp().toBuffer(),
    avif: await small.clone().avif({ effort: 0 }).toBuffer(),
    heic: fs.readFileSync(path.resolve("tests/fixtures/media/porch-roof.heic")),
    oversize: Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(MEDIA_MAX_FILE_BYTES + 1)]),
    bombs: [
      // Real, complete PNGs: ~1.2 GB and ~0.2 GB of pixels in a few kilobytes.
      {
        label: "valid 20000x20000 PNG",
        name: "bomb.png",
        bytes: solidPngBomb(20_000, 20_000),
      },
      {
        label: "valid 8000x8000 PNG (64 MP, sides under the limit)",
        name: "wide.png",
        bytes: solidPngBomb(8000, 8000),
      },
      {
        label: "valid 12001x10 PNG (one side too long)",
        name: "strip.png",
        bytes: solidPngBomb(12_001, 10),
      },
      // Forged headers: a small image's data behind a header claiming far more.
      {
        label: "PNG IHDR claiming 60000x60000",
        name: "forged.png",
        bytes: forgedPngHeader(60_000, 60_000),
      },
      {
        label: "JPEG SOF claiming 60000x60000",
        name: "forged.jpg",
        bytes: forgeJpegSize(jpeg, 60_000, 60_000),
      },
      {
        label: "JPEG SOF claiming 9000x9000",
        name: "forged.jpeg",
        bytes: forgeJpegSize(jpeg, 9000, 9000),
      },
    ],
  };
  // The material is what it claims: the bombs' headers are readable and as large as forged.
  expect(
    await sharp(material.bombs[0]!.bytes, {
      limitInputPixels: false,
    }).metadata(),
  ).toMatchObject({ width: 20_000, height: 20_000 });
  expect(
    await sharp(material.bombs[4]!.bytes, {
      limitInputPixels: false,
    }).metadata(),
  ).toMatchObject({ width: 60_000, height: 60_000 });
}, 60_000);

afterAll(async () => {
  setUploadStorageForTests(undefined);
  await removeTempDir(storageRoot);
});

describe("fuzzing the media upload (QUALITY R6, S20)", () => {
  test(`${CASES} invalid uploads: only the expected 4xx, nothing written; then one valid upload`, async () => {
    const cases = generate(material);
    const results: Array<{ c: Case; status: number | string }> = [];
    // One at a time: in-process, the machine has two cores.
    for (const c of cases) {
      const status = await callAction(action, c.request(cookie)).then(
        (answer) => answer.status,
        (error: unknown) => `threw: ${error instanceof Response ? `Response ${error.status}` : (error as Error).message}`,
      );
      results.push({ c, status });
    }

    const byCategory = new Map<string, Map<string, number>>();
    for (const { c, status } of results) {
      const counts = byCategory.get(c.category) ?? new Map<string, number>();
      counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
      byCategory.set(c.category, counts);
    }
    console.log(
      `media fuzz seed ${SEED}: ${results.length} cases\n${[...byCategory]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, counts]) => `  ${category}: ${[...counts].map(([s, n]) => `${s} x${n}`).join(", ")}`)
        .join("\n")}`,
    );

    const describeCase = ({ c, status }: (typeof results)[number]) => `${status} [${c.category}] expected ${c.expected.join("/")}: ${c.summary}`;
    const not4xx = results.filter(({ status }) => typeof status !== "number" || status < 400 || status > 499);
    const unexpected = results.filter(({ c, status }) => typeof status !== "number" || !c.expected.includes(status));
    expect({
      not4xx: not4xx.slice(0, 10).map(describeCase),
      unexpected: unexpected.slice(0, 10).map(describeCase),
    }).toEqual({ not4xx: [], unexpected: [] });
    expect(results).toHaveLength(CASES);
    expect(byCategory.size).toBeGreaterThanOrEqual(25);

    // Nothing written.
    const [assets] = await db().select({ n: count() }).from(mediaAssets);
    expect(assets!.n).toBe(0);
    const [uploads] = await db().select({ n: count() }).from(auditLog).where(like(auditLog.action, "media.%"));
    expect(uploads!.n).toBe(0);
    expect(sent).toEqual([]);
    expect(listFiles(storageRoot)).toEqual([]);

    // The positive control: the same action takes a valid upload.
    const ok = await callAction(
      action,
      uploadRequest(cookie, {
        fields: [
          ["intent", "upload-media"],
          ["altText", "A ridge vent"],
        ],
        files: [{ name: "vent.jpg", bytes: material.jpeg, type: "image/jpeg" }],
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = await db().select().from(mediaAssets);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: ok.body.targetId,
      status: "processing",
      width: 96,
      height: 64,
      altText: "A ridge vent",
    });
    expect(listFiles(storageRoot)).toEqual([path.join("media", rows[0]!.id, "original")]);
    expect(sent).toHaveLength(1);
  }, 240_000);
});

describe("fields with special names", () => {
  // The fields are read into an object without a prototype: "__proto__" is an unknown field like any other
  // (it vanished from a plain object before, and the upload was taken).
  test("a field named __proto__ is refused like any other unknown field", async () => {
    const answer = await callAction(
      action,
      uploadRequest(cookie, {
        fields: [
          ["intent", "upload-media"],
          ["__proto__", "ready"],
        ],
        files: [{ name: "a.jpg", bytes: material.jpeg }],
      }),
    );
    expect(answer.status).toBe(400);
  });
});
