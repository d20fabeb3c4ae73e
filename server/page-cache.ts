import type { NextFunction, Request, Response } from "express";
import { logger, requestContext } from "~/lib/logger.server";

/**
 * In-memory cache of anonymous public pages (QUALITY P3).
 *
 * - Only GET/HEAD requests without any cookie, outside /admin, /auth and /api,
 *   are looked up; only 200 responses of HTML/XML/text without Set-Cookie and
 *   without `Cache-Control: private|no-store` are stored.
 * - Values that must differ per response (the CSP nonce, the inspection form's
 *   submission key: `res.locals.requestTokens`) are replaced by this request's
 *   fresh values on every hit, so a cached page never reuses them.
 * - A response whose render saw a failed read (`markResponseUncacheable()`) is
 *   sent but not stored, so a passing database hiccup is not served for minutes.
 * - `invalidate()` empties it; the server calls it when the database reports a
 *   content change (see app/lib/content-changes.server.ts). Entries also expire
 *   after a safety TTL.
 */

export interface RequestTokens {
  [name: string]: string;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  tokens: RequestTokens;
  storedAt: number;
  bytes: number;
}

const EXCLUDED_PREFIXES = ["/admin", "/auth", "/api", "/healthz", "/assets/"];
const CACHEABLE_TYPES = /^(text\/html|application\/xml|text\/xml|text\/plain)/;
const KEPT_HEADERS = ["content-type", "cache-control", "content-language", "link", "x-robots-tag"];
const MAX_BODY_BYTES = 1_000_000;

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
  }

  get size() {
    return this.entries.size;
  }

  invalidate(reason = "content changed") {
    this.generation += 1;
    if (this.entries.size > 0) logger.debug({ reason, entries: this.entries.size }, "page cache cleared");
    this.entries.clear();
    this.bytes = 0;
  }

  private get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Map order is insertion order: re-insert to mark as recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  private set(key: string, entry: Entry) {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!isCacheableRequest(req)) return next();
      // Pages carry absolute URLs (canonical, Open Graph) built from the host when APP_URL is unset.
      const key = `${req.headers.host ?? ""}${req.originalUrl}`;
      const tokens = (res.locals.requestTokens ?? {}) as RequestTokens;
      const hit = this.get(key);
      if (hit) {
        let body = hit.body;
        for (const [name, stored] of Object.entries(hit.tokens)) {
          const fresh = tokens[name];
          if (fresh && stored) body = body.replaceAll(stored, fresh);
        }
        for (const [name, value] of hit.headers) res.setHeader(name, value);
        res.setHeader("X-Page-Cache", "hit");
        res.status(hit.status);
        if (req.method === "HEAD") {
          res.end();
          return;
        }
        res.end(body);
        return;
      }
      if (req.method !== "GET") return next();
      res.setHeader("X-Page-Cache", "miss");
      this.capture(key, res, tokens);
      next();
    };
  }

  /** Records the body of this response while it is sent, and stores it if it qualifies. */
  private capture(key: string, res: Response, tokens: RequestTokens) {
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
      const body = Buffer.concat(chunks).toString("utf8");
      this.set(key, { status: res.statusCode, headers, body, tokens: { ...tokens }, storedAt: Date.now(), bytes: size });
    });
  }
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
  return CACHEABLE_TYPES.test(String(res.getHeader("content-type") ?? ""));
}
