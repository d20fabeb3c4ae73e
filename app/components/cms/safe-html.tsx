import { sanitizeHtml } from "~/domain/site-settings/sanitize-html";

/**
 * An html setting's value rendered as HTML: sanitized again here, whatever
 * is stored (QUALITY S17: on write and on render). The only way this app
 * renders setting HTML.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
