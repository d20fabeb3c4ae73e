import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/lib/url-safety";
import { DISALLOWED_PATHS, PUBLIC_ROUTES } from "./public-routes";
import { buildRobotsTxt, buildSitemapXml, escapeXml } from "./sitemap";

describe("sitemap", () => {
  it("lists every public page, including the GAF portal, as absolute URLs", () => {
    const xml = buildSitemapXml("https://roof.example", PUBLIC_ROUTES);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        "/",
        "/about",
        "/services",
        "/team",
        "/gallery",
        "/contact",
        "/estimate",
        "/gaf",
        "/gaf/warranties",
        "/gaf/shingles",
        "/gaf/roof-system",
        "/gaf/timberline-hdz-colors",
        "/privacy",
        "/terms",
      ].map((path) => `https://roof.example${path}`),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain("<priority>1.0</priority>");
    expect(xml).not.toMatch(/\/admin|\/auth/);
  });

  it("escapes XML and joins origins and paths", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(absoluteUrl("https://roof.example/", "/about")).toBe("https://roof.example/about");
    expect(absoluteUrl("http://127.0.0.1:3000", "/")).toBe("http://127.0.0.1:3000/");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of /admin, /auth, /api and /portal and points at the sitemap", () => {
    const text = buildRobotsTxt("https://roof.example", DISALLOWED_PATHS);
    expect(text.split("\n")).toEqual([
      "User-agent: *",
      "Disallow: /admin",
      "Disallow: /auth",
      "Disallow: /api",
      "Disallow: /portal",
      "Allow: /",
      "",
      "Sitemap: https://roof.example/sitemap.xml",
      "",
    ]);
  });
});
