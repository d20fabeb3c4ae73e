import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import * as Icons from "./icons";
import { IconSprite, Package, Phone, X } from "./icons";

describe("site icons", () => {
  test("inside the sprite: each use points at one symbol, defined once after the uses, with lucide's drawing", () => {
    const html = renderToString(
      <IconSprite>
        <p>
          <Phone className="size-4" />
          <Phone />
          <X className="text-red-700" aria-hidden="true" />
        </p>
      </IconSprite>,
    );
    expect(html.match(/<use href="#icon-phone"><\/use>/g)).toHaveLength(2);
    expect(html.match(/<symbol id="icon-phone"/g)).toHaveLength(1);
    expect(html.match(/<symbol id="icon-x"/g)).toHaveLength(1);
    expect(html.indexOf("<symbol")).toBeGreaterThan(html.lastIndexOf("<use"));
    expect(html).toContain('class="lucide lucide-phone size-4"');
    expect(html).toContain('class="lucide lucide-x text-red-700"');
    expect(html).toMatch(/<symbol id="icon-phone" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13\.8/);
    // Decorative unless named.
    expect(html.match(/aria-hidden="true"/g)!.length).toBe(4);
  });

  test("no sprite in the tree (the admin): the icon draws itself; nothing used: no sprite", () => {
    const inline = renderToString(<Phone className="size-5" />);
    expect(inline).toMatch(/^<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" [^>]*class="lucide lucide-phone size-5"><path d=/);
    expect(inline).toContain("<path d=");
    expect(inline).not.toContain("<use");
    expect(renderToString(<IconSprite>text</IconSprite>)).toBe("text");
  });

  test("an icon drawn differently (its own stroke width) draws itself inside the sprite too; a named one is not hidden", () => {
    const html = renderToString(
      <IconSprite>
        <Package strokeWidth={1.5} />
        <Phone role="img" aria-label="Phone" />
      </IconSprite>,
    );
    expect(html).toMatch(/<svg [^>]*stroke-width="1.5"[^>]*class="lucide lucide-package"><path/);
    expect(html).not.toContain("#icon-package");
    expect(html).toContain('<svg width="24" height="24" class="lucide lucide-phone" role="img" aria-label="Phone"><use href="#icon-phone">');
  });

  test("every exported icon has a drawing of its own", () => {
    const drawings = new Set<string>();
    for (const [name, Icon] of Object.entries(Icons) as Array<[string, Icons.SiteIcon]>) {
      if (name === "IconSprite") continue;
      const html = renderToString(<Icon />);
      expect(html, name).toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse) /);
      drawings.add(html);
    }
    expect(drawings.size).toBe(Object.keys(Icons).length - 1);
  });
});
