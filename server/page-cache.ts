import crypto from "node:crypto";
import type http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes } from "react-router";
import { logger, logRequest, requestContext } from "~/lib/logger.server";
import { databaseRecentlyUnavailable } from "~/db/availability.server";

/**
 * In-memory cache of anonymous public pages (QUALITY P3, ADR 030).
 *
 * - Only GET/HEAD requests without any cookie, outside /admin, /auth, /api and /portal,
 *   are looked up; only 200 responses of HTML/XML/text without Set-Cookie,
 *   without `Cache-Control: private|no-store` and without a CSP nonce (a
 *   page that hydrates) are stored. What is stored is the same bytes for
 *   every visitor: the page's HTML carries nothing made for one response.
 * - Each page is stored once with its brotli and gzip forms, made off the
 *   request's path (zlib's thread pool) right after the first render, and a
 *   strong ETag; a hit answers `If-None-Match` with 304 and otherwise sends
 *   the stored form the client accepts, with `Vary: Accept-Encoding` and a
 *   `Cache-Control` that lets a CDN or reverse proxy keep it for a short time
 *   (README, "Caching in front of the app").
 * - Hits are served before Express (`serveHit`, called first by the HTTP server:
 *   server/app.ts): a map lookup and one write of stored headers and bytes,
 *   with the request id and the access-log line of every request (written
 *   in batches, `logRequest`: ADR 042).
 * - A response whose render saw a failed read (`markResponseUncacheable()`) is
 *   sent but not stored, so a passing database hiccup is not served for minutes.
 * - `invalidate()` empties it; the server calls it when the database reports a
 *   content change (see app/lib/content-changes.server.ts). Entries also expire
 *   after a safety TTL.
 * - The last copy stored of each page is kept after it leaves the cache: while the database is away
 *   (`databaseRecentlyUnavailable()`), a page that would otherwise be rendered is answered with that copy
 *   (`X-Page-Cache: stale`, `no-store`) instead of a 503. A database that restarts empties the cache (its
 *   listener reconnects, and everything may have changed); the anonymous visitor still gets the page
 *   (issue 32 item 5). At most one copy per listed path.
 */

/** One stored form of a page: its status and raw headers (name, value, ...) and body, ready to write. */
interface Form {
  status: number;
  headers: string[];
  body: Buffer | null;
}

interface Entry {
  etag: string;
  identity: Form;
  br: Form;
  gzip: Form;
  notModified: Form;
  bytes: number;
}

const EXCLUDED_PREFIXES = ["/admin", "/auth", "/api", "/portal", "/healthz", "/assets/"];
const CACHEABLE_TYPES = /^(text\/html|application\/xml|text\/xml|text\/plain)/;
/** The page's own headers replayed on a hit, security headers included (a hit skips the middleware). */
const KEPT_HEADERS = [
  "content-type",
  "content-security-policy",
  "content-language",
  "link",
  "x-robots-tag",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "strict-transport-security",
];
const MAX_BODY_BYTES = 1_000_000;

/**
 * For browsers: always ask again (the ETag makes that a 304 of a few bytes). For a shared cache in front
 * (CDN, reverse proxy): keep it 60 s and serve it stale for 60 s more while asking again, so a content
 * change shows within two minutes there even without a purge (README).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PageCacheOptions {
  /** The paths of the pages that may be stored, as the site links them ("/", "/gaf/shingles", "/robots.txt"). */
  paths: Iterable<string>;
  /** Query parameters that change a page: a request carrying one is rendered, never looked up or stored. */
  bypassParams?: Iterable<string>;
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
}

/** Where a request's page is kept: `key`, and whether the request spelled the path as listed (`exact`). */
export interface CacheKey {
  key: string;
  exact: boolean;
}

export class PageCache {
  private entries: LRUCache<string, Entry>;
  /** The last entry stored for each key (the same objects as `entries` holds while they are there). */
  private readonly lastGood = new Map<string, Entry>();
  private generation = 0;
  private readonly paths: ReadonlySet<string>;
  private readonly routes: Array<{ path: string }>;
  private readonly bypassParams: readonly string[];
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;

  constructor(options: PageCacheOptions) {
    this.paths = new Set(options.paths);
    this.routes = [...this.paths].map((path) => ({ path }));
    this.bypassParams = [...(options.bypassParams ?? [])];
    // Keys are the listed paths only: no more entries than paths. The pages are ~100 KB in all three forms
    // (the home page: 78 KB of HTML, 15 KB gzip, 12 KB brotli): 16 MiB is many times what they take, and
    // bounds what a page grown large could hold (ADR 058; it was 64 MiB and 500 entries).
    this.maxEntries = options.maxEntries ?? Math.max(1, this.paths.size);
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.entries = new LRUCache<string, Entry>({
      max: this.maxEntries,
      maxSize: this.maxBytes,
      sizeCalculation: (entry) => entry.bytes,
      ttl: this.ttlMs,
    });
  }

  get size() {
    return this.entries.size;
  }

  invalidate(reason = "content changed") {
    this.generation += 1;
    if (this.entries.size > 0) logger.debug({ reason, entries: this.entries.size }, "page cache cleared");
    this.entries.clear();
  }

  /**
   * The key of the page a request URL (path and query, as sent) asks for, or undefined when it is not
   * one this cache keeps. The listed spelling is a set lookup; another one is normalised first.
   */
  keyOf(url: string): CacheKey | undefined {
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (query >= 0 && this.bypassParams.length > 0 && this.readsQuery(url.slice(query + 1))) return undefined;
    if (this.paths.has(path)) return { key: path, exact: true };
    const route = this.routeOf(path);
    return route === undefined ? undefined : { key: route, exact: false };
  }

  /**
   * The listed path React Router would render for another spelling of one (any case, trailing slashes,
   * dot segments, percent-encoded letters), judged as the router judges it: the URL parser's reading of
   * the path (as server/react-router-handler.ts builds the request's URL), then the router's own matching.
   * A spelling the router does not send to that page (`//about`, `/about%2F`) is none.
   */
  private routeOf(path: string): string | undefined {
    if (!path.startsWith("/") || path.endsWith(".data")) return undefined;
    let pathname: string;
    try {
      pathname = new URL(`http://localhost${path}`).pathname;
    } catch {
      return undefined;
    }
    const matches = matchRoutes(this.routes, pathname);
    const route = matches?.[matches.length - 1]?.route.path;
    return route !== undefined && this.paths.has(route) ? route : undefined;
  }

  private readsQuery(query: string): boolean {
    if (query === "") return false;
    const params = new URLSearchParams(query);
    return this.bypassParams.some((name) => params.has(name));
  }

  /**
   * Answers a request from the cache straight on Node's objects, before Express (server/app.ts): true
   * when it did. The request gets its id (X-Request-Id) and its access-log line as every request does.
   */
  serveHit(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const entry = this.lookup(req);
    if (!entry) return false;
    const started = performance.now();
    const requestId = crypto.randomUUID();
    const form = pick(req, entry);
    res.writeHead(form.status, [...form.headers, "x-request-id", requestId]);
    res.end(req.method === "HEAD" ? undefined : form.body ?? undefined);
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    logRequest({
      requestId,
      method: req.method ?? "",
      path: query < 0 ? url : url.slice(0, query),
      status: form.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      pageCache: "hit",
    });
    return true;
  }

  /** The entry for this request, if it is one the cache answers. */
  private lookup(req: http.IncomingMessage): Entry | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    if (req.headers.cookie || req.headers.authorization || this.entries.size === 0) return undefined;
    // Never the Host header (nor X-Forwarded-Host): pages are rendered on the one site origin.
    const key = this.keyOf(req.url ?? "/");
    return key ? this.entries.get(key.key) : undefined;
  }

  /** The Express side: a hit (when the server did not answer it first), else renders and stores a miss. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!isCacheableRequest(req)) return next();
      const hit = this.lookup(req);
      // Express's own middleware already gave this response its id and security headers.
      if (hit) return sendForm(req, res, pick(req, hit));
      const key = this.keyOf(req.originalUrl);
      const stale = key && databaseRecentlyUnavailable() ? this.lastGood.get(key.key) : undefined;
      if (stale) return sendForm(req, res, pick(req, stale), ["x-page-cache", "stale", "cache-control", "no-store"]);
      if (req.method !== "GET") return next();
      // Only the listed spelling of a page is rendered into the cache; others are answered, not stored.
      if (key?.exact) {
        res.setHeader("X-Page-Cache", "miss");
        this.capture(key.key, res);
      }
      next();
    };
  }

  /** Records the body of this response while it is sent, and stores it (compressed) if it qualifies. */
  private capture(key: string, res: Response) {
    const generation = this.generation;
    const context = requestContext.getStore();
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string | Uint8Array as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.once("finish", () => {
      if (tooLarge || generation !== this.generation || context?.uncacheable || !isCacheableResponse(res)) return;
      const headers: Array<[string, string]> = [];
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, String(value)]);
      }
      const identity = Buffer.concat(chunks);
      void compressed(identity).then(
        ({ br, gz }) => {
          // A change while compressing wins: do not store a page rendered before it.
          if (generation !== this.generation) return;
          const etag = `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
          const common = [...headers.flat(), "cache-control", PAGE_CACHE_CONTROL, "vary", "Accept-Encoding", "etag", etag, "x-page-cache", "hit"];
          const form = (body: Buffer, encoding?: string): Form => ({
            status: res.statusCode,
            headers: [...common, ...(encoding ? ["content-encoding", encoding] : []), "content-length", String(body.length)],
            body,
          });
          const entry: Entry = {
            etag,
            identity: form(identity),
            br: form(br, "br"),
            gzip: form(gz, "gzip"),
            notModified: {
              status: 304,
              headers: ["cache-control", PAGE_CACHE_CONTROL, "vary", "Accept-Encoding", "etag", etag, "x-page-cache", "hit"],
              body: null,
            },
            bytes: identity.length + br.length + gz.length,
          };
          this.entries.set(key, entry);
          this.lastGood.set(key, entry);
        },
        (error: unknown) => logger.warn({ err: error }, "page cache: could not compress a page; not stored"),
      );
    });
  }
}

async function compressed(body: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gz };
}

/** Writes a stored form on Express's response; `overrides` (name, value, ...) replace stored headers. */
function sendForm(req: Request, res: Response, form: Form, overrides: readonly string[] = []): void {
  for (const headers of [form.headers, overrides]) {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
  }
  res.statusCode = form.status;
  res.end(req.method === "HEAD" ? undefined : form.body ?? undefined);
}

/** The stored form for this request: 304 when it has this version, else the encoding it accepts. */
function pick(req: http.IncomingMessage, entry: Entry): Form {
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) return entry.notModified;
  const header = req.headers["accept-encoding"];
  let encoding = header === undefined ? null : encodingMemo.get(header);
  if (encoding === undefined) {
    encoding = preferredEncoding(header);
    if (encodingMemo.size > 256) encodingMemo.clear();
    encodingMemo.set(header!, encoding);
  }
  return encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
}

/** Accept-Encoding values repeat (a handful of browsers): their choice is remembered. */
const encodingMemo = new Map<string, "br" | "gzip" | null>();

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** "br" or "gzip" when the client accepts it (a q of 0 refuses), else null (identity). */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  if (EXCLUDED_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) {
    return false;
  }
  // React Router data requests (client navigations of hydrated pages) are not pages.
  if (req.path.endsWith(".data")) return false;
  return true;
}

function isCacheableResponse(res: Response): boolean {
  if (res.statusCode !== 200) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  if (/\b(private|no-store)\b/i.test(cacheControl)) return false;
  // A nonce is made for one response: a page whose policy carries one (it hydrates) is never replayed.
  if (/'nonce-/.test(String(res.getHeader("content-security-policy") ?? ""))) return false;
  return CACHEABLE_TYPES.test(String(res.getHeader("content-type") ?? ""));
}
