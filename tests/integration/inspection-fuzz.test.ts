import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type RunningApp } from "../support/app-server";
import { seededRandom } from "../support/prng";
import { sendConcurrently } from "../support/net";

/**
 * QUALITY R6 / S15 / S20 for the public form: 1,200 generated INVALID
 * submissions (seeded, reproducible) against the real server over HTTP, both
 * the JSON endpoint and a page's own action (the no-JavaScript path) —
 * wrong types, oversize values and files, NUL bytes and odd Unicode, missing,
 * extra and repeated fields, bad content types, malformed multipart bodies,
 * fake files with wrong magic bytes. Every answer must be 4xx, and nothing
 * may be written: no lead, no attachment, no email, no file (not even a
 * staging leftover).
 *
 * Every case starts from a valid request and applies at least one
 * invalidating mutation; "noise" (NUL, bidi overrides, zero-width characters,
 * emoji, lone surrogates) is only added to fields the mutation left alone, so
 * it can make a case more invalid but never valid.
 */

const CASES = 1_200;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 8;

/* ------------------------------------------------------------------------ */
/* A small seeded PRNG                                                      */
/* ------------------------------------------------------------------------ */

const { int, pick } = seededRandom(SEED);

/* ------------------------------------------------------------------------ */
/* Cases                                                                    */
/* ------------------------------------------------------------------------ */

type Field = [name: string, value: string];
type FilePart = [field: string, name: string, bytes: Buffer];

interface Case {
  category: string;
  method: string;
  /** The JSON endpoint or a page (the no-JavaScript path). */
  target: "/inspection-request" | "/?index" | "/contact";
  fields?: Field[];
  files?: FilePart[];
  raw?: { body: Buffer; contentType?: string };
}

let keySequence = 0;
function validFields(): Field[] {
  keySequence += 1;
  return [
    ["formId", "inspection-form"],
    ["submissionKey", `fuzz-${SEED}-${keySequence}-${"k".repeat(8)}`],
    ["landingPath", "/contact"],
    ["firstName", "Jane"],
    ["lastName", "Doe"],
    ["email", "jane@example.com"],
    ["phone", "614-555-0147"],
    ["service", "roof-repair"],
    ["message", "Leaking around the chimney."],
  ];
}

const set = (fields: Field[], name: string, value: string) => {
  const i = fields.findIndex(([n]) => n === name);
  if (i >= 0) fields[i] = [name, value];
  else fields.push([name, value]);
};
const remove = (fields: Field[], name: string) => fields.filter(([n]) => n !== name);

const NOISE = ["\u0000", "\u202e", "\u200b", "\ufeff", "😀", "e\u0301", "\ud800", "\u0007", "\r\n", "ǅ", "\u2028", "\u{1f1fa}\u{1f1f8}"];
// (The submission key may be missing or empty: a post without JavaScript has none, ADR 030.)
const REQUIRED = ["firstName", "lastName", "email", "phone"] as const;

const PDF = Buffer.from("%PDF-1.4\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const FAKE_CONTENT = [
  Buffer.from("<!doctype html><script>alert(1)</script>"),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00"),
  Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00"),
  Buffer.from("PK\x03\x04\x14\x00\x06\x00\x00\x00\x00\x00"),
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00"),
  Buffer.from([0, 0, 0, 0x1c, ...Buffer.from("ftypavif"), 0, 0, 0, 0]),
  Buffer.from("%PD"),
  Buffer.from("just text, no signature at all"),
];

/** Each returns the names of the fields it made invalid (noise stays away from them). */
const MUTATIONS: Record<string, (c: Case & { fields: Field[]; files: FilePart[] }) => string[]> = {
  "missing required field": (c) => {
    const name = pick(REQUIRED);
    c.fields = remove(c.fields, name);
    return [name];
  },
  "blank or invisible required field": (c) => {
    const name = pick(REQUIRED);
    set(c.fields, name, pick(["", "   ", "\u0000\u0000", "\u202e\u202d", "\t\r\n", "\u200b", "\ufeff"]));
    return [name];
  },
  "invalid email": (c) => {
    set(
      c.fields,
      "email",
      pick([
        "plainaddress",
        "@example.com",
        "jane@",
        "jane@example",
        "jane@@example.com",
        "jane doe@example.com",
        "jane@exa mple.com",
        "jane@example..com",
        "<script>alert(1)</script>@x.com",
        "jäne@exämple.com",
        `${"a".repeat(250)}@example.com`,
        "jane@example.com, bob@example.com",
        "jane@example.com\nBcc: x@y.z",
        "=cmd|' /C calc'!A0@example.com",
      ]),
    );
    return ["email"];
  },
  "invalid phone": (c) => {
    set(
      c.fields,
      "phone",
      pick(["123", "614-555-014", "614-555-01477", "+44 20 7946 0958", "(014) 555-0147", "911-555-0147", "614-CALL-NOW", "６１４５５５０１４７", "614-555-0147 ext 5", "1".repeat(31), "{}", "[]", "null", "NaN"]),
    );
    return ["phone"];
  },
  "wrong type or value": (c) => {
    const [name, value] = pick<Field>([
      ["service", "gutters"],
      ["service", "ROOF-REPAIR"],
      ["service", "roof-repair "],
      ["service", "<b>x</b>"],
      ["service", '["roof-repair"]'],
      ["hasInsuranceDocs", "maybe"],
      ["hasInsuranceDocs", "2"],
      ["hasInsuranceDocs", "TRUE"],
      ["hasInsuranceDocs", '{"a":1}'],
      ["dateOfLoss", "2026-02-30"],
      ["dateOfLoss", "31/12/2025"],
      ["dateOfLoss", "tomorrow"],
      ["dateOfLoss", "9999-01-01"],
      ["dateOfLoss", "1900-01-01"],
      ["submissionKey", "short"],
      ["submissionKey", "has spaces in this key"],
      ["submissionKey", "k".repeat(129)],
      ["submissionKey", "../../etc/passwd-xxxxx"],
      ["submissionKey", "ключ-ключ-ключ-ключ"],
      ["formId", "Inspection-Form"],
      ["formId", "../x"],
      ["formId", "a".repeat(70)],
      ["referrer", `https://example.com/${"r".repeat(2_000)}`],
      ["landingPath", `/${"p".repeat(2_000)}`],
    ]);
    set(c.fields, name, value);
    return [name];
  },
  "too long": (c) => {
    const [name, length] = pick<[string, number]>([
      ["firstName", 101],
      ["lastName", 150],
      ["message", 5_001],
      ["message", 20_000],
      ["message", 70_000],
      ["insuranceCompany", 201],
      ["claimNumber", 101],
      ["firstName", 70_000],
    ]);
    set(c.fields, name, pick(["x", "é", "😀", "\u0000x"]).repeat(length));
    if (name === "insuranceCompany" || name === "claimNumber") {
      set(c.fields, "hasInsuranceDocs", "on");
      return [name, "hasInsuranceDocs"];
    }
    return [name];
  },
  "unknown field": (c) => {
    c.fields.push([pick(["isAdmin", "__proto__", "constructor", "firstName ", "FIRSTNAME", "contacted", "pipelineStatus", "id", "files[]", "x".repeat(90)]), "1"]);
    return [];
  },
  "repeated field": (c) => {
    const name = pick(["firstName", "email", "phone", "submissionKey", "service", "message"]);
    c.fields.push([name, pick(["Jane", "jane@example.com", "614-555-0147", "second"])]);
    return [name];
  },
  "fake or refused file": (c) => {
    set(c.fields, "hasInsuranceDocs", "on");
    const variant = int(7);
    if (variant === 0) c.files.push(["files", pick(["claim.pdf", "roof.jpg", "roof.jpeg", "roof.png", "roof.heic", "roof.webp"]), pick(FAKE_CONTENT)]);
    else if (variant === 1) c.files.push(["files", pick(["claim.exe", "roof.gif", "x.svg", "x.html", "noextension", "x.pdf.php", ".pdf"]), pick([PDF, PNG])]);
    else if (variant === 2) c.files.push([pick(["photo", "file", "firstName", "attachments"]), "claim.pdf", PDF]);
    else if (variant === 3) c.files.push(["files", "claim.pdf", Buffer.alloc(0)]);
    else if (variant === 4) for (let i = 0; i < 11; i += 1) c.files.push(["files", `f${i}.pdf`, PDF]);
    else if (variant === 5) c.files.push(["files", "ok.pdf", PDF], ["files", "bad.png", pick(FAKE_CONTENT)]);
    else c.files.push(["files", "claim.pdf", Buffer.concat([PDF, Buffer.alloc(int(3) === 0 ? 10 * 1024 * 1024 : 64)])]);
    // Variant 6 with a small file is valid: make it invalid by another field too.
    if (variant === 6) {
      set(c.fields, "email", "not-an-email");
      return ["email", "hasInsuranceDocs"];
    }
    return ["hasInsuranceDocs"];
  },
};

const RAW_BOUNDARY = "FuzzBoundary7MA4YWxk";
function multipartBody(fields: Field[]): string {
  return fields.map(([n, v]) => `--${RAW_BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join("");
}

function rawCase(): Case["raw"] {
  const fields = validFields();
  const asUrlEncoded = new URLSearchParams(fields).toString();
  const variants: Array<() => NonNullable<Case["raw"]>> = [
    () => ({ body: Buffer.from(asUrlEncoded), contentType: "text/plain" }),
    () => ({ body: Buffer.from(JSON.stringify(Object.fromEntries(fields))), contentType: "application/json" }),
    () => ({ body: Buffer.from(`<lead><firstName>Jane</firstName></lead>`), contentType: "application/xml" }),
    () => ({ body: Buffer.from(multipartBody(fields)), contentType: "multipart/form-data" }),
    () => ({ body: Buffer.from(multipartBody(fields)), contentType: "multipart/form-data; boundary=" }),
    () => ({ body: Buffer.from(multipartBody(fields)), contentType: `multipart/related; boundary=${RAW_BOUNDARY}` }),
    () => ({ body: Buffer.from(asUrlEncoded) }),
    () => ({ body: PNG, contentType: "image/png" }),
    // Malformed multipart: truncated in a part, no closing boundary, garbage, wrong boundary, no disposition.
    () => ({ body: Buffer.from(`${multipartBody(fields)}--${RAW_BOUNDARY}\r\nContent-Disposition: form-data; name="mess`), contentType: `multipart/form-data; boundary=${RAW_BOUNDARY}` }),
    () => ({ body: Buffer.from(multipartBody(fields).slice(0, -2 - int(20))), contentType: `multipart/form-data; boundary=${RAW_BOUNDARY}` }),
    () => ({ body: Buffer.from(Array.from({ length: 200 }, () => int(256))), contentType: `multipart/form-data; boundary=${RAW_BOUNDARY}` }),
    () => ({ body: Buffer.from(`${multipartBody(fields)}--${RAW_BOUNDARY}--\r\n`), contentType: "multipart/form-data; boundary=SomethingElse" }),
    () => ({ body: Buffer.from(`--${RAW_BOUNDARY}\r\nX-Nothing: here\r\n\r\nvalue\r\n--${RAW_BOUNDARY}--\r\n`), contentType: `multipart/form-data; boundary=${RAW_BOUNDARY}` }),
    () => ({
      body: Buffer.from(`--${RAW_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="claim.pdf"\r\n\r\n%PDF-1.4 but the body ends here`),
      contentType: `multipart/form-data; boundary=${RAW_BOUNDARY}`,
    }),
  ];
  return pick(variants)();
}

function generate(): Case[] {
  const cases: Case[] = [];
  const names = Object.keys(MUTATIONS);
  for (let i = 0; i < CASES; i += 1) {
    const target = pick(["/inspection-request", "/inspection-request", "/inspection-request", "/?index", "/contact"] as const);
    const method = int(10) === 0 ? pick(["PUT", "PATCH", "DELETE"]) : "POST";
    if (int(8) === 0) {
      cases.push({ category: "bad content type or malformed body", method, target, raw: rawCase() });
      continue;
    }
    const c = { category: "", method, target, fields: validFields(), files: [] as FilePart[] };
    const first = pick(names);
    const touched = new Set(MUTATIONS[first]!(c));
    c.category = first;
    if (int(3) === 0) {
      // A second mutation, unless it touches what the first one did (it could undo it: re-add a removed field).
      const before = { fields: [...c.fields], files: [...c.files] };
      const second = MUTATIONS[pick(names)]!(c);
      if (second.some((field) => touched.has(field))) Object.assign(c, before);
      else for (const field of second) touched.add(field);
    }
    // Noise on fields the mutations left alone.
    for (const [index, [name, value]] of c.fields.entries()) {
      if (touched.has(name) || !["firstName", "lastName", "message", "insuranceCompany", "claimNumber"].includes(name)) continue;
      if (int(3) === 0) c.fields[index] = [name, `${value}${pick(NOISE)}${pick(NOISE)}`];
    }
    if (int(10) === 0) c.fields.reverse();
    cases.push(c);
  }
  return cases;
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

async function send(app: RunningApp, c: Case): Promise<number> {
  let body: FormData | Uint8Array<ArrayBuffer>;
  const headers: Record<string, string> = {};
  if (c.raw) {
    body = new Uint8Array(c.raw.body);
    headers["content-type"] = c.raw.contentType ?? "";
    if (!c.raw.contentType) delete headers["content-type"];
  } else {
    const fd = new FormData();
    for (const [n, v] of c.fields ?? []) fd.append(n, v);
    for (const [field, name, bytes] of c.files ?? []) fd.append(field, new Blob([new Uint8Array(bytes)]), name);
    body = fd;
  }
  const response = await fetch(`${app.url}${c.target}`, { method: c.method, body, headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe("fuzzing the inspection request (QUALITY R6)", () => {
  let app: RunningApp;
  let client: pg.Client;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leads-fuzz-"));

  beforeAll(async () => {
    app = await startApp({ env: { DATA_DIR: dataDir, LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0", LOG_LEVEL: "error" } });
    client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test(`${CASES} invalid submissions: only 4xx, nothing written`, async () => {
    const cases = generate();
    const results = (await sendConcurrently(cases, CONCURRENCY, (c) => send(app, c))).map(({ c, answer }) => ({ c, status: answer }));

    const byCategory = new Map<string, Map<string, number>>();
    for (const { c, status } of results) {
      const counts = byCategory.get(c.category) ?? new Map<string, number>();
      counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
      byCategory.set(c.category, counts);
    }
    console.log(
      `fuzz seed ${SEED}: ${results.length} cases\n${[...byCategory]
        .map(([category, counts]) => `  ${category}: ${[...counts].map(([s, n]) => `${s} x${n}`).join(", ")}`)
        .join("\n")}`,
    );

    const bad = results.filter(({ status }) => typeof status !== "number" || status < 400 || status > 499 || status === 429);
    const describeCase = ({ c, status }: (typeof results)[number]) =>
      `${status} ${c.method} ${c.target} [${c.category}] ${JSON.stringify(c.fields?.map(([n, v]) => [n, v.slice(0, 60)]) ?? c.raw?.contentType)}${c.files?.length ? ` files: ${c.files.map((f) => `${f[0]}:${f[1]}(${f[2].length})`).join(" ")}` : ""}`;
    expect(bad.slice(0, 10).map(describeCase), "answers outside 4xx").toEqual([]);
    expect(results).toHaveLength(CASES);
    expect(byCategory.size).toBeGreaterThanOrEqual(10);

    const counts = await client.query<{ leads: number; attachments: number; emails: number; notes: number }>(`
      select (select count(*)::int from leads) as leads,
             (select count(*)::int from lead_attachments) as attachments,
             (select count(*)::int from email_outbox) as emails,
             (select count(*)::int from lead_notes) as notes
    `);
    expect(counts.rows[0]).toEqual({ leads: 0, attachments: 0, emails: 0, notes: 0 });
    expect(filesUnder(path.join(dataDir, "uploads"))).toEqual([]);
  }, 240_000);
});
