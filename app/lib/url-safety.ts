/**
 * Whether an address may be used, and for what: the one place that decides it
 * (issue 19). Browser-safe (no Node imports): components and zod schemas use it
 * as well as the server.
 *
 * - `isHttpUrl` / `parseHttpUrl`: an absolute http(s) URL with a host (links to other sites, images on a CDN);
 *   `resolveHttpUrl`: a link of a fetched page, resolved on that page.
 * - `isSitePath`: a path on this site as written in content ("/images/a.svg"): one leading slash, and no
 *   character a browser drops or reads as a slash (tab, newline, backslash), so it cannot become `//host`.
 * - `safeRedirectTarget`: where a redirect taken from the request may send the browser. Judged AFTER the
 *   URL parser's normalisation (dot segments, `%2e`) and after decoding, and returned in that normalised
 *   form, so what is checked is what the `Location` header says.
 * - `isSafeHref`, `isSafeImageSrc`, `isSafeInlineHref`: what content may link to or show.
 * - `absoluteUrl`, `absoluteHttpUrl`: absolute links for pages (canonical, Open Graph) and emails.
 *
 * Never `javascript:`, `data:`, `vbscript:` or a scheme-relative `//host`.
 */

/** The origin paths are resolved against when only their shape matters. */
const SITE = "https://site.invalid";
/** Longest redirect target considered (longer ones are refused: no real return path is that long). */
const MAX_REDIRECT_TARGET_LENGTH = 2000;

/**
 * Characters that never belong in a path as written: C0/C1 controls (browsers drop tab and newline inside a
 * URL, and trim the others at its ends), DEL, any whitespace, and the backslash (read as "/" in http URLs).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\s\\]/;
/** Still percent-encoded after one decoding: a dot, slash, backslash or control character (double encoding). */
const ENCODED_SPECIAL = /%(?:2e|2f|5c|[01][0-9a-f]|7f)/i;

/** Whether `value` is an absolute http(s) URL with a host ("https://example.com/a"). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** `value` (trimmed) as a normalised absolute http(s) URL, or null. */
export function parseHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  return isHttpUrl(trimmed) ? new URL(trimmed).href : null;
}

/**
 * A link found on a fetched page (`href`, relative to `pageUrl`) as an absolute http(s) URL, or null when it
 * is not one (javascript:, mailto:, data:) or cannot be read at all ("http://[bad"), so one malformed link is
 * skipped instead of failing the whole page.
 */
export function resolveHttpUrl(href: string, pageUrl: string | URL): string | null {
  try {
    const url = new URL(href.trim(), pageUrl);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 ? url.href : null;
  } catch {
    return null;
  }
}

/** One "/" followed by anything but "/" or "\", and no control character, whitespace or backslash. */
function hasSitePathShape(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !UNSAFE_IN_PATH.test(value);
}

/** `value` resolved on this site, or null when it leaves it or its normalised path starts with "//". */
function resolveOnSite(value: string): URL | null {
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE && !url.pathname.startsWith("//") ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether `value` is a path on this site ("/images/team/a.svg", "/about?x=1#team"): one leading slash, no
 * whitespace, control character or backslash, and it stays on this site once resolved.
 */
export function isSitePath(value: string): boolean {
  return hasSitePathShape(value) && resolveOnSite(value) !== null;
}

/**
 * Where a redirect whose target comes from the request (`redirectTo`, a form field, the request's own path)
 * may send the browser: the target as the URL parser normalises it (dot segments resolved, `%2e` read as a
 * dot, characters percent-encoded), when that is a path on this site — one "/" then neither "/" nor "\" —
 * and `fallback` otherwise. The path is also decoded once and judged again, and refused when it still holds
 * an encoded dot, slash, backslash or control character, so no later decoding can turn it into `//host`.
 * Anything absolute (`https://`, `//host`, `javascript:`), with a backslash, tab or newline, longer than
 * MAX_REDIRECT_TARGET_LENGTH, or not a string, gives `fallback`.
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_TARGET_LENGTH) return fallback;
  if (!hasSitePathShape(value)) return fallback;
  const pathEnd = value.search(/[?#]/);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(pathEnd === -1 ? value : value.slice(0, pathEnd));
  } catch {
    return fallback;
  }
  if (ENCODED_SPECIAL.test(decodedPath) || !hasSitePathShape(decodedPath) || resolveOnSite(decodedPath) === null) return fallback;
  const url = resolveOnSite(value);
  if (!url) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // What the browser will make of the Location header: the same path on this site, unchanged.
  const again = resolveOnSite(target);
  if (!hasSitePathShape(target) || !again || `${again.pathname}${again.search}${again.hash}` !== target) return fallback;
  return target;
}

/** A link in content: a site path ("/gaf", not "//host"), an in-page anchor ("#team"), or an http(s) address. */
export function isSafeHref(value: string): boolean {
  return isSitePath(value) || /^#[\w-]+$/.test(value) || isHttpUrl(value);
}

/** An image in content: a site path or an http(s) address. */
export function isSafeImageSrc(value: string): boolean {
  return isSitePath(value) || isHttpUrl(value);
}

/** An inline link's address: what isSafeHref allows, plus mailto: and tel: addresses. */
export function isSafeInlineHref(value: string): boolean {
  if (/^mailto:[^\s<>"'`]+@[^\s<>"'`]+$/i.test(value)) return true;
  if (/^tel:\+?[0-9().\- ]{3,30}$/i.test(value)) return true;
  return isSafeHref(value);
}

/**
 * A link address from configuration that is safe to put in an `href` as it is: an absolute http(s) URL
 * (normalised) or a path on this site; anything else (javascript:, data:, "//host", "/\host", garbage) is
 * null, so the page leaves the link out. Surrounding spaces are ignored.
 */
export function safeLinkHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return isSitePath(trimmed) ? trimmed : parseHttpUrl(trimmed);
}

/**
 * The absolute URL of `target` on `origin` (canonical links, Open Graph, sitemap): a path is resolved on
 * `origin`; an absolute http(s) URL (an image on a CDN) is kept. Anything that would resolve to another
 * origin or scheme ("//host", "javascript:") gives the origin's root instead.
 */
export function absoluteUrl(origin: string, target: string): string {
  const base = new URL(`${origin.replace(/\/+$/, "")}/`);
  if (isHttpUrl(target)) return new URL(target).href;
  try {
    const url = new URL(target, base);
    return url.origin === base.origin ? url.href : base.href;
  } catch {
    return base.href;
  }
}

/**
 * An absolute http(s) URL for a link in an email, or throws: a path on this site ("/admin/leads") is resolved
 * on `base` (the site's origin); anything else must be an absolute http(s) URL already.
 */
export function absoluteHttpUrl(url: string, base?: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) {
    if (!isSitePath(url)) throw new Error("Refusing a link path that is not a path on this site");
    if (!base) throw new Error("A link path needs APP_URL to become an absolute URL");
    const resolved = new URL(url, base);
    if (!isHttpUrl(resolved.href)) throw new Error(`Refusing a ${resolved.protocol} link in an email`);
    return resolved.href;
  }
  if (!isHttpUrl(url)) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
    throw new Error(scheme ? `Refusing a ${scheme.toLowerCase()}: link in an email` : "Refusing a link that is not an absolute http(s) URL");
  }
  return new URL(url).href;
}

/**
 * The page a request is for, as a URL without React Router's data-request details. With
 * `future.v8_passThroughRequests` (React Router 8's behaviour) loaders and actions get the raw request:
 * a data request's path ends in `.data` (`/_.data` for `/`, `/about/_.data` for `/about/`; React Router 7
 * wrote `/_root.data` for `/`) and its query carries `_routes`; a form posted to an index
 * route carries `index`. The result is the URL a visitor's browser shows.
 */
export function pageUrlOf(request: Request | URL): URL {
  const url = new URL(request instanceof URL ? request.href : request.url);
  const path = url.pathname;
  if (path.endsWith("/_root.data")) url.pathname = path.slice(0, -"_root.data".length);
  else if (path.endsWith("/_.data")) url.pathname = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) url.pathname = path.slice(0, -".data".length) || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}
