import robotsParser from "robots-parser";
import { adapterFor, type ParsedPage } from "./adapters";

/**
 * The child process side of page-parser.server.ts (ADR 038, amended by ADR 045): parses the pages a crawl
 * fetched with the source's adapter, one message at a time, and answers with the ParsedPage or the error's
 * message. It also matches URLs against robots.txt files (ADR 052): robots-parser's matching takes time
 * proportional to the rules' length times the URL's (a hostile 512 KiB file, seconds per URL), which the
 * app's main thread must not spend. A file is sent once per process and kept here by its URL.
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

export interface RobotsRequest {
  id: number;
  /** The robots.txt's URL; `text` the first time this process is sent it. */
  robotsUrl: string;
  text?: string;
  /** The URL to match (none: only the Crawl-delay is wanted). */
  url?: string;
  userAgent: string;
}

export interface RobotsAnswer {
  allowed: boolean | undefined;
  /** Seconds, for `userAgent`. */
  crawlDelay: number | undefined;
}

export type ParseReply = { id: number; page: ParsedPage } | { id: number; robots: RobotsAnswer } | { id: number; error: string };

interface RobotsFile {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
}

const robotsFiles = new Map<string, RobotsFile>();

export function answer(request: ParseRequest | RobotsRequest): ParseReply {
  try {
    if ("robotsUrl" in request) {
      if (request.text !== undefined) robotsFiles.set(request.robotsUrl, robotsParser(request.robotsUrl, request.text) as RobotsFile);
      const file = robotsFiles.get(request.robotsUrl);
      if (!file) return { id: request.id, error: `no robots.txt ${request.robotsUrl} was sent` };
      return {
        id: request.id,
        robots: {
          allowed: request.url === undefined ? undefined : file.isAllowed(request.url, request.userAgent),
          crawlDelay: file.getCrawlDelay(request.userAgent),
        },
      };
    }
    return { id: request.id, page: adapterFor(request.slug).parsePage(request.html, request.pageUrl, request.status) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

if (process.argv[2] === PAGE_PARSER_WORKER_MARK && process.send) {
  const send = process.send.bind(process);
  process.on("message", (request: ParseRequest | RobotsRequest) => send(answer(request)));
  // The app went away (or closed the channel): nothing is left to parse for.
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}
