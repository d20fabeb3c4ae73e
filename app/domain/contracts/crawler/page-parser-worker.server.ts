import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { adapterFor, type ParsedPage } from "./adapters";

/**
 * The worker thread side of page-parser.server.ts (ADR 038): parses the pages a crawl fetched with the
 * source's adapter, one message at a time, and answers with the ParsedPage or the error's message.
 *
 * In the production build this module is an entry of its own (`build/server/crawl-page-parser.js`, see
 * vite.config.ts), so a worker loads the adapters and cheerio only, not the whole app. It only listens
 * when started as the parser worker: imported by the main thread it just tells where it lives.
 */

export const PAGE_PARSER_WORKER_MARK = "roofing-crawl-page-parser";

/** This module's own URL: what the main thread starts the worker from. */
export const PAGE_PARSER_WORKER_URL = import.meta.url;

export interface ParseRequest {
  id: number;
  slug: string;
  html: string;
  pageUrl: string;
  status: number;
}

export type ParseReply = { id: number; page: ParsedPage } | { id: number; error: string };

export function answer(request: ParseRequest): ParseReply {
  try {
    return { id: request.id, page: adapterFor(request.slug).parsePage(request.html, request.pageUrl, request.status) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

const data = workerData as { mark?: unknown } | null;
if (!isMainThread && parentPort && data?.mark === PAGE_PARSER_WORKER_MARK) {
  const port = parentPort;
  port.on("message", (request: ParseRequest) => port.postMessage(answer(request)));
  port.postMessage({ ready: true });
}
