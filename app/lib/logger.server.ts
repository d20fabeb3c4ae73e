import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/**
 * Structured logs (JSON lines). Every line written while a request is being
 * handled carries that request's id, through the request context below.
 */

export interface RequestContext {
  requestId: string;
  /** Set when this response shows degraded data (a failed read): shared caches must not keep it. */
  uncacheable?: boolean;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

function createLogger() {
  const requested = process.env.LOG_LEVEL;
  return pino({
    // A bad LOG_LEVEL is reported by the configuration check (config.server.ts) with the other settings,
    // not by pino throwing before it runs.
    level: requested && LEVELS.has(requested) ? requested : process.env.NODE_ENV === "test" ? "warn" : "info",
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
  });
}

const globalForLogger = globalThis as unknown as { __appLogger?: pino.Logger };

export const logger: pino.Logger = (globalForLogger.__appLogger ??= createLogger());

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
