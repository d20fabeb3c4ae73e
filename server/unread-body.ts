import type { NextFunction, Request, Response } from "express";

/**
 * A response written before its request body has all arrived (a guard that refuses, a form over its
 * size limit, a 404 to a POST) says `Connection: close`, and the server closes the connection after it.
 *
 * Without this the connection is kept alive with the rest of that body still unread: React Router's
 * adapter has paused the request stream, so the next request a client sends on the same connection
 * hangs and is then reset (the symptom: a small, valid POST fails with ECONNRESET right after a 413).
 */
export function closeAfterUnreadBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
