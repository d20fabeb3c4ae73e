import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { logRequest, requestContext } from "~/lib/logger.server";

/**
 * Gives every request an id (also sent back as `X-Request-Id`), runs the rest
 * of the request inside a context so every log line carries that id, and
 * writes one access-log line when the response is done (info, error for a 5xx).
 */
export function requestLogging() {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = crypto.randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.startedAt = started;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logRequest({ requestId, method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 });
    });
    requestContext.run({ requestId }, next);
  };
}
