import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/**
 * Structured logs (JSON lines). Every line written while a request is being
 * handled carries that request's id, through the request context below.
 *
 * The access log (one line per request, `logRequest`) is the one line every
 * request writes, so it has a cheaper path than the logger's: its fixed fields
 * are put into the same JSON line by hand, and access lines are written in
 * batches (ADR 042: on a page-cache hit, the logger's line and its own write
 * cost more than serving the page). Every other line is written at once, after
 * the access lines before it, so the order is kept.
 */

export interface RequestContext {
  requestId: string;
  /** Set when this response shows degraded data (a failed read): shared caches must not keep it. */
  uncacheable?: boolean;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Access lines wait at most this long, or until this many bytes have gathered (nginx's `access_log ... buffer= flush=`). */
const BATCH_MAX_DELAY_MS = 200;
const BATCH_MAX_BYTES = 16 * 1024;

interface LineSink {
  write(data: string): unknown;
  flush?(callback: (error?: Error | null) => void): void;
  flushSync?(): void;
}

/**
 * The logger's destination: lines from the logger are passed on at once; access lines (`append`) are
 * gathered and passed on together, when BATCH_MAX_BYTES have gathered, BATCH_MAX_DELAY_MS after the first,
 * before any other line, and at exit. A write of a few kilobytes costs about what one of a line costs:
 * at tens of thousands of requests a second, one write per line was most of a cached page's cost.
 */
export class LineBatch {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly maxBytes = BATCH_MAX_BYTES,
    private readonly maxDelayMs = BATCH_MAX_DELAY_MS,
  ) {}

  /** A line from the logger: written now (with the access lines gathered before it). */
  write(line: string): boolean {
    if (this.lines.length === 0) this.sink.write(line);
    else {
      this.lines.push(line);
      this.pass();
    }
    return true;
  }

  /** An access line: gathered. */
  append(line: string): void {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= this.maxBytes) this.pass();
    else this.timer ??= setTimeout(() => this.pass(), this.maxDelayMs).unref();
  }

  /** Passes the gathered lines on; `callback` (pino's `logger.flush`) once the destination has written them. */
  flush(callback?: (error?: Error | null) => void): void {
    this.pass();
    if (callback) {
      if (this.sink.flush) this.sink.flush(callback);
      else callback();
    }
  }

  private pass(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.lines.length === 0) return;
    const data = this.lines.length === 1 ? this.lines[0]! : this.lines.join("");
    this.lines = [];
    this.bytes = 0;
    this.sink.write(data);
  }

  /** Passes the gathered lines on and has them written before returning (at exit). */
  flushSync(): void {
    this.pass();
    this.sink.flushSync?.();
  }
}

/** The logger's options (level aside): also what a test builds its own logger with, to compare lines. */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization", "req.headers.cookie"],
      censor: "[redacted]",
    },
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { requestId: ctx.requestId } : {};
    },
  };
}

function createLog(): { logger: pino.Logger; lines: LineBatch } {
  const requested = process.env.LOG_LEVEL;
  // A bad LOG_LEVEL is reported by the configuration check (config.server.ts) with the other settings,
  // not by pino throwing before it runs.
  const level = requested && LEVELS.has(requested) ? requested : process.env.NODE_ENV === "test" ? "warn" : "info";
  // stdout, written off the event loop, as pino's default destination (pino flushes it at exit).
  const stdout = pino.destination({ dest: process.stdout.fd, sync: false });
  const lines = new LineBatch(stdout);
  // Registered after pino's own exit hook (made with the destination above): the gathered access lines
  // come after what that hook wrote.
  process.once("exit", () => {
    try {
      lines.flushSync();
    } catch {
      // stdout gone (closed pipe): nothing more can be logged.
    }
  });
  return { logger: pino(loggerOptions(level), lines), lines };
}

const globalForLogger = globalThis as unknown as { __appLog?: { logger: pino.Logger; lines: LineBatch } };

const log = (globalForLogger.__appLog ??= createLog());

export const logger: pino.Logger = log.logger;

/**
 * The logger's time field (pino's isoTime: `,"time":"<ISO 8601>"`), made once per millisecond: at
 * thousands of requests a second, formatting the date was half the cost of an access line.
 */
let clockMs = -1;
let clockField = "";
function timeField(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return clockField;
}

/** The fields of a request's access-log line. */
export interface RequestLogFields {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** "hit" when the page cache answered before the app (server/page-cache.ts). */
  pageCache?: "hit";
}

/**
 * The access-log line of a request, as `logger` would write `logger[level](fields, "request")`, byte for
 * byte (server/request-logging.test.ts compares them): level, time, the fields in this order, msg.
 */
export function requestLine(target: pino.Logger, level: "info" | "error", fields: RequestLogFields): string {
  const cache = fields.pageCache === undefined ? "" : `,"pageCache":${JSON.stringify(fields.pageCache)}`;
  return (
    `{"level":${target.levels.values[level]}${timeField()},"requestId":${JSON.stringify(fields.requestId)}` +
    `,"method":${JSON.stringify(fields.method)},"path":${JSON.stringify(fields.path)},"status":${fields.status}` +
    `,"durationMs":${fields.durationMs}${cache},"msg":"request"}\n`
  );
}

/** Writes a request's access-log line: info, or error for a 5xx (written at once, not gathered). */
export function logRequest(fields: RequestLogFields): void {
  const level = fields.status >= 500 ? "error" : "info";
  if (!logger.isLevelEnabled(level)) return;
  const line = requestLine(logger, level, fields);
  if (level === "info") log.lines.append(line);
  else log.lines.write(line);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * Marks the response of the current request as not to be kept by the page
 * cache: it renders a fallback for data that failed to load, and the next
 * visitor should get a fresh try rather than this error for minutes.
 */
export function markResponseUncacheable(): void {
  const ctx = requestContext.getStore();
  if (ctx) ctx.uncacheable = true;
}
