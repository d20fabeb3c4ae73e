/**
 * HTML for emails, escaped by construction: the `html` tag escapes every
 * interpolated value unless it is already SafeHtml (built by this tag). There
 * is no other way to make SafeHtml, so user-supplied text can never become
 * markup.
 */

const safeHtmlBrand: unique symbol = Symbol("SafeHtml");

export interface SafeHtml {
  readonly [safeHtmlBrand]: true;
  readonly value: string;
}

function safe(value: string): SafeHtml {
  return { [safeHtmlBrand]: true, value };
}

function isSafeHtml(value: unknown): value is SafeHtml {
  return typeof value === "object" && value !== null && (value as Partial<SafeHtml>)[safeHtmlBrand] === true;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (isSafeHtml(value)) return value.value;
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${userText}</p>\`` escapes userText. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return safe(out);
}

/** Text with its line breaks kept as <br>. */
export function multiline(text: string): SafeHtml {
  return html`${text.split(/\r\n|\r|\n/).map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}`;
}
