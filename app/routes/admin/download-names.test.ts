import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "content-disposition";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import { handleInspectionRequest } from "~/domain/leads/handle-inspection-request.server";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { csvDownloadHeaders } from "~/lib/csv";
import { createSession, createUser } from "../../../tests/support/factories";
import { loader as attachmentLoader } from "./leads.$id.attachments.$attachmentId";

/**
 * Download names (issue 19 item 7): a file a homeowner sent, named as people
 * name photos (an apostrophe, accents, a dash, quotes, a semicolon), comes
 * back from the real download route with a Content-Disposition header that
 * follows RFC 6266 / RFC 8187 to the letter and gives the same name back when
 * parsed, both by a strict reading of the grammar and by content-disposition's
 * parse().
 */

const uploadsRoot = fs.mkdtempSync(path.join(os.tmpdir(), "download-names-"));
const context = { cspNonce: "", requestId: "download-names", formKey: "" };
let cookie = "";
let leadId = "";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const PDF = Buffer.from("%PDF-1.4 estimate");

/** [name as sent by the browser, content, name the download must carry]. */
const FILES: Array<[sent: string, content: Buffer, downloaded: string]> = [
  ["O'Brien roof.jpg", JPEG, "O'Brien roof.jpg"],
  ["Zoë's façade – 2.jpg", JPEG, "Zoë's façade – 2.jpg"],
  // A double quote is never part of a stored name (safeDownloadName: not allowed in a file name on
  // Windows); the semicolon and the rest of the name are kept.
  ['Smith "final"; v2.pdf', PDF, "Smith _final_; v2.pdf"],
];

/**
 * The file name a strict RFC 6266 reader takes from `header`: `filename*` (RFC 8187, UTF-8, only
 * attr-char and %XX in the value) when present, else `filename` (a token or a quoted-string). Throws
 * on anything outside the grammar.
 */
function strictFileName(header: string): string {
  const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
  const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"';
  const EXT = "UTF-8'[A-Za-z0-9-]*'(?:[A-Za-z0-9!#$&+.^_`|~-]|%[0-9A-Fa-f]{2})*";
  const grammar = new RegExp(`^attachment((?:; *(?:filename=(?:${TOKEN}|${QUOTED})|filename\\*=${EXT}))*)$`, "i");
  const match = grammar.exec(header);
  if (!match) throw new Error(`not an RFC 6266 header: ${header}`);
  const params = new Map<string, string>();
  for (const param of match[1]!.matchAll(new RegExp(`; *(filename\\*?)=(${TOKEN}|${QUOTED}|${EXT})`, "gi"))) {
    params.set(param[1]!.toLowerCase(), param[2]!);
  }
  const extended = params.get("filename*");
  if (extended !== undefined) return decodeURIComponent(extended.replace(/^UTF-8'[^']*'/i, ""));
  const plain = params.get("filename");
  if (plain === undefined) throw new Error(`no file name in ${header}`);
  return plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, "$1") : plain;
}

beforeAll(async () => {
  setUploadStorageForTests(new LocalDiskStorage(uploadsRoot));
  cookie = (await createSession(await createUser({ kind: "admin" }))).cookie;
  const fd = new FormData();
  for (const [k, v] of Object.entries({ submissionKey: "download-names-key-000001", firstName: "Zoë", lastName: "O'Brien", email: "zoe@example.com", phone: "6145550112", hasInsuranceDocs: "on" })) {
    fd.append(k, v);
  }
  for (const [sent, content] of FILES) fd.append("files", new Blob([new Uint8Array(content)]), sent);
  const outcome = await handleInspectionRequest(
    new Request("http://app.test/inspection-request", { method: "POST", body: fd, headers: { "x-app-client-ip": "203.0.113.41" } }),
  );
  expect(outcome.status).toBe(200);
  const [lead] = await db().select({ id: leads.id }).from(leads).where(eq(leads.email, "zoe@example.com"));
  leadId = lead!.id;
});

afterAll(() => {
  setUploadStorageForTests(undefined);
  fs.rmSync(uploadsRoot, { recursive: true, force: true });
});

describe("download names", () => {
  it("sends each attachment's name so that it reads back the same, strictly and with content-disposition's parse()", async () => {
    const rows = await db().select({ id: leadAttachments.id, originalName: leadAttachments.originalName }).from(leadAttachments).where(eq(leadAttachments.leadId, leadId));
    expect(rows.map((row) => row.originalName).sort()).toEqual(FILES.map(([sent]) => sent).sort());
    for (const row of rows) {
      const expected = FILES.find(([sent]) => sent === row.originalName)![2];
      const response = (await attachmentLoader({
        request: new Request(`http://app.test/admin/leads/${leadId}/attachments/${row.id}`, { headers: { cookie } }),
        params: { id: leadId, attachmentId: row.id },
        context,
      } as never)) as Response;
      expect(response.status).toBe(200);
      const header = response.headers.get("content-disposition")!;
      expect(parse(header), header).toMatchObject({ type: "attachment", parameters: { filename: expected } });
      expect(strictFileName(header), header).toBe(expected);
      await response.arrayBuffer();
    }
  });

  it("names CSV downloads the same way, whatever the characters", () => {
    for (const name of ["leads-2026-05-01.csv", "O'Brien leads.csv", 'Zoë\'s "list"; 2.csv']) {
      const header = new Headers(csvDownloadHeaders(name)).get("content-disposition")!;
      expect(parse(header).parameters.filename, header).toBe(name);
      expect(strictFileName(header), header).toBe(name);
    }
  });
});
