import fs from "node:fs";
import { PAGE_PARSER_WORKER_MARK } from "./page-parser-worker.server";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseBidnetPage } from "./adapters/bidnet";
import { CrawlFetchError } from "./errors";
import { PageParseError, PageParser } from "./page-parser.server";

/**
 * The crawl's page parser in its own process (ADR 038, ADR 045), with pages that the HTML parser under the
 * adapters cannot read in bounded time or memory: this process's event loop keeps turning, the page is
 * given up at the time or heap limit, and the next page is parsed by a fresh parser process.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const PAGE_URL = "https://www.bidnetdirect.com/public/solicitations/open?keywords=roof&pageNumberSelect=1";

/** 40,000 open divs, then 40,000 stray </p>: each </p> searches the whole stack of open elements (parse5: ~25 s). */
const QUADRATIC_PAGE = `<html><body>${"<div>".repeat(40_000)}${"</p>".repeat(40_000)}</body></html>`;
/** Each paragraph reopens every formatting element closed before it: a quadratic number of elements (4 GB at 10,000). */
const MEMORY_BOMB = `<html><body>${Array.from({ length: 20_000 }, (_, i) => `<p><b id=${i}>x`).join("")}</body></html>`;

/** Runs `work` while a 10 ms interval measures the longest gap between its ticks (the event loop's longest block). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    const [result] = await Promise.allSettled([work()]);
    return { result: result!, stallMs };
  } finally {
    clearInterval(timer);
  }
}

/** The parser processes this test process started that are still running (Linux's /proc). */
function parserProcesses(): number[] {
  return fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      return parent === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(PAGE_PARSER_WORKER_MARK);
    } catch {
      return false; // ended while we looked
    }
  });
}

const parsers: PageParser[] = [];
function parser(limits?: ConstructorParameters<typeof PageParser>[0]) {
  const p = new PageParser(limits);
  parsers.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(parsers.splice(0).map((p) => p.close()));
});

describe("the page parser process", () => {
  it("parses a real page exactly as the adapter does in process, reuses its process, gives it no secrets, and leaves none behind when closed", async () => {
    const html = read("bidnet_private_supplier_search_results_2025-08-09.html");
    const p = parser();
    const first = await p.parse("bidnet", html, PAGE_URL, 200);
    expect(first).toEqual(parseBidnetPage(html, PAGE_URL, 200));
    expect(first.contracts).toHaveLength(25);
    const second = await p.parse("govcb", read("synthetic_govcb_search_roof_page1.html"), "https://www.govcb.com/search.htm", 200);
    expect(second.contracts.map((c) => c.externalId)).toEqual(["23761006", "NBD14874385965181826"]);
    const pids = parserProcesses();
    expect(pids).toHaveLength(1);
    // It is given nothing of this process's environment (no database URL, no secrets) beyond these two,
    // next to the variables Node itself sets up its channel with.
    const environment = fs.readFileSync(`/proc/${pids[0]}/environ`, "utf8").split("\0").filter(Boolean).map((entry) => entry.split("=")[0]!);
    expect(environment.filter((key) => !key.startsWith("NODE_CHANNEL_")).sort()).toEqual(["NODE_ENV", "PATH"]);
    await p.close();
    expect(parserProcesses()).toEqual([]);
  });

  it("gives up a page the HTML parser needs quadratic time for, at the time limit, without stalling the process; the next page parses", async () => {
    const p = parser({ timeoutMs: 1_000 });
    const started = performance.now();
    const { result, stallMs } = await longestStall(() => p.parse("bidnet", QUADRATIC_PAGE, PAGE_URL, 200));
    const elapsed = performance.now() - started;
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason as PageParseError;
    expect(error).toBeInstanceOf(PageParseError);
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("the page took more than 1 s to parse");
    expect(elapsed).toBeLessThan(5_000);
    expect(stallMs).toBeLessThan(500);
    const next = await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200);
    expect(next.contracts).toHaveLength(1);
  });

  it("a page that would exhaust the heap ends only its parser process: this process goes on and the next page parses", async () => {
    const p = parser({ maxHeapMb: 64, timeoutMs: 30_000 });
    const { result, stallMs } = await longestStall(() => p.parse("govcb", MEMORY_BOMB, "https://www.govcb.com/search.htm", 200));
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason as PageParseError;
    expect(error).toBeInstanceOf(PageParseError);
    expect(error.kind).toBe("out-of-memory");
    expect(error.message).toBe("the page needed more than 64 MB to parse");
    expect(stallMs).toBeLessThan(500);
    const next = await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200);
    expect(next.contracts).toHaveLength(1);
  });

  it("the crawl's abort signal stops a running parse at once", async () => {
    const p = parser();
    await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    const error = await p.parse("bidnet", QUADRATIC_PAGE, PAGE_URL, 200, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrawlFetchError);
    expect((error as CrawlFetchError).kind).toBe("aborted");
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(parserProcesses()).toEqual([]);
  });

  it("a parser process killed from outside while it parses is a failed page; the next page gets a fresh one", async () => {
    const p = parser();
    await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200);
    const pids = parserProcesses();
    expect(pids).toHaveLength(1);
    const parsing = p.parse("bidnet", QUADRATIC_PAGE, PAGE_URL, 200).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the page is being parsed
    process.kill(pids[0]!, "SIGKILL");
    const error = await parsing;
    expect(error).toBeInstanceOf(PageParseError);
    expect((error as PageParseError).kind).toBe("failed");
    expect((error as PageParseError).message).toBe("the page parser stopped (SIGKILL)");
    expect((await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200)).contracts).toHaveLength(1);
  });

  it("an adapter that throws is a failed page, not a crashed parser", async () => {
    const p = parser();
    const error = await p.parse("no-such-source", "<p>x</p>", PAGE_URL, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageParseError);
    expect((error as PageParseError).kind).toBe("failed");
    expect((error as PageParseError).message).toBe("UnknownAdapterError: No adapter found for source: no-such-source");
    expect((await p.parse("govcb", read("synthetic_govcb_search_roof_page2.html"), "https://www.govcb.com/search.htm", 200)).contracts).toHaveLength(1);
  });
});
