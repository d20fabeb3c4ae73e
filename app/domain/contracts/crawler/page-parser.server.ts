import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ParsedPage } from "./adapters";
import { CrawlFetchError } from "./errors";
import type { ParseReply, ParseRequest } from "./page-parser-worker.server";

/**
 * Parses fetched pages in a worker thread with a time and a memory limit (ADR 038). The adapters' own code
 * is linear (adversarial.test.ts), but the HTML parser under them is not on every input: some markup
 * takes parse5 quadratic time, some makes it build a quadratic number of elements until the heap is
 * exhausted. In a worker such a page costs one page, not the web process: past the time limit the worker
 * is terminated (which stops even a running regular expression), past the heap limit it dies alone, and a
 * crawl's abort signal terminates it at once. The next page starts a fresh worker.
 *
 * One parser per crawl, one page at a time; `close()` when the crawl ends.
 */

export type PageParseErrorKind = "timeout" | "out-of-memory" | "failed";

export class PageParseError extends Error {
  constructor(
    public readonly kind: PageParseErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PageParseError";
  }
}

export interface PageParserLimits {
  /** Longest parse of one page. */
  timeoutMs: number;
  /** The worker's heap (old generation), MB. */
  maxHeapMb: number;
}

const DEFAULT_PAGE_PARSER_LIMITS: PageParserLimits = { timeoutMs: 15_000, maxHeapMb: 512 };

/** The file URL of tsx's ESM API (`tsImport`), as its package's exports map names it. */
function tsxApiUrl(from: string): string {
  const manifest = createRequire(from).resolve("tsx/package.json");
  const entry = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports: Record<string, { import: string | { default: string } }> })
    .exports["./esm/api"]!.import;
  return pathToFileURL(path.join(path.dirname(manifest), typeof entry === "string" ? entry : entry.default)).href;
}

/**
 * Where the worker starts: the built entry in production; in development and tests (the TypeScript
 * source), the source loaded through tsx (which Vite brings; development only).
 */
async function startWorker(limits: PageParserLimits): Promise<Worker> {
  const { PAGE_PARSER_WORKER_URL, PAGE_PARSER_WORKER_MARK } = await import("./page-parser-worker.server");
  const options = {
    workerData: { mark: PAGE_PARSER_WORKER_MARK, entry: PAGE_PARSER_WORKER_URL, loader: "" },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    stdout: false,
    stderr: false,
  };
  if (!/\.tsx?$/.test(new URL(PAGE_PARSER_WORKER_URL).pathname)) return new Worker(new URL(PAGE_PARSER_WORKER_URL), options);
  options.workerData.loader = tsxApiUrl(PAGE_PARSER_WORKER_URL);
  const bootstrap =
    'const { workerData } = require("node:worker_threads");' +
    "import(workerData.loader).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry))" +
    ".catch((error) => setImmediate(() => { throw error; }));";
  return new Worker(bootstrap, { ...options, eval: true });
}

/** `promise`, or CrawlFetchError "aborted" as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, url: string): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CrawlFetchError("aborted", "the crawl was stopped", url));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export class PageParser {
  private readonly limits: PageParserLimits;
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private nextId = 1;
  private busy = false;

  constructor(limits: Partial<PageParserLimits> = {}) {
    this.limits = { ...DEFAULT_PAGE_PARSER_LIMITS, ...limits };
  }

  /** A started worker that has said it listens (the first parse waits for it; later ones reuse it). */
  private async readyWorker(): Promise<Worker> {
    this.ready ??= startWorker(this.limits).then(
      (worker) =>
        new Promise<Worker>((resolve, reject) => {
          const onMessage = (message: unknown) => {
            if ((message as { ready?: boolean }).ready !== true) return;
            cleanup();
            this.worker = worker;
            worker.unref();
            resolve(worker);
          };
          const onError = (error: Error) => {
            cleanup();
            reject(new PageParseError("failed", `the page parser could not start: ${error.message}`));
          };
          const onExit = (code: number) => {
            cleanup();
            reject(new PageParseError("failed", `the page parser stopped while starting (exit code ${code})`));
          };
          const cleanup = () => {
            worker.off("message", onMessage);
            worker.off("error", onError);
            worker.off("exit", onExit);
          };
          worker.on("message", onMessage);
          worker.on("error", onError);
          worker.on("exit", onExit);
        }),
    );
    try {
      return await this.ready;
    } catch (error) {
      this.ready = undefined;
      throw error;
    }
  }

  /** Ends the worker (the next parse starts another). */
  private async discard(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker) await worker.terminate().catch(() => {});
  }

  /**
   * The adapter of `slug` parses `html`. Rejects with PageParseError when the page takes longer than the
   * time limit, exhausts the worker's heap or makes the adapter throw; with CrawlFetchError "aborted" when
   * `signal` aborts first.
   */
  async parse(slug: string, html: string, pageUrl: string, status: number, signal?: AbortSignal): Promise<ParsedPage> {
    if (this.busy) throw new Error("PageParser parses one page at a time");
    if (signal?.aborted) throw new CrawlFetchError("aborted", "the crawl was stopped", pageUrl);
    this.busy = true;
    try {
      const worker = await abortable(this.readyWorker(), signal, pageUrl);
      if (signal?.aborted) throw new CrawlFetchError("aborted", "the crawl was stopped", pageUrl);
      const request: ParseRequest = { id: this.nextId++, slug, html, pageUrl, status };
      return await new Promise<ParsedPage>((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void, discard: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          signal?.removeEventListener("abort", onAbort);
          worker.unref();
          if (discard) void this.discard().then(outcome);
          else outcome();
        };
        const onMessage = (reply: ParseReply) => {
          if (reply.id !== request.id) return;
          if ("page" in reply) settle(() => resolve(reply.page), false);
          else settle(() => reject(new PageParseError("failed", reply.error)), false);
        };
        const onError = (error: Error & { code?: string }) => {
          const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
          settle(
            () =>
              reject(
                outOfMemory
                  ? new PageParseError("out-of-memory", `the page needed more than ${this.limits.maxHeapMb} MB to parse`)
                  : new PageParseError("failed", error.message),
              ),
            true,
          );
        };
        const onExit = (code: number) => settle(() => reject(new PageParseError("failed", `the page parser stopped (exit code ${code})`)), true);
        const onAbort = () => settle(() => reject(new CrawlFetchError("aborted", "the crawl was stopped", pageUrl)), true);
        const timer = setTimeout(
          () => settle(() => reject(new PageParseError("timeout", `the page took more than ${this.limits.timeoutMs / 1000} s to parse`)), true),
          this.limits.timeoutMs,
        );
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        signal?.addEventListener("abort", onAbort, { once: true });
        worker.ref();
        worker.postMessage(request);
      });
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    await this.discard();
  }
}
