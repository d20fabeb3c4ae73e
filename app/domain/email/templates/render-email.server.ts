import { config } from "~/config.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { absoluteHttpUrl } from "~/lib/url-safety";
import { html, multiline, type SafeHtml } from "./html.server";

/**
 * Builds the subject, plain text and HTML of a message from plain strings.
 * Every value is text: it is escaped in the HTML, never interpreted.
 *
 *   const email = renderEmail({
 *     title: "New inspection request",
 *     paragraphs: [`${lead.firstName} ${lead.lastName} asked for an inspection.`, lead.message],
 *     action: { label: "Open the lead", url: `/admin/leads/${lead.id}` },
 *   });
 *   await queueEmail(tx, { to, kind: "lead.alert", relatedId: lead.id, ...email });
 */

export interface EmailBrand {
  /** Business name, shown in the header and the footer. */
  name: string;
  /** Public site address, linked from the footer. */
  url?: string;
}

export interface EmailContent {
  /** Heading of the message; also the subject unless `subject` is given. */
  title: string;
  subject?: string;
  /** Body paragraphs; a line break inside one is kept. */
  paragraphs: readonly string[];
  /** One button. `url` is absolute http(s), or a path resolved against the site's origin (siteOrigin()). */
  action?: { label: string; url: string };
  /** A last line in the footer, e.g. why the reader gets this message. */
  footerNote?: string;
  /** Defaults to defaultBrand(). */
  brand?: EmailBrand;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The business name from MAIL_FROM's display name (else the site's host), and the site's origin. */
function defaultBrand(): EmailBrand {
  const { MAIL_FROM } = config();
  const origin = siteOrigin();
  const quoted = /^\s*"((?:[^"\\]|\\.)*)"\s*</.exec(MAIL_FROM)?.[1]?.replace(/\\(.)/g, "$1");
  const displayName = (quoted ?? /^\s*([^<"]*?)\s*</.exec(MAIL_FROM)?.[1])?.trim();
  return { name: displayName || new URL(origin).host, url: origin };
}

/** One line, no control characters, at most 200 characters: safe as a Subject header. */
function subjectLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 200);
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const brand = content.brand ?? defaultBrand();
  const subject = subjectLine(content.subject ?? content.title);
  const action = content.action
    ? { label: content.action.label, url: absoluteHttpUrl(content.action.url, siteOrigin()) }
    : undefined;
  const brandUrl = brand.url ? absoluteHttpUrl(brand.url) : undefined;

  const text = [
    brand.name,
    "",
    content.title,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "--",
    [brand.name, brandUrl].filter(Boolean).join(" - "),
    ...(content.footerNote ? [content.footerNote] : []),
  ]
    .join("\n")
    .replace(/^\n+/, "");

  const body = html`
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827">${content.title}</h1>
${content.paragraphs.map((p) => html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${multiline(p)}</p>\n`)}
${action ? html`<p style="margin:24px 0"><a href="${action.url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#b91c1c;color:#ffffff;font-weight:600;text-decoration:none">${action.label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${action.url}</p>` : ""}`;

  return { subject, text, html: renderLayout({ brand, brandUrl, title: subject, body, footerNote: content.footerNote }).value };
}

function renderLayout(input: {
  brand: EmailBrand;
  brandUrl: string | undefined;
  title: string;
  body: SafeHtml;
  footerNote: string | undefined;
}): SafeHtml {
  const { brand, brandUrl, title, body, footerNote } = input;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:700;color:#111827">${brand.name}</td></tr>
<tr><td style="padding:32px">${body}</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">
${brandUrl ? html`<a href="${brandUrl}" style="color:#6b7280">${brand.name}</a>` : brand.name}
${footerNote ? html`<br>${footerNote}` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * A typed template: a function from the data a feature has to the rendered
 * message. `const leadAlert = defineEmailTemplate((lead: Lead) => ({ title: ..., paragraphs: [...] }))`.
 */
export function defineEmailTemplate<TData>(build: (data: TData) => EmailContent): (data: TData) => RenderedEmail {
  return (data) => renderEmail(build(data));
}
