import { isSafeInlineHref } from "~/lib/url-safety";
import { type ContentTokenValues, fillTokens } from "./content-tokens";

/**
 * The inline markup of CMS texts (documented in block-content.ts): `**bold**`,
 * `[label](address)`, line breaks, and `{name}` placeholders. Parsed into
 * plain pieces that the renderer turns into React elements: nothing here is
 * ever HTML, so a text can only ever show as text.
 */

export type InlinePiece =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "break" };

// Links first (their label may not hold brackets or a line break), then bold, then line breaks.
// An address may hold balanced parentheses ("/a_(b)"); it ends at the first unbalanced ")".
const MARKUP = /\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)|\*\*([^*\n][^\n]*?)\*\*|\r?\n/g;

/** Splits `text` into pieces, with the placeholders filled in and every link address checked. */
export function parseInline(text: string, tokens?: ContentTokenValues): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const filled = fillTokens(value, tokens);
    const last = pieces[pieces.length - 1];
    if (last?.kind === "text") last.text += filled;
    else pieces.push({ kind: "text", text: filled });
  };
  let at = 0;
  for (const match of text.matchAll(MARKUP)) {
    const index = match.index;
    pushText(text.slice(at, index));
    at = index + match[0].length;
    const [, label, href, strong] = match;
    if (label !== undefined && href !== undefined) {
      const address = fillTokens(href, tokens);
      // An address that is not allowed (javascript:, data:, //host...) shows its label as plain text.
      if (isSafeInlineHref(address)) pieces.push({ kind: "link", text: fillTokens(label, tokens), href: address });
      else pushText(label);
    } else if (strong !== undefined) {
      pieces.push({ kind: "strong", text: fillTokens(strong, tokens) });
    } else {
      pieces.push({ kind: "break" });
    }
  }
  pushText(text.slice(at));
  return pieces;
}

/** The text people read, without markup (page meta, accessible names). */
export function plainText(text: string, tokens?: ContentTokenValues): string {
  return parseInline(text, tokens)
    .map((piece) => (piece.kind === "break" ? " " : piece.text))
    .join("");
}

/** Paragraphs of a multi-line text field (an intro): split at blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}
