import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Issue 19, "smaller defects": things the app must decide in ONE place, so that a fix or a change made there
 * holds everywhere. The code of app/ and server/ (not tests, not comments) is read and each of these may
 * appear only in its own module:
 * - the company time zone, COMPANY_TIME_ZONE in app/lib/zoned-time.ts;
 * - the client-address header, CLIENT_IP_HEADER in app/domain/accounts/client-ip.server.ts;
 * - "is this URL safe / http(s)": app/lib/url-safety.ts.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Files whose change belongs to another part of issue 19 (not yet moved to the shared definition). */
const PENDING: Record<string, readonly string[]> = {
  timeZone: [],
  clientIpHeader: [],
  urlSafety: [
    // The configuration's own checks of APP_URL and an S3 endpoint (an origin, not a link).
    "app/config.server.ts",
  ],
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** The code of a file without its comments (block comments, and lines that are only a comment). */
function code(file: string): string {
  return fs
    .readFileSync(path.join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

const FILES = [...sourceFiles("app"), ...sourceFiles("server")];

function filesMatching(pattern: RegExp, allowed: string, pending: readonly string[]): string[] {
  return FILES.filter((file) => file !== allowed && !pending.includes(file) && pattern.test(code(file))).sort();
}

describe("one definition (issue 19)", () => {
  test("the company time zone is written out only in app/lib/zoned-time.ts", () => {
    expect(filesMatching(/America\/New_York/, "app/lib/zoned-time.ts", PENDING.timeZone!)).toEqual([]);
  });

  test("the client-address header is named only in app/domain/accounts/client-ip.server.ts", () => {
    expect(filesMatching(/x-app-client-ip/i, "app/domain/accounts/client-ip.server.ts", PENDING.clientIpHeader!)).toEqual([]);
  });

  test("whether an address is safe or http(s) is decided only in app/lib/url-safety.ts", () => {
    const decisions = [
      /\.protocol\s*[!=]==?\s*["'`](?:https?|javascript|data):/, // url.protocol === "https:"
      /\/\^https\?:/, // /^https?:\/\//
      /\/\^\\\/\(\?!/, // /^\/(?!\/)/, /^\/(?![/\\])/
      /startsWith\(\s*["'`]\/\/["'`]\s*\)/, // value.startsWith("//")
      /startsWith\(\s*["'`]\/\\\\["'`]\s*\)/, // value.startsWith("/\\")
      /javascript:/i,
    ];
    const offenders = decisions.flatMap((pattern) => filesMatching(pattern, "app/lib/url-safety.ts", PENDING.urlSafety!).map((file) => `${file}: ${pattern}`));
    expect(offenders).toEqual([]);
  });
});
