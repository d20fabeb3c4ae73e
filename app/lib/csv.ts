import { create as contentDisposition } from "content-disposition";

/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, CRLF line ends; the
 * file starts with CSV_BOM so spreadsheets read UTF-8). Safe to open: a cell
 * starting with = + - @ (or a tab or carriage return) is prefixed with ' so
 * it is never taken for a formula (CSV injection). Used by the lead and
 * contract exports.
 */

export const CSV_BOM = "\ufeff";

/** One CSV cell: formula-looking text neutralised, then quoted. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The HTTP headers of a CSV download named `fileName` (any characters: content-disposition encodes them), never cached, never indexed. */
export function csvDownloadHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": contentDisposition(fileName),
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
}
