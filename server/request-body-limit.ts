import type { NextFunction, Request, Response } from "express";

/** The largest body a route that reads its whole form or JSON into memory is given (twice the admin kit's 1 MiB). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The paths whose actions stream their body with limits of their own (`readFormWithFiles`): the
 * inspection form's pages and JSON endpoint (files of up to 10 MB each), and the media library's upload.
 * `tests/integration/request-body-limit.test.ts` checks that every page exporting the inspection form's
 * action is here.
 */
export const STREAMED_UPLOAD_PATHS: ReadonlySet<string> = new Set(["/", "/about", "/services", "/contact", "/inspection-request", "/admin/media"]);

/** Set on a request whose body is counted while it is read (sent in chunks, without a length). */
export const BODY_LIMIT_LOCAL = "bodyLimitBytes";

/**
 * Caps request bodies before any route reads them (QUALITY S15): an action that calls
 * `request.formData()` or `request.json()` (the sign-in and password forms, better-auth's API, the
 * leads and users screens) holds the whole body in memory, and anyone can post to the account pages.
 * A body whose `Content-Length` is above {@link MAX_BODY_BYTES} is answered 413 before it is read (the
 * connection is then closed, server/unread-body.ts); one sent in chunks is counted as it is read and cut
 * off past the limit (server/react-router-handler.ts), so the route's read fails. The upload paths keep
 * their own, streamed limits.
 */
export function limitRequestBodies({ maxBytes = MAX_BODY_BYTES, streamed = STREAMED_UPLOAD_PATHS }: { maxBytes?: number; streamed?: ReadonlySet<string> } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    // As the router matches them: any case, a trailing slash or not.
    if (req.method === "GET" || req.method === "HEAD" || streamed.has(req.path.toLowerCase().replace(/(.)\/+$/, "$1"))) return next();
    const length = req.headers["content-length"];
    if (length !== undefined && Number(length) > maxBytes) {
      res.status(413).type("text/plain").send("This request is too large.");
      return;
    }
    if (length === undefined) res.locals[BODY_LIMIT_LOCAL] = maxBytes;
    next();
  };
}

/** A request body stream that fails once more than `maxBytes` have come through it. */
export function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new Error(`request body over ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}
