import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { wholeBodyOf } from "~/lib/whole-body.server";
import { BODY_LIMIT_LOCAL, countedBody } from "./request-body-limit";

/**
 * React Router's request handler on Express, as `@react-router/express` does it, with one difference
 * measured on the uncached render of the home page (issue 13, ADR 034): a page rendered to one buffer
 * (`wholeBodyResponse`) is written in one call with its length, instead of being read back through
 * the web stream its `Response` wraps around it and written chunk by chunk.
 */
export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}) {
  const handle = createReactRouterHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(webRequest(req, res), getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The web `Request` of an Express request (the host and port as `@react-router/express` derives them). */
function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;

  // From Node's parsed headers, so repeated ones are joined as Node joins them (cookies with "; ").
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value) headers.set(name, value);
  }

  // Loaders see the request aborted when the client goes away before the answer is complete.
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit = res.locals[BODY_LIMIT_LOCAL] as number | undefined;
    const body = createReadableStreamFromReadable(req);
    init.body = limit === undefined ? body : countedBody(body, limit);
    init.duplex = "half";
  }
  return new Request(new URL(url).href, init);
}

/**
 * `Server-Timing: app;dur=…`: milliseconds from the request's arrival to its response being ready (the
 * whole page, or a streamed page's shell), before compression and writing. Browsers' developer tools
 * show it, and the benchmark reads it (the server's own render time, QUALITY P4). Only on GET and HEAD:
 * a precise duration on a sign-in post would help guess which accounts exist.
 */
function serverTiming(res: ExpressResponse) {
  const startedAt = res.locals.startedAt as bigint | undefined;
  if (startedAt === undefined || (res.req.method !== "GET" && res.req.method !== "HEAD")) return;
  const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
  res.setHeader("Server-Timing", `app;dur=${ms.toFixed(2)}`);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  serverTiming(res);
  const whole = wholeBodyOf(response);
  if (whole) {
    res.setHeader("Content-Length", whole.length);
    res.end(res.req.method === "HEAD" ? undefined : whole);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
