import { adapterFor, type ParsedPage } from "./adapters";

/**
 * The child process side of page-parser.server.ts (ADR 038, amended by ADR 045): parses the pages a crawl
 * fetched with the source's adapter, one message at a time, and answers with the ParsedPage or the error's
 * message.
 *
 * In the production build this module is an entry of its own (`build/server/crawl-page-parser.js`, see
 * vite.config.ts), so the process loads the adapters and cheerio only, not the whole app. It only listens
 * when started as the parser (its first argument is the mark): imported by the app it just tells where
 * it lives.
 */

export const PAGE_PARSER_WORKER_MARK = "roofing-crawl-page-parser";

/** This module's own URL: what the app starts the parser process from. */
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

if (process.argv[2] === PAGE_PARSER_WORKER_MARK && process.send) {
  const send = process.send.bind(process);
  process.on("message", (request: ParseRequest) => send(answer(request)));
  // The app went away (or closed the channel): nothing is left to parse for.
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}
