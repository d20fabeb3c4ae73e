import { describe, expect, it, test } from "vitest";
import { safeRedirectPath } from "~/domain/accounts/guards.server";
import { seededRandom } from "../../tests/support/prng";
import {
  absoluteHttpUrl,
  absoluteUrl,
  pageUrlOf,
  isHttpUrl,
  isSafeHref,
  isSafeImageSrc,
  isSafeInlineHref,
  isSitePath,
  parseHttpUrl,
  resolveHttpUrl,
  safeLinkHref,
  safeRedirectTarget,
} from "./url-safety";

const BASE = "https://site.test";
const CASES = 20_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

/**
 * Pieces of redirect targets an attacker would try: dot segments (plain and encoded), doubled, encoded and
 * double-encoded slashes, backslashes, tabs, newlines and other characters a browser drops, Unicode
 * look-alikes of "/" and "\" and ".", absolute and scheme-relative URLs, `javascript:`.
 */
const PIECES = [
  "/", "//", "///", "\\", "\\\\", "/\\", "\\/",
  ".", "..", "./", "../", "/.", "/..", "/./", "/../", "/.//", "/..//",
  "%2e", "%2E", "%2e%2e", ".%2e", "%2e.", "%252e", "%25252e",
  "%2f", "%2F", "%2f%2f", "%252f", "%252F%252F", "%5c", "%5C", "%255c",
  "\t", "\n", "\r", "\r\n", " ", "\u0000", "\u000b", "\u000c", "\u007f", "\u0085", "\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b",
  "%09", "%0a", "%0d", "%0d%0a", "%00", "%2509",
  "\uff0f", "\u2215", "\u2044", "\u29f8", "\u2571", "\uff3c", "\ufe68", "\u29f5", "\u2216", "\uff0e", "\u3002", "\u2024",
  "https://evil.example", "http://evil.example", "HTTPS://EVIL.EXAMPLE", "https:evil.example", "https:/evil.example",
  "https:\\\\evil.example", "//evil.example", "evil.example", "@evil.example", "user:pass@evil.example",
  "\uff45vil\uff0eexample", "evil%2eexample", "[::1]", ":8080", "localhost",
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x", "mailto:x@evil.example",
  "?", "#", "?next=//evil.example", "#//evil.example", "&", "=", ";", "%", "%%", "%zz", "%25",
  "admin", "a", "b", "users", "admin/users", "?status=pending", "#top",
  "\u00e9", "\ud83c\udfe0", "\ud800",
] as const;

function generate(random: ReturnType<typeof seededRandom>): string {
  const count = 1 + random.int(6);
  let value = random.int(3) === 0 ? "" : "/";
  for (let i = 0; i < count; i += 1) value += random.pick(PIECES);
  return value;
}

/** The redirect-target properties: a path on this site, which the browser resolves on this site too. */
function expectSitePath(result: string, input: string): void {
  const label = JSON.stringify(input);
  expect(result.startsWith("/"), label).toBe(true);
  expect(result.startsWith("//"), label).toBe(false);
  expect(result.startsWith("/\\"), label).toBe(false);
  // Only printable ASCII goes into a Location header or a form value.
  expect(/^[\u0021-\u007e]*$/.test(result), label).toBe(true);
  const resolved = new URL(result, BASE);
  expect(resolved.origin, label).toBe(BASE);
  expect(resolved.pathname.startsWith("/"), label).toBe(true);
  expect(resolved.pathname.startsWith("//"), label).toBe(false);
  // What the browser makes of the header is the path that was judged, unchanged.
  expect(`${resolved.pathname}${resolved.search}${resolved.hash}`, label).toBe(result);
  // Followed from another page of the site too (a relative resolution against a deeper path).
  expect(new URL(result, `${BASE}/a/b/c?x=1#y`).origin, label).toBe(BASE);
}

describe("redirect targets (issue 19: open redirect after sign-in)", () => {
  test("the reported values are refused: the fallback is used", () => {
    for (const value of ["/.//evil.example/phish", "/..//x", "/a/..//x", "/%2e//x", "/%2E%2E//x", "/./\\evil.example", "/\t/evil.example", "/%2f%2fevil.example", "/%5c/evil.example"]) {
      expect(safeRedirectTarget(value, "/admin"), value).toBe("/admin");
      expect(safeRedirectPath(value), value).toBe("/admin");
    }
    for (const value of ["//evil.example", "/\\evil.example", "https://evil.example/admin", "javascript:alert(1)", " /admin", "", null, 42, "x".repeat(3000)]) {
      expect(safeRedirectTarget(value, "/admin"), String(value)).toBe("/admin");
    }
  });

  test("paths on this site are kept, in the form the browser reads them", () => {
    expect(safeRedirectTarget("/admin/users?status=pending")).toBe("/admin/users?status=pending");
    expect(safeRedirectTarget("/admin/contracts?q=roof%2Fsiding&page=2#list")).toBe("/admin/contracts?q=roof%2Fsiding&page=2#list");
    expect(safeRedirectTarget("/admin/./leads/../users")).toBe("/admin/users");
    expect(safeRedirectTarget("/gaf/\u00e9")).toBe("/gaf/%C3%A9");
    // A look-alike of "/" is an ordinary character of the path: encoded, it stays on this site.
    expect(safeRedirectTarget("/\uff0fevil.example")).toBe("/%EF%BC%8Fevil.example");
    expect(safeRedirectTarget("/admin", "/")).toBe("/admin");
    expect(safeRedirectTarget(undefined)).toBe("/");
  });

  test(`${CASES.toLocaleString("en-US")} generated values (seed ${SEED}): always a path on this site, and stable`, () => {
    const random = seededRandom(SEED);
    let kept = 0;
    for (let i = 0; i < CASES; i += 1) {
      const input = generate(random);
      const result = safeRedirectTarget(input, "/fallback");
      expectSitePath(result, input);
      expect(safeRedirectPath(input), JSON.stringify(input)).toBe(result === "/fallback" ? "/admin" : result);
      // Judging the result again keeps it: what was decided is what is sent.
      expect(safeRedirectTarget(result, "/fallback"), JSON.stringify(input)).toBe(result);
      if (result !== "/fallback") kept += 1;
    }
    // The generator reaches both answers (it is not refusing everything).
    expect(kept).toBeGreaterThan(CASES / 20);
    expect(kept).toBeLessThan(CASES);
  });
});

describe("one URL safety module", () => {
  test("http(s) URLs", () => {
    expect(isHttpUrl("https://www.gaf.com/en-us")).toBe(true);
    expect(isHttpUrl("HTTP://Example.com")).toBe(true);
    for (const value of ["javascript:alert(1)", "//evil.example", "/path", "https:evil.example", "ftp://x.example", "http://", "data:text/html,x"]) {
      expect(isHttpUrl(value), value).toBe(false);
    }
    expect(parseHttpUrl("  https://Example.com/a b ")).toBe("https://example.com/a%20b");
    expect(parseHttpUrl("javascript:alert(1)")).toBeNull();
    expect(parseHttpUrl("")).toBeNull();
  });

  test("links of a fetched page", () => {
    const page = "https://bids.example/search?page=2";
    expect(resolveHttpUrl("/bid/17", page)).toBe("https://bids.example/bid/17");
    expect(resolveHttpUrl(" detail?id=3 ", page)).toBe("https://bids.example/detail?id=3");
    expect(resolveHttpUrl("//other.example/x", page)).toBe("https://other.example/x");
    for (const href of ["javascript:void(0)", "mailto:a@b.example", "data:text/html,x", "http://[bad", "https://"]) {
      expect(resolveHttpUrl(href, page), href).toBeNull();
    }
  });

  test("site paths cannot become another origin", () => {
    for (const value of ["/images/team/a.svg", "/about?x=1#team", "/", "/a%2Fb"]) expect(isSitePath(value), value).toBe(true);
    for (const value of ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/.//evil.example", "/a b", "images/a.svg", "", "/a\u0000"]) {
      expect(isSitePath(value), JSON.stringify(value)).toBe(false);
    }
  });

  test("content links, images and inline links", () => {
    expect(isSafeHref("/gaf")).toBe(true);
    expect(isSafeHref("#team")).toBe(true);
    expect(isSafeHref("https://example.com")).toBe(true);
    expect(isSafeImageSrc("/images/a.png")).toBe(true);
    expect(isSafeImageSrc("#team")).toBe(false);
    expect(isSafeInlineHref("mailto:office@example.com")).toBe(true);
    expect(isSafeInlineHref("tel:+1 (614) 555-0147")).toBe(true);
    for (const value of ["javascript:alert(1)", "//evil.example/x", "/\\evil.example", "/\t/evil.example", "data:text/html,x", "vbscript:x"]) {
      expect(isSafeHref(value), value).toBe(false);
      expect(isSafeImageSrc(value), value).toBe(false);
      expect(isSafeInlineHref(value), value).toBe(false);
    }
  });

  test("links from configuration", () => {
    expect(safeLinkHref(" /files/warranty.pdf ")).toBe("/files/warranty.pdf");
    expect(safeLinkHref("https://www.gaf.com/en-us")).toBe("https://www.gaf.com/en-us");
    for (const value of ["/\t/evil.example", "/\n/evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeLinkHref(value), JSON.stringify(value)).toBeNull();
    }
  });

  test("absolute links for pages and emails stay on the site or on http(s)", () => {
    expect(absoluteUrl("https://roofing.test", "/gaf")).toBe("https://roofing.test/gaf");
    expect(absoluteUrl("https://roofing.test/", "/#business")).toBe("https://roofing.test/#business");
    expect(absoluteUrl("https://roofing.test", "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(absoluteUrl("https://roofing.test", "//evil.example/x")).toBe("https://roofing.test/");
    expect(absoluteUrl("https://roofing.test", "javascript:alert(1)")).toBe("https://roofing.test/");
    expect(absoluteHttpUrl("/admin/leads/1", "https://roofing.test")).toBe("https://roofing.test/admin/leads/1");
    expect(absoluteHttpUrl("https://roofing.test/x")).toBe("https://roofing.test/x");
    for (const value of ["/\\evil.example/x", "/\t/evil.example/x", "//evil.example/x", "javascript:alert(1)", "data:text/html,x"]) {
      expect(() => absoluteHttpUrl(value, "https://roofing.test"), JSON.stringify(value)).toThrow();
    }
  });
});

describe("pageUrlOf (React Router's data-request URLs, passed through since future.v8_passThroughRequests)", () => {
  const page = (url: string) => {
    const result = pageUrlOf(new Request(url));
    return `${result.pathname}${result.search}`;
  };
  it("gives the page a data request is for", () => {
    expect(page("https://site.test/_.data")).toBe("/");
    expect(page("https://site.test/_root.data")).toBe("/");
    expect(page("https://site.test/_root.data?_routes=root%2Croutes%2Fhome")).toBe("/");
    expect(page("https://site.test/admin/leads.data?status=new&_routes=routes%2Fadmin%2Fleads")).toBe("/admin/leads?status=new");
    expect(page("https://site.test/about/_.data")).toBe("/about/");
    expect(page("https://site.test/services?index&utm_source=x")).toBe("/services?utm_source=x");
    expect(page("https://site.test/admin/leads?q=a.data")).toBe("/admin/leads?q=a.data");
  });
  it("leaves other URLs as they are", () => {
    expect(page("https://site.test/")).toBe("/");
    expect(page("https://site.test/gaf/shingles?x=1")).toBe("/gaf/shingles?x=1");
    expect(page("https://site.test/files/report.data.csv")).toBe("/files/report.data.csv");
  });
});
