import type { NextFunction, Request, Response } from "express";
import { databaseRecentlyUnavailable, noteDatabaseError, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { config } from "~/config.server";
import { pool } from "~/db/client.server";
import { describeJobsStatus, jobsStatus } from "~/domain/operations/jobs-heartbeat.server";
import { logger } from "~/lib/logger.server";

/**
 * GET /healthz: 200 when the database answers within 2 s, 503 otherwise. `jobs` tells whether any
 * instance runs the background jobs ("ok", or "stale since <time>"): it does not fail the check, as a web
 * instance serves the site without them (issue 24). `mail` is "not configured" without SMTP_URL (issue 32).
 */
export async function healthCheck(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  try {
    await withTimeout(pool().query("select 1"), 2_000);
    const jobs = await withTimeout(jobsStatus(), 2_000).then(describeJobsStatus, (error: unknown) => {
      logger.warn({ err: error }, "health check: could not read the jobs' heartbeat");
      return "unknown";
    });
    // Emails without SMTP_URL are kept, not sent: said here (the site itself is up, so still 200).
    res.status(200).json({ status: "ok", database: "ok", jobs, mail: config().SMTP_URL ? "ok" : "not configured" });
  } catch (error) {
    noteDatabaseError(error);
    logger.warn({ err: error }, "health check failed: database unreachable");
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(503).json({ status: "unavailable", database: "unreachable" });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * While the database is unreachable, a page that failed because of it answers
 * 503 with Retry-After (the error page itself stays generic): clients and load
 * balancers retry instead of treating it as a bug (QUALITY R5).
 */
export function unavailableWhileDatabaseIsAway() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (res.statusCode === 500 && databaseRecentlyUnavailable()) {
        res.statusCode = 503;
        if (typeof args[0] === "number") args[0] = 503;
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        res.setHeader("Cache-Control", "no-store");
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
