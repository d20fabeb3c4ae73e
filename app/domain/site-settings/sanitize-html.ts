import { isHttpUrl, isSitePath } from "~/lib/url-safety";

/**
 * The allowlist HTML sanitizer of html site settings (QUALITY S17): run when
 * a value is saved (what is stored is its output) and again wherever one is
 * rendered. Pure and dependency-free, so the browser and the server run the
 * same code (sanitize-html is not installed here, see ADR 019).
 *
 * It never passes input through: it reads the input as a sequence of text and
 * tags and WRITES NEW HTML from that reading, built only from
 * - text, with `<` and `>` escaped and `&` kept only where it starts a
 *   character reference (so text can never become markup);
 * - the tags of ALLOWED_TAGS, without any attribute, except `href` on `a`
 *   when it is an http(s), mailto: or tel: address, a path on this site or a
 *   #fragment (decoded first, then escaped again: what the browser sees is
 *   exactly what was checked), and always with rel="noopener noreferrer nofollow".
 * Everything else is dropped: unknown tags (their text stays), comments,
 * doctypes, processing instructions, CDATA, every other attribute (on*,
 * style, src...), and the elements of DROPPED_WITH_CONTENT with all they hold
 * (script, style, iframe, svg, math, template...). Because the output is
 * re-written, a parse of the input that differs from a browser's cannot
 * smuggle markup through: the worst case is lost text, never a new element.
 */

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "code",
  "pre",
  "blockquote",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "a",
]);

const VOID_TAGS: ReadonlySet<string> = new Set(["br", "hr"]);

/** Elements removed together with everything up to their end tag (raw text, foreign content, embedded documents). */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "textarea",
  "title",
  "head",
  "select",
  "option",
  "audio",
  "video",
  "canvas",
  "map",
]);

/** At most this many elements open at once (deeper ones are dropped, their text kept). */
const MAX_DEPTH = 32;

const TAG_START = /<(\/?)([a-zA-Z][^\s/>\0]*)/y;
const ATTRIBUTE = /[\s/]*(?:([^\s/>=][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?)?/y;
const REFERENCE = /^&(?:[a-zA-Z][a-zA-Z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;

function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === "<") out += "&lt;";
    else if (ch === ">") out += "&gt;";
    else if (ch === "&") out += REFERENCE.test(text.slice(i, i + 40)) ? "&" : "&amp;";
    else if (ch !== "\0") out += ch;
  }
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", sol: "/", tab: "\t", newline: "\n", nbsp: "\u00a0", period: "." };

/** Character references of an attribute value, decoded (numeric ones and a few names; others stay as typed). */
export function decodeReferences(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref.toLowerCase()];
    return named !== undefined && whole.endsWith(";") ? named : whole;
  });
}

/** The link address of an `a`, or null when it is not one of the allowed kinds (~/lib/url-safety). */
export function safeHref(raw: string): string | null {
  const value = decodeReferences(raw).trim();
  // Browsers drop tabs and newlines inside a URL and trim control characters: refuse any.
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f-\u009f\s\\]/.test(value)) return null;
  if (value.startsWith("#")) return value;
  if (/^(mailto|tel):[^/]/i.test(value)) return value;
  return isSitePath(value) || isHttpUrl(value) ? value : null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Array<[string, string]>;
  /** Index just after the tag's `>`. */
  end: number;
}

/** Reads the tag starting at `at` (a `<`), or null when `<` does not start a tag there. -1 end: the input ends inside it. */
function readTag(input: string, at: number): Tag | null {
  TAG_START.lastIndex = at;
  const start = TAG_START.exec(input);
  if (!start) return null;
  const tag: Tag = { name: start[2]!.toLowerCase(), closing: start[1] === "/", attributes: [], end: -1 };
  let i = TAG_START.lastIndex;
  while (i < input.length) {
    if (input[i] === ">") {
      tag.end = i + 1;
      return tag;
    }
    ATTRIBUTE.lastIndex = i;
    const attribute = ATTRIBUTE.exec(input);
    if (!attribute || ATTRIBUTE.lastIndex === i) {
      i += 1; // a stray character (e.g. a lone quote): skip it
      continue;
    }
    i = ATTRIBUTE.lastIndex;
    if (attribute[1]) tag.attributes.push([attribute[1].toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? ""]);
  }
  return tag; // end -1: unterminated
}

/** Where the content of a dropped element ends: after its end tag, or the end of the input. */
function skipElement(input: string, name: string, from: number): number {
  const end = new RegExp(`</${name}(?=[\\s/>])`, "ig");
  end.lastIndex = from;
  const match = end.exec(input);
  if (!match) return input.length;
  const close = input.indexOf(">", match.index);
  return close < 0 ? input.length : close + 1;
}

/** The input as safe HTML (see the module's comment). */
export function sanitizeHtml(input: string): string {
  if (typeof input !== "string" || input === "") return "";
  let out = "";
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt < 0) {
      out += escapeText(input.slice(i));
      break;
    }
    out += escapeText(input.slice(i, lt));
    if (input.startsWith("<!--", lt)) {
      const end = input.indexOf("-->", lt + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    if (input[lt + 1] === "!" || input[lt + 1] === "?") {
      // Doctype, CDATA, processing instruction, bogus comment: dropped up to the next ">".
      const end = input.indexOf(">", lt);
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    const tag = readTag(input, lt);
    if (!tag) {
      out += "&lt;";
      i = lt + 1;
      continue;
    }
    if (tag.end < 0) break; // the input ends inside a tag: a browser drops it too
    i = tag.end;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at >= 0) {
        while (open.length > at) out += `</${open.pop()}>`;
      }
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      i = skipElement(input, tag.name, tag.end);
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.name === "a") {
      const href = tag.attributes.find(([name]) => name === "href");
      const safe = href ? safeHref(href[1]) : null;
      if (safe === null || open.includes("a") || open.length >= MAX_DEPTH) continue;
      out += `<a href="${escapeAttribute(safe)}" rel="noopener noreferrer nofollow">`;
      open.push("a");
      continue;
    }
    if (VOID_TAGS.has(tag.name)) {
      out += `<${tag.name}>`;
      continue;
    }
    if (open.length >= MAX_DEPTH) continue;
    out += `<${tag.name}>`;
    open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The text an HTML value shows (tags removed, references kept as typed): for a list's short preview. */
export function htmlText(input: string): string {
  return sanitizeHtml(input)
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
