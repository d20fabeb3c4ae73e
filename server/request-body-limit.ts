import type { NextFunction, Request, Response } from "express";
import { matchRoutes } from "react-router";

/** The largest body a route that reads its whole form or JSON into memory is given (twice the admin kit's 1 MiB). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The route paths whose actions stream their body with limits of their own (`readFormWithFiles`): the
 * inspection form's pages (the booking page /book among them) and JSON endpoint (files of up to 10 MB each), the portal's request page (its
 * "Add files" form, the inspection form's limits), and the media library's upload (20 MB). Each is reached at its path and at React Router's data form of it (`/admin/media.data`,
 * `/_.data` for `/`, which the screens' fetchers post to): {@link streamedUploadRoute} derives those.
 * `tests/integration/request-body-limit.test.ts` checks that every route whose module reaches
 * `readFormWithFiles` (or busboy) is here, and nothing else.
 */
export const STREAMED_UPLOAD_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/about",
  "/services",
  "/contact",
  "/book",
  "/inspection-request",
  "/portal/requests/:id",
  "/admin/media",
]);

/** Set on a request whose body is counted while it is read (sent in chunks, without a length). */
export const BODY_LIMIT_LOCAL = "bodyLimitBytes";

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

const routeLists = new WeakMap<ReadonlySet<string>, Array<{ path: string }>>();
function routesOf(paths: ReadonlySet<string>): Array<{ path: string }> {
  let routes = routeLists.get(paths);
  if (!routes) routeLists.set(paths, (routes = [...paths].map((path) => ({ path }))));
  return routes;
}

/**
 * The upload route (one of `paths`) that React Router will run for a request to `url` (the request
 * target, as `req.originalUrl`), or null. Judged as the router judges it, after the same normalising:
 * the URL parser's (dot segments, `%2e` dot segments, backslashes), the data request's suffix
 * (`/x.data`, `/_.data` for `/`, `/x/_.data` for `/x/`), then the router's own matching (any case, trailing slashes,
 * percent-decoded segments). A target that is not a path is no upload route.
 */
export function streamedUploadRoute(url: string, paths: ReadonlySet<string> = STREAMED_UPLOAD_PATHS): string | null {
  // An origin-form target (the URL parser takes a backslash for a slash); anything else keeps the limit.
  if (!url.startsWith("/") && !url.startsWith("\\")) return null;
  let pathname: string;
  try {
    // As server/react-router-handler.ts builds the request's URL (any host: it does not change the path).
    pathname = new URL(`http://localhost${url}`).pathname;
  } catch {
    return null;
  }
  // React Router 8's data requests (getNormalizedPath in react-router's server runtime).
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  const matches = matchRoutes(routesOf(paths), pathname);
  const path = matches?.[matches.length - 1]?.route.path;
  return path !== undefined && paths.has(path) ? path : null;
}

/**
 * Caps request bodies before any route reads them (QUALITY S15): an action that calls
 * `request.formData()` or `request.json()` (the sign-in and password forms, better-auth's API, the
 * leads and users screens) holds the whole body in memory, and anyone can post to the account pages.
 * A body whose `Content-Length` is above {@link MAX_BODY_BYTES} is answered 413 before it is read (the
 * connection is then closed, server/unread-body.ts); one sent in chunks is counted as it is read and cut
 * off past the limit (server/react-router-handler.ts), so the route's read fails. A multipart post to an
 * upload route (at its path or its data form) is left to the route's own, streamed limits; any other
 * body sent there (a form of the media library's Edit dialog) has this limit too.
 *
 * The refusal is plain text: a screen's fetcher that posted to a data form receives it as a thrown
 * route error response whose data is this text (the media library's clientAction shows it).
 */
export function limitRequestBodies({ maxBytes = MAX_BODY_BYTES, streamed = STREAMED_UPLOAD_PATHS }: { maxBytes?: number; streamed?: ReadonlySet<string> } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (MULTIPART.test(req.headers["content-type"] ?? "") && streamedUploadRoute(req.originalUrl, streamed) !== null) return next();
    const length = req.headers["content-length"];
    if (length !== undefined && Number(length) > maxBytes) {
      res.status(413).type("text/plain").send(TOO_LARGE_TEXT);
      return;
    }
    if (length === undefined) res.locals[BODY_LIMIT_LOCAL] = maxBytes;
    next();
  };
}

/** The body of the limit's 413. */
export const TOO_LARGE_TEXT = "This request is too large.";

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
