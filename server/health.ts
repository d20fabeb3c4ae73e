import type { Request, Response } from "express";
import { pool } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

/** GET /healthz: 200 when the database answers within 2 s, 503 otherwise. */
export async function healthCheck(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  try {
    await withTimeout(pool().query("select 1"), 2_000);
    res.status(200).json({ status: "ok", database: "ok" });
  } catch (error) {
    logger.warn({ err: error }, "health check failed: database unreachable");
    res.setHeader("Retry-After", "5");
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
