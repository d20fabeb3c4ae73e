import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";

/** How long, and for how many bytes, a connection answered early keeps reading what the client still sends. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * A response written before its request body has all arrived (a guard that refuses, a form over its
 * size limit, a 404 to a POST) says `Connection: close`, and the server closes the connection after it.
 *
 * Without `close` the connection is kept alive with the rest of that body still unread: React Router's
 * adapter has paused the request stream, so the next request a client sends on the same connection
 * hangs and is then reset (the symptom: a small, valid POST fails with ECONNRESET right after a 413).
 *
 * And the close lingers (as nginx's `lingering_close` does): after the answer the server sends its FIN
 * but keeps reading and discarding the body the client is still sending, until it ends, for at most
 * {@link LINGER_MS} and {@link LINGER_BYTES}. Closing at once would leave unread bytes behind, and the
 * kernel answers those with a reset, so the client's write fails with EPIPE and it never reads the 403
 * it was sent (CI once failed on that race with a 1 KB cross-site post).
 */
export function closeAfterUnreadBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!req.complete && !this.headersSent) {
        this.setHeader("Connection", "close");
        lingerOnClose(req, req.socket);
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * Node's HTTP server ends a `Connection: close` response with `socket.destroySoon()` (end, then destroy
 * as soon as the end is written). For this one socket that becomes: end, read the rest of the request
 * body into nothing, then destroy.
 */
function lingerOnClose(req: Request, socket: Socket & { destroySoon?: () => void }) {
  const destroySoon = socket.destroySoon;
  if (typeof destroySoon !== "function") return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    // The body arrived meanwhile (or the socket is gone): nothing to read, close as Node would.
    if (req.complete || this.destroyed) return destroySoon.call(this);
    if (this.writable) this.end();
    let received = 0;
    let closing = false;
    // Once the body has ended (or is too long): close as soon as the answer is written. The time limit
    // closes in any case.
    const close = () => {
      if (closing) return;
      closing = true;
      if (this.writableFinished) this.destroy();
      else this.once("finish", () => this.destroy());
    };
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > LINGER_BYTES) close();
    });
    req.once("end", close);
    req.once("error", close);
    this.once("end", close);
    this.once("close", () => clearTimeout(timer));
    req.resume();
  };
}
