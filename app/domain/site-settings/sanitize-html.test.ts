import { describe, expect, it } from "vitest";
import { ALLOWED_TAGS, decodeReferences, htmlText, safeHref, sanitizeHtml } from "./sanitize-html";

/** Every tag of `html` is allowed, and the only attributes are an a's href and rel. */
function expectOnlyAllowedMarkup(html: string) {
  for (const match of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const [, name, rest] = match;
    expect(ALLOWED_TAGS.has(name!), `tag <${name}> in ${html}`).toBe(true);
    const attributes = [...rest!.matchAll(/([^\s=]+)="[^"]*"/g)].map((m) => m[1]);
    expect(attributes.every((a) => (name === "a" && (a === "href" || a === "rel")) || false) || attributes.length === 0, `attributes of ${match[0]}`).toBe(true);
    // Nothing else in the tag than those attributes.
    expect(rest!.replace(/\s+[a-z]+="[^"<>]*"/g, "").trim()).toBe("");
  }
  expect(html).not.toMatch(/<(script|style|iframe|svg|math|img|object|embed|template|form|input|base|meta|link)/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  for (const href of html.matchAll(/href="([^"]*)"/g)) {
    const decoded = decodeReferences(href[1]!);
    expect(decoded, `href ${href[1]}`).toMatch(/^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i);
  }
}

describe("sanitizeHtml: what it keeps", () => {
  it("keeps the allowed tags and text, re-written", () => {
    expect(sanitizeHtml("<p>Hello <strong>there</strong> &amp; <em>welcome</em></p>")).toBe("<p>Hello <strong>there</strong> &amp; <em>welcome</em></p>");
    expect(sanitizeHtml("<UL><LI>One<li>Two</UL>")).toBe("<ul><li>One<li>Two</li></li></ul>");
    expect(sanitizeHtml("Line<br>next<br/>last<hr>")).toBe("Line<br>next<br>last<hr>");
    expect(sanitizeHtml("<h2>Title</h2><blockquote>Q</blockquote>")).toBe("<h2>Title</h2><blockquote>Q</blockquote>");
  });

  it("keeps safe links with rel, and only their href", () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" title="t" target="_blank">Go</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">Go</a>',
    );
    expect(sanitizeHtml("<a href='/contact'>Contact</a>")).toBe('<a href="/contact" rel="noopener noreferrer nofollow">Contact</a>');
    expect(sanitizeHtml("<a href=mailto:office@example.com>Mail</a>")).toBe('<a href="mailto:office@example.com" rel="noopener noreferrer nofollow">Mail</a>');
    expect(sanitizeHtml('<a href="tel:+16145550147">Call</a>')).toBe('<a href="tel:+16145550147" rel="noopener noreferrer nofollow">Call</a>');
    expect(sanitizeHtml('<a href="#team">Team</a>')).toBe('<a href="#team" rel="noopener noreferrer nofollow">Team</a>');
  });

  it("escapes stray angle brackets and bare ampersands, keeps character references", () => {
    expect(sanitizeHtml("1 < 2 > 0 & done")).toBe("1 &lt; 2 &gt; 0 &amp; done");
    expect(sanitizeHtml("&copy; 2026 &#169; &#xA9; &lt;script&gt;")).toBe("&copy; 2026 &#169; &#xA9; &lt;script&gt;");
    expect(sanitizeHtml("a &notareference b")).toBe("a &amp;notareference b");
  });

  it("closes what is left open and ignores stray end tags", () => {
    expect(sanitizeHtml("<p><strong>bold")).toBe("<p><strong>bold</strong></p>");
    expect(sanitizeHtml("</p>text</div></strong>")).toBe("text");
    expect(sanitizeHtml("<p><em>a</p>b")).toBe("<p><em>a</em></p>b");
  });

  it("is stable: sanitizing its own output changes nothing", () => {
    const samples = ['<p>a <a href="/x">b</a> &amp; c</p>', "<ul><li>x</ul>", "1 < 2", "<b><i>x</b></i>"];
    for (const sample of samples) {
      const once = sanitizeHtml(sample);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });

  it("gives the text of a value for a preview", () => {
    expect(htmlText("<p>Hello <b>world</b></p><script>alert(1)</script>")).toBe("Hello world");
  });
});

/** The XSS corpus: each entry is refused markup; `keeps` is the text that may remain. */
const XSS: Array<[label: string, input: string, expected?: string]> = [
  ["script tag", "<script>alert(1)</script>ok", "ok"],
  ["script, upper case", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok", "ok"],
  ["script split by a tag", "<scr<script>ipt>alert(1)</script>", undefined],
  ["script with a fake end", "<script>a='</scr'+'ipt>'; alert(1)</script>", undefined],
  ["unterminated script", "<script>alert(1)", ""],
  ["img onerror", "<img src=x onerror=alert(1)>", ""],
  ["on* handler on an allowed tag", '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', "<p>x</p>"],
  ["handler after a slash", "<p/onmouseover=alert(1)>x</p>", "<p>x</p>"],
  ["handler with odd quoting", '<b """ onclick=alert(1)>x</b>', "<b>x</b>"],
  ["javascript: link", '<a href="javascript:alert(1)">x</a>', "x"],
  ["javascript: mixed case and spaces", '<a href="  JaVaScRiPt:alert(1)">x</a>', "x"],
  ["javascript: with a tab", '<a href="java\tscript:alert(1)">x</a>', "x"],
  ["javascript: with an encoded tab", '<a href="java&#9;script:alert(1)">x</a>', "x"],
  ["javascript: with an encoded newline", '<a href="java&NewLine;script:alert(1)">x</a>', "x"],
  ["entity-encoded scheme (decimal)", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', "x"],
  ["entity-encoded scheme (hex, no semicolons)", '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>', "x"],
  ["entity-encoded colon", '<a href="javascript&colon;alert(1)">x</a>', "x"],
  ["padded numeric reference", '<a href="&#0000106avascript:alert(1)">x</a>', "x"],
  ["data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', "x"],
  ["vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', "x"],
  ["protocol-relative link", '<a href="//evil.example/">x</a>', "x"],
  ["backslash link", '<a href="/\\evil.example/">x</a>', "x"],
  ["svg onload", "<svg onload=alert(1)>", ""],
  ["svg with script", "<svg><script>alert(1)</script></svg>ok", "ok"],
  ["svg animate href", '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>', ""],
  ["math mXSS", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
  ["noscript mXSS (what follows the end tag is text)", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '"&gt;'],
  ["style tag", "<style>@import 'https://evil.example/x.css'; body{background:url(javascript:alert(1))}</style>ok", "ok"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
  ["iframe", '<iframe src="javascript:alert(1)"></iframe>ok', "ok"],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ""],
  ["object", '<object data="javascript:alert(1)"></object>', ""],
  ["embed", '<embed src="data:image/svg+xml,<svg onload=alert(1)>">', ""],
  ["form action", '<form action="javascript:alert(1)"><button>go</button></form>', "go"],
  ["input autofocus", "<input autofocus onfocus=alert(1)>", ""],
  ["template", "<template><img src=x onerror=alert(1)></template>ok", "ok"],
  ["base and meta", '<base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', "ok"],
  ["link stylesheet", '<link rel=stylesheet href="https://evil.example/x.css">ok', "ok"],
  ["comment hiding markup", "<!--<img src=x onerror=alert(1)>-->ok", "ok"],
  ["comment that ends early", "<!-- --!><img src=x onerror=alert(1)> -->ok", undefined],
  ["CDATA", "<![CDATA[<script>alert(1)</script>]]>ok", undefined],
  ["processing instruction", '<?xml version="1.0"?><img src=x onerror=alert(1)>ok', "ok"],
  ["unterminated tag", '<img src="x" onerror="alert(1)', ""],
  ["unterminated attribute swallowing", '<p title="x>y<img src=x onerror=alert(1)>">z</p>', undefined],
  ["NUL inside a tag name", "<scr\u0000ipt>alert(1)</scr\u0000ipt>", undefined],
  ["encoded tags in text stay text", "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ["double-encoded", "&amp;lt;script&amp;gt;", "&amp;lt;script&amp;gt;"],
  ["a inside a", '<a href="/a"><a href="javascript:alert(1)">x</a></a>', '<a href="/a" rel="noopener noreferrer nofollow">x</a>'],
  ["video poster", '<video poster=javascript:alert(1)><source onerror=alert(1)></video>ok', "ok"],
  ["details ontoggle", "<details open ontoggle=alert(1)>x</details>", "x"],
  ["body onload", "<body onload=alert(1)>x</body>", "x"],
];

describe("sanitizeHtml: the XSS corpus", () => {
  it.each(XSS)("%s", (_label, input, expected) => {
    const output = sanitizeHtml(input);
    expectOnlyAllowedMarkup(output);
    expect(output.toLowerCase()).not.toContain("javascript:");
    expect(output).not.toMatch(/<[a-z]+[^>]*\son/i);
    if (expected !== undefined) expect(output).toBe(expected);
    // Stable: nothing new appears when the output is sanitized again.
    expect(sanitizeHtml(output)).toBe(output);
  });

  it("survives hostile input of every shape without throwing", () => {
    const pieces = ["<", ">", "</", "/>", '"', "'", "=", "a", "script", "svg", "onload", "&", "#", ";", "x", " ", "\n", "!--", "-->", "p", "href", "javascript:", "<a ", "<p ", "\u0000"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let n = 0; n < 2000; n += 1) {
      const input = Array.from({ length: 1 + (next() % 40) }, () => pieces[next() % pieces.length]).join("");
      const output = sanitizeHtml(input);
      expectOnlyAllowedMarkup(output);
      expect(sanitizeHtml(output)).toBe(output);
    }
  });

  it("is linear enough for a large value", () => {
    const big = "<p>".repeat(5000) + "<a href=x>".repeat(5000) + "x".repeat(100_000);
    const started = Date.now();
    sanitizeHtml(big);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("safeHref", () => {
  it.each([
    ["https://example.com/a", "https://example.com/a"],
    ["HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"],
    ["/about#team", "/about#team"],
    ["mailto:a@b.co", "mailto:a@b.co"],
    ["javascript:alert(1)", null],
    ["https:/evil", null],
    ["//evil.example", null],
    ["about:blank", null],
    ["relative/path", null],
    ["", null],
  ])("%s -> %s", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
