/**
 * The Content-Security-Policy of the site (QUALITY S18, ADR 030). Shared by
 * the security-headers middleware (server/security-headers.ts) and the page
 * renderer (app/entry.server.tsx), which chooses per page: the nonce policy
 * for pages that hydrate (React Router's inline scripts carry the nonce), the
 * nonce-free one for pages that do not (they load only our own files).
 */

/** The policy of a response; `nonce` null: no inline script may run (pages that do not hydrate). */
export function contentSecurityPolicy(nonce: string | null, dev = false): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Vite's dev server injects inline scripts without a nonce and uses eval for HMR.
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"],
    // Radix primitives position popovers with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
