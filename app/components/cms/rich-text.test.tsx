import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentTokenValues } from "~/domain/cms/content-tokens";
import type { PublicBlock } from "~/domain/cms/public-pages";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "~/domain/site-settings/defaults";
import { ProseBlock } from "./prose-block";
import { ContentTokensProvider, Paragraphs, RichText } from "./rich-text";

/** A real element (not escaped text) that could run script, or a javascript: address. */
const UNSAFE = /<(script|img src=x|svg|iframe|b)[\s>]|<[^>]*\son(error|load)=|href="\s*javascript:/i;

const tokens = contentTokenValues(DEFAULT_PUBLIC_SITE_SETTINGS);
const render = (node: React.ReactNode) => renderToStaticMarkup(<ContentTokensProvider values={tokens}>{node}</ContentTokensProvider>);

const XSS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "[click me](javascript:alert(1))",
  "**<b>bold</b>**",
  "{businessName}<iframe src=javascript:alert(1)>",
];

describe("RichText", () => {
  it("renders links, bold and placeholders as elements and text", () => {
    const html = render(<RichText text="Call [{phone}]({phoneHref}) — **{businessName}**" />);
    expect(html).toBe(
      `Call <a href="${tokens.phoneHref}" class="font-semibold underline underline-offset-4">${tokens.phone}</a> — <strong>${tokens.businessName}</strong>`,
    );
    expect(render(<RichText text="[GAF](https://www.gaf.com/)" />)).toContain('rel="noopener noreferrer"');
  });

  it("never emits markup from a text: every payload is escaped, no script, handler or javascript: URL", () => {
    const html = render(<Paragraphs paragraphs={XSS} />);
    expect(html).not.toMatch(UNSAFE);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("click me");
  });

  it("renders any block type as prose, escaping every field", () => {
    const blocks: PublicBlock[] = [
      { key: "privacy-1-a", type: "text", content: { heading: XSS[0], paragraphs: XSS } },
      { key: "privacy-2-b", type: "list", content: { heading: "List", intro: XSS[1], items: XSS, ordered: true } },
      { key: "privacy-3-c", type: "card_grid", content: { cards: [{ title: XSS[2]!, text: XSS[3]!, link: { label: XSS[0]!, href: "/x" } }] } },
      { key: "privacy-4-d", type: "feature_grid", content: { features: [{ title: XSS[4]!, description: XSS[5]! }] } },
      { key: "privacy-5-e", type: "image_text", content: { heading: "Img", paragraphs: XSS, imageUrl: "/images/x.png", imageAlt: '"><script>alert(1)</script>', imageSide: "right" } },
    ];
    const html = render(
      <>
        {blocks.map((block) => (
          <ProseBlock key={block.key} block={block} />
        ))}
      </>,
    );
    expect(html).not.toMatch(UNSAFE);
    expect(html).toContain("<ol>");
    expect(html).toContain('<img src="/images/x.png" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
