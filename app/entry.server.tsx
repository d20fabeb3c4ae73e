import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { noteDatabaseError } from "~/db/availability.server";
import { contentSecurityPolicy } from "~/lib/content-security-policy";
import { cspRenderContext } from "~/lib/csp-context";
import { logger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { pageScripts } from "~/lib/page-scripts";
import { wholeBodyResponse } from "~/lib/whole-body.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that hydrates needs React Router's inline scripts, allowed by this response's nonce; a page
  // that does not (ADR 007) has none: its policy names no nonce and its HTML is the same bytes for every
  // visitor (ADR 030).
  const { hydrate } = pageScripts(
    routerContext.staticHandlerContext.matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle })),
  );
  const csp = loadContext.get(cspRenderContext);
  const nonce = hydrate ? csp.nonce() : "";
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce || null, csp.dev));
  if (!hydrate) {
    // A page that does not hydrate has nothing to stream (no deferred data, no Suspense boundary that
    // waits) and is wanted whole by the page cache: rendering it to one string skips the Node stream,
    // its web-stream wrapper and React's chunked writes, about a tenth of an uncached render (issue 13).
    // An error thrown here reaches React Router, which renders the error boundary, as a shell error does.
    const html = renderToString(
      <NonceProvider value="">
        <ServerRouter context={routerContext} url={request.url} />
      </NonceProvider>,
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // As bytes: a string body would be scanned for lone surrogates by the Response constructor first
    // (about 4% of the render); React's output has none, and UTF-8 encoding it is one native call.
    const body = Buffer.from(`<!DOCTYPE html>${html}`);
    return Promise.resolve(wholeBodyResponse(body, { headers: responseHeaders, status: responseStatusCode }));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode wait for the whole document; browsers get the shell first.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell was sent are logged here; earlier ones reach the error boundary.
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  noteDatabaseError(error);
  logger.error({ err: error, url: new URL(request.url).pathname }, "error in a loader, action or render");
}
