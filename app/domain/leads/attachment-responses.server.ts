import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";

/**
 * The HTTP answers of a lead's files, for staff (/admin/leads/:id/attachments/...) and for the homeowner
 * (/portal/requests/:id/files/...), so both send a file the same way: a download is always `attachment`
 * (QUALITY S20) with the name as the content-disposition package writes it (RFC 6266 and RFC 8187); a
 * picture we made of an image (the thumbnail, the large copy) is shown inline; both under a sandboxing CSP, same-origin only, never indexed (`nosniff` is on
 * every response: server/security-headers.ts).
 */

const COMMON = {
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

interface OpenedFile {
  contentType: string;
  size: number;
  stream: Readable;
}

/** 404, saying nothing about what exists. */
export function attachmentNotFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });
}

export function attachmentDownload(file: OpenedFile & { fileName: string }): Response {
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      ...COMMON,
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}

/** A picture we made of an image (thumbnail or large copy), cached by the browser only (`private`). */
export function attachmentPicture(file: OpenedFile): Response {
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: { ...COMMON, "Content-Type": file.contentType, "Content-Length": String(file.size), "Cache-Control": "private, max-age=3600" },
  });
}
