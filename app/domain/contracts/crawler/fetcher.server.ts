import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import type net from "node:net";
import type * as Undici from "undici";
import type { Agent, buildConnector } from "undici";
import { config } from "~/config.server";
import { isHttpUrl } from "~/lib/url-safety";
import { isIpLiteral, refusedAddress } from "./address-policy.server";
import { CrawlFetchError } from "./errors";

/**
 * The crawler's one way out to the network (QUALITY S22), used by crawls and
 * the source test alike:
 *
 * - http and https only; every hop of a redirect chain (followed here by hand,
 *   at most 5) is checked again;
 * - the address a host name resolves to is checked in the DNS lookup the
 *   socket uses, and the connected socket's address once more, so neither a
 *   rebinding DNS answer nor an IP literal (hex, decimal, v4-mapped...) gets
 *   through; see address-policy.server.ts;
 * - connect, headers and total time-outs, and a cap on the body size;
 * - a User-Agent naming the company's site.
 *
 * CRAWLER_ALLOW_PRIVATE_HOSTS (tests only: a production server refuses to
 * start with it, app/config.server.ts) lets named hosts reach private
 * addresses so tests can crawl a fixture server on 127.0.0.1.
 */

export const CRAWLER_BOT_NAME = "BuckeyeValorRoofingBot";

function crawlerUserAgent(): string {
  const appUrl = config().APP_URL;
  const site = appUrl ? `; +${new URL(appUrl).origin}` : "";
  return `Mozilla/5.0 (compatible; ${CRAWLER_BOT_NAME}/1.0; Buckeye Valor Roofing contract search${site})`;
}

export interface FetchLimits {
  connectTimeoutMs: number;
  /** Whole request, headers and body, per hop. */
  totalTimeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  connectTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
};

export interface FetchedResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Decoded text; empty for HEAD. */
  body: string;
  /** Every URL requested, first to last. */
  hops: string[];
}

/** Called before each hop's request; resolves to a release function called when that hop is done. */
type RequestGate = (url: URL) => Promise<() => Promise<void>>;

export interface FetchOptions {
  method?: "GET" | "HEAD";
  headers?: Record<string, string>;
  signal?: AbortSignal;
  limits?: Partial<FetchLimits>;
  /** Throttling per host (host-throttle.server.ts) and counting; one call per HTTP request. */
  gate?: RequestGate;
  onRequest?: (url: URL) => void;
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
  304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
  403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 410: "Gone", 429: "Too Many Requests",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "";
}

/** Host names allowed to reach private addresses (tests only). */
function privateAllowList(): Set<string> {
  return new Set(config().CRAWLER_ALLOW_PRIVATE_HOSTS);
}

function normalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[|\]$/g, "");
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for forbidden addresses (unless the host is allow-listed). */
function safeLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const allowed = privateAllowList().has(normalHost(hostname));
    const list = addresses;
    if (!allowed) {
      for (const entry of list) {
        const reason = refusedAddress(entry.address);
        if (reason) {
          const error = Object.assign(new Error(`refused: ${hostname} resolves to a ${reason} address (${entry.address})`), {
            code: "ECRAWLERREFUSED",
          });
          return callback(error, "");
        }
      }
    }
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
    callback(null, first.address, first.family);
  });
}

let undiciModule: Promise<typeof Undici> | undefined;
/** undici is loaded by the first crawl or source test, not when the app starts (ADR 058). */
const loadUndici = () => (undiciModule ??= import("undici"));

const agents = new Map<number, Agent>();

/** The undici Agent for a connect time-out, with the checking lookup and connector. */
function agentFor({ Agent, buildConnector }: typeof Undici, connectTimeoutMs: number): Agent {
  let agent = agents.get(connectTimeoutMs);
  if (agent) return agent;
  const connect = buildConnector({ timeout: connectTimeoutMs, lookup: safeLookup } as buildConnector.BuildOptions);
  agent = new Agent({
    connections: 4,
    keepAliveTimeout: 4_000,
    connect: (options, callback) => {
      connect(options, (err, socket) => {
        if (err || !socket) return callback(err ?? new Error("no socket"), null);
        const remote = (socket as net.Socket).remoteAddress ?? "";
        const reason = refusedAddress(remote);
        if (reason && !privateAllowList().has(normalHost(options.hostname))) {
          socket.destroy();
          return callback(Object.assign(new Error(`refused: connected to a ${reason} address (${remote})`), { code: "ECRAWLERREFUSED" }), null);
        }
        callback(null, socket);
      });
    },
  });
  agents.set(connectTimeoutMs, agent);
  return agent;
}

/** Closes the shared agents (tests, shutdown). */
export async function closeCrawlerAgents(): Promise<void> {
  const list = [...agents.values()];
  agents.clear();
  await Promise.allSettled(list.map((a) => a.close()));
}

function checkUrl(url: URL, original: string): void {
  if (!isHttpUrl(url.href)) {
    throw new CrawlFetchError("refused", `refused: only http and https URLs are crawled (${url.protocol})`, original);
  }
  if (url.username || url.password) throw new CrawlFetchError("refused", "refused: URLs with credentials are not crawled", original);
  if (isIpLiteral(url.hostname) && !privateAllowList().has(normalHost(url.hostname))) {
    const reason = refusedAddress(url.hostname);
    if (reason) throw new CrawlFetchError("refused", `refused: ${url.hostname} is a ${reason} address`, url.href);
  }
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A size in plain words: "5 MiB", "512 KiB", "900 bytes". */
function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** A duration in plain words: "30 s", "0.5 s". */
function secondsInWords(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function classify(undiciErrors: (typeof Undici)["errors"], error: unknown, url: string, timedOut: boolean, aborted: boolean, limits: FetchLimits): CrawlFetchError {
  if (error instanceof CrawlFetchError) return error;
  const code = causeCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ECRAWLERREFUSED") return new CrawlFetchError("refused", message.replace(/^.*?(refused:)/, "$1"), url, { cause: error });
  if (aborted) return new CrawlFetchError("aborted", "the crawl was stopped", url, { cause: error });
  if (error instanceof undiciErrors.ConnectTimeoutError) {
    return new CrawlFetchError("timeout", `timed out: could not connect within ${secondsInWords(limits.connectTimeoutMs)}`, url, { cause: error });
  }
  if (timedOut || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new CrawlFetchError("timeout", `timed out: the page did not load within ${secondsInWords(limits.totalTimeoutMs)}`, url, { cause: error });
  }
  return new CrawlFetchError("network", `network error: ${code ?? message}`, url, { cause: error });
}

function charsetOf(contentType: string | undefined): string {
  const match = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? "");
  const label = match?.[1]?.toLowerCase() ?? "utf-8";
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return "utf-8";
  }
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/**
 * Fetches `input` with the checks above. Redirects (301, 302, 303, 307, 308
 * with a Location) are followed up to `maxRedirects`; any other status is
 * returned as it is (the caller decides what a 404 or 503 means). Throws
 * CrawlFetchError.
 */
export async function fetchPage(input: string, options: FetchOptions = {}): Promise<FetchedResponse> {
  const limits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  let method = options.method ?? "GET";
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new CrawlFetchError("refused", `refused: not a URL (${input.slice(0, 200)})`, input);
  }
  const hops: string[] = [];
  for (let hop = 0; ; hop++) {
    checkUrl(url, input);
    if (hop > limits.maxRedirects) {
      throw new CrawlFetchError("too-many-redirects", `more than ${limits.maxRedirects} redirects`, url.href);
    }
    hops.push(url.href);
    const release = options.gate ? await options.gate(url) : undefined;
    try {
      options.onRequest?.(url);
      const result = await requestOnce(url, method, limits, options);
      if (result.redirectTo !== undefined) {
        let next: URL;
        try {
          next = new URL(result.redirectTo, url);
        } catch {
          throw new CrawlFetchError("refused", "refused: a redirect to an invalid URL", url.href);
        }
        if (result.response.status === 303 && method !== "HEAD") method = "GET";
        url = next;
        continue;
      }
      return { ...result.response, hops };
    } finally {
      await release?.();
    }
  }
}

async function requestOnce(
  url: URL,
  method: "GET" | "HEAD",
  limits: FetchLimits,
  options: FetchOptions,
): Promise<{ response: Omit<FetchedResponse, "hops">; redirectTo?: string }> {
  const undici = await loadUndici();
  const timeout = AbortSignal.timeout(limits.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const res = await undici.request(url, {
      method,
      dispatcher: agentFor(undici, limits.connectTimeoutMs),
      signal,
      headersTimeout: limits.totalTimeoutMs,
      bodyTimeout: limits.totalTimeoutMs,
      headers: {
        "user-agent": crawlerUserAgent(),
        accept: "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5",
        "accept-language": "en-US,en;q=0.8",
        ...options.headers,
      },
    });
    const headers = flatHeaders(res.headers);
    const base = { url: url.href, status: res.statusCode, statusText: statusText(res.statusCode), headers };
    if ([301, 302, 303, 307, 308].includes(res.statusCode) && headers.location) {
      await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
      return { response: { ...base, body: "" }, redirectTo: headers.location };
    }
    if (method === "HEAD") {
      await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
      return { response: { ...base, body: "" } };
    }
    const declared = Number(headers["content-length"]);
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
      res.body.destroy();
      throw new CrawlFetchError("too-large", `the body exceeds the ${sizeInWords(limits.maxBodyBytes)} cap (${declared} bytes declared)`, url.href);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limits.maxBodyBytes) {
        res.body.destroy();
        throw new CrawlFetchError("too-large", `the body exceeds the ${sizeInWords(limits.maxBodyBytes)} cap`, url.href);
      }
      chunks.push(buffer);
    }
    const body = new TextDecoder(charsetOf(headers["content-type"])).decode(Buffer.concat(chunks));
    return { response: { ...base, body } };
  } catch (error) {
    throw classify(undici.errors, error, url.href, timeout.aborted, options.signal?.aborted ?? false, limits);
  }
}
