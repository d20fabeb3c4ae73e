/**
 * Responses whose body the renderer made as one buffer (pages that do not hydrate: app/entry.server.tsx).
 * The Node adapter (server/react-router-handler.ts) writes such a body in one call instead of reading it
 * back through the web stream the `Response` wraps around it (issue 13, ADR 034).
 */
const wholeBodies = new WeakMap<Response, Buffer>();

/** A response with `body` as its whole body, known to the Node adapter. */
export function wholeBodyResponse(body: Buffer, init: ResponseInit): Response {
  // Buffer.from(string) is backed by an ArrayBuffer (never a SharedArrayBuffer).
  const response = new Response(body as Uint8Array<ArrayBuffer>, init);
  wholeBodies.set(response, body);
  return response;
}

/** The body `response` was made with by `wholeBodyResponse`, if it was. */
export function wholeBodyOf(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}
