import { describe, expect, it } from "vitest";
import { buildPageMeta } from "./page-meta";

describe("buildPageMeta", () => {
  it("gives title, description, canonical and Open Graph tags", () => {
    const meta = buildPageMeta({
      title: "Our Work",
      description: "Projects we completed.",
      path: "/gallery",
      origin: "https://roof.example",
      siteName: "Buckeye Valor Roofing",
    });
    expect(meta).toContainEqual({ title: "Our Work | Buckeye Valor Roofing" });
    expect(meta).toContainEqual({ name: "description", content: "Projects we completed." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://roof.example/gallery" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://roof.example/gallery" });
    expect(meta).toContainEqual({ property: "og:title", content: "Our Work" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://roof.example/images/og/default.png" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Buckeye Valor Roofing" });
  });

  it("uses a full title as given, and emits no absolute URLs without an origin", () => {
    const meta = buildPageMeta({ title: "Home", fullTitle: "Roofing | Acme", description: "d", path: "/" });
    expect(meta).toContainEqual({ title: "Roofing | Acme" });
    expect(meta.some((m) => "tagName" in m || ("property" in m && m.property === "og:url"))).toBe(false);
  });
});
