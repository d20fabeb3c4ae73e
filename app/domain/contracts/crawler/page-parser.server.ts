import type { ChildProcess } from "node:child_process";
import { forkEntry } from "~/lib/fork-entry.server";
import type { ParsedPage } from "./adapters";
import { CrawlFetchError } from "./errors";
import type { ParseReply, ParseRequest, RobotsAnswer, RobotsRequest } from "./page-parser-worker.server";

/**
 * Parses fetched pages in a child process with a time and a memory limit (ADR 038, ADR 045). The
 * adapters' own code is linear (adversarial.test.ts), but the HTML parser under them is not on every
 * input: some markup takes parse5 quadratic time, some makes it build a quadratic number of elements until
 * the heap is exhausted. In a process of its own such a page costs one page, not the web process: past the
 * time limit the parser is killed (which stops even a running regular expression), past the heap limit V8
 * aborts that process alone, and a crawl's abort signal kills it at once. The next page starts a fresh one.
 *
 * A worker thread with `resourceLimits` was the first design; Node ends such a worker only on a
 * best-effort basis, and some allocations that run out of the worker's heap abort the whole process
 * instead (a CI run saw it), so the limit could not be trusted with the web process.
 *
 * One parser per crawl, one page at a time; `close()` when the crawl ends. The same process matches URLs
 * against robots.txt files for the crawl's client (`robots()`, ADR 052), off the app's main thread.
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
  /** The parser process's heap (old generation), MB. */
  maxHeapMb: number;
}

const DEFAULT_PAGE_PARSER_LIMITS: PageParserLimits = { timeoutMs: 15_000, maxHeapMb: 512 };

/** How much of the parser's standard error is kept: enough for V8's out-of-memory report. */
const STDERR_TAIL_BYTES = 4_096;

/** Starts the parser process (app/lib/fork-entry.server.ts): it only parses what it is sent. */
async function startProcess(limits: PageParserLimits): Promise<ChildProcess> {
  const { PAGE_PARSER_WORKER_URL, PAGE_PARSER_WORKER_MARK } = await import("./page-parser-worker.server");
  return forkEntry(PAGE_PARSER_WORKER_URL, PAGE_PARSER_WORKER_MARK, { maxHeapMb: limits.maxHeapMb });
}

/** Keeps the last STDERR_TAIL_BYTES of the child's standard error. */
function stderrTail(child: ChildProcess): () => string {
  let tail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  return () => tail;
}

/** Whether an ended parser process ran out of its heap: V8 reports it, then aborts. */
function ranOutOfMemory(stderr: string): boolean {
  return /heap out of memory|Allocation failed|invalid (array|table) size/i.test(stderr);
}

/** Lets the app's event loop end while the parser waits idle (and keeps it while a parse runs). */
function holdEventLoop(child: ChildProcess, hold: boolean): void {
  type Handle = { ref(): void; unref(): void } | null | undefined;
  for (const handle of [child, child.channel as Handle, child.stderr as Handle]) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
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
  private child: ChildProcess | undefined;
  private stderr: () => string = () => "";
  private ready: Promise<ChildProcess> | undefined;
  private nextId = 1;
  private busy = false;
  /** The robots.txt files the current process has been sent. */
  private robotsSent = new Set<string>();

  constructor(limits: Partial<PageParserLimits> = {}) {
    this.limits = { ...DEFAULT_PAGE_PARSER_LIMITS, ...limits };
  }

  /** A started parser that has said it listens (the first parse waits for it; later ones reuse it). */
  private async readyProcess(): Promise<ChildProcess> {
    this.ready ??= startProcess(this.limits).then((child) => {
      this.child = child;
      this.stderr = stderrTail(child);
      return new Promise<ChildProcess>((resolve, reject) => {
        const onMessage = (message: unknown) => {
          if ((message as { ready?: boolean }).ready !== true) return;
          cleanup();
          holdEventLoop(child, false);
          resolve(child);
        };
        const onError = (error: Error) => {
          cleanup();
          reject(new PageParseError("failed", `the page parser could not start: ${error.message}`));
        };
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          cleanup();
          reject(new PageParseError("failed", `the page parser stopped while starting (${signal ?? `exit code ${code}`})`));
        };
        const cleanup = () => {
          child.off("message", onMessage);
          child.off("error", onError);
          child.off("exit", onExit);
        };
        child.on("message", onMessage);
        child.on("error", onError);
        child.on("exit", onExit);
      });
    });
    try {
      return await this.ready;
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  /** Kills the parser process and waits for it to be gone (the next parse starts another). */
  private async discard(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    this.robotsSent = new Set();
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await gone;
  }

  /**
   * The adapter of `slug` parses `html`. Rejects with PageParseError when the page takes longer than the
   * time limit, exhausts the parser's heap or makes the adapter throw; with CrawlFetchError "aborted" when
   * `signal` aborts first.
   */
  async parse(slug: string, html: string, pageUrl: string, status: number, signal?: AbortSignal): Promise<ParsedPage> {
    const reply = await this.exchange({ id: this.nextId++, slug, html, pageUrl, status }, pageUrl, "the page took more than", signal);
    if (!("page" in reply)) throw new PageParseError("failed", "the page parser answered something else");
    return reply.page;
  }

  /**
   * Matches `url` (none: only the Crawl-delay) against the robots.txt at `robotsUrl`, whose `text` is sent
   * to the process the first time. Same limits and errors as `parse`.
   */
  async robots(robotsUrl: string, text: string, url: string | undefined, userAgent: string, signal?: AbortSignal): Promise<RobotsAnswer> {
    const request: RobotsRequest = { id: this.nextId++, robotsUrl, text, url, userAgent };
    const reply = await this.exchange(request, url ?? robotsUrl, "matching robots.txt took more than", signal);
    if (!("robots" in reply)) throw new PageParseError("failed", "the page parser answered something else");
    this.robotsSent.add(robotsUrl);
    return reply.robots;
  }

  private async exchange(
    request: ParseRequest | RobotsRequest,
    pageUrl: string,
    tooLong: string,
    signal: AbortSignal | undefined,
  ): Promise<Exclude<ParseReply, { error: string }>> {
    if (this.busy) throw new Error("PageParser parses one page at a time");
    if (signal?.aborted) throw new CrawlFetchError("aborted", "the crawl was stopped", pageUrl);
    this.busy = true;
    try {
      const child = await abortable(this.readyProcess(), signal, pageUrl).catch(async (error: unknown) => {
        // Stopped while the parser was starting: it is not wanted any more.
        if (error instanceof CrawlFetchError) await this.discard();
        throw error;
      });
      if (signal?.aborted) throw new CrawlFetchError("aborted", "the crawl was stopped", pageUrl);
      // A process that already has this robots.txt is sent the URL alone (a new process gets the file again).
      if ("robotsUrl" in request && this.robotsSent.has(request.robotsUrl)) delete request.text;
      return await new Promise<Exclude<ParseReply, { error: string }>>((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void, discard: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          child.off("message", onMessage);
          child.off("error", onError);
          child.off("close", onClose);
          signal?.removeEventListener("abort", onAbort);
          holdEventLoop(child, false);
          if (discard) void this.discard().then(outcome);
          else outcome();
        };
        const onMessage = (reply: ParseReply) => {
          if (reply.id !== request.id) return;
          if ("error" in reply) settle(() => reject(new PageParseError("failed", reply.error)), false);
          else settle(() => resolve(reply), false);
        };
        const onError = (error: Error) => settle(() => reject(new PageParseError("failed", error.message)), true);
        // "close", not "exit": by then the child's standard error is read to its end (V8's report included).
        const onClose = (code: number | null, exitSignal: NodeJS.Signals | null) => {
          const error = ranOutOfMemory(this.stderr())
            ? new PageParseError("out-of-memory", `the page needed more than ${this.limits.maxHeapMb} MB to parse`)
            : new PageParseError("failed", `the page parser stopped (${exitSignal ?? `exit code ${code}`})`);
          settle(() => reject(error), true);
        };
        const onAbort = () => settle(() => reject(new CrawlFetchError("aborted", "the crawl was stopped", pageUrl)), true);
        const timer = setTimeout(
          () =>
            settle(
              () => reject(new PageParseError("timeout", `${tooLong} ${this.limits.timeoutMs / 1000} s${"slug" in request ? " to parse" : ""}`)),
              true,
            ),
          this.limits.timeoutMs,
        );
        child.on("message", onMessage);
        child.on("error", onError);
        child.on("close", onClose);
        signal?.addEventListener("abort", onAbort, { once: true });
        holdEventLoop(child, true);
        child.send(request, (error) => {
          if (error) settle(() => reject(new PageParseError("failed", `the page could not be sent to the parser: ${error.message}`)), true);
        });
      });
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    await this.discard();
  }
}
