/**
 * A link target from configuration that is safe to put in an `href`: an
 * absolute http(s) URL or a site-relative path ("/files/x.pdf"). Anything
 * else (javascript:, data:, protocol-relative "//host", garbage) is null, so
 * the page leaves the link out instead of rendering it.
 */
export function safeHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith("/")) {
    return trimmed.startsWith("//") || trimmed.startsWith("/\\") ? null : trimmed;
  }
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
