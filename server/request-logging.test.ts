import pino from "pino";
import { describe, expect, it } from "vitest";
import { LineBatch, loggerOptions, requestContext, requestLine, type RequestLogFields } from "~/lib/logger.server";

/** A logger with the app's options writing into `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino(loggerOptions("info"), { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** The time differs by the moment each line was made: compared apart. */
const withoutTime = (line: string) => line.replace(/,"time":"[^"]+"/, ',"time":"T"');

describe("the access-log line", () => {
  const cases: Array<[string, RequestLogFields]> = [
    ["a page-cache hit", { requestId: "4f2a1c5e-0b7d-4e8a-9c3f-1a2b3c4d5e6f", method: "GET", path: "/services", status: 200, durationMs: 0.1, pageCache: "hit" }],
    ["a rendered page", { requestId: "id-1", method: "POST", path: "/inspection-request", status: 303, durationMs: 41.7 }],
    ["a path that needs escaping", { requestId: "id-2", method: "GET", path: '/a"b\\c\u0001d\ud800é/%2F', status: 404, durationMs: 2 }],
    ["a server error", { requestId: "id-3", method: "GET", path: "/", status: 500, durationMs: 12.3 }],
  ];
  it.each(cases)("is the line the logger writes for the same fields: %s", (_name, fields) => {
    const { logger, lines } = capturingLogger();
    const level = fields.status >= 500 ? "error" : "info";
    logger[level]({ ...fields }, "request");
    const own = requestLine(logger, level, fields);
    expect(withoutTime(own)).toBe(withoutTime(lines[0]!));
    expect(JSON.parse(own)).toMatchObject({ ...fields, msg: "request", level: level === "info" ? 30 : 50 });
    expect(own).toMatch(/,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z",/);
  });

  it("is the same line inside a request's context (the logger's mixin adds the same id)", () => {
    const { logger, lines } = capturingLogger();
    const fields: RequestLogFields = { requestId: "ctx-id", method: "GET", path: "/about", status: 200, durationMs: 3 };
    requestContext.run({ requestId: "ctx-id" }, () => logger.info({ ...fields }, "request"));
    expect(withoutTime(requestLine(logger, "info", fields))).toBe(withoutTime(lines[0]!));
  });
});

/** A destination that records each write it is given. */
function recordingSink() {
  const writes: string[] = [];
  let synced = 0;
  return {
    writes,
    synced: () => synced,
    sink: {
      write: (data: string) => void writes.push(data),
      flush: (callback: (error?: Error | null) => void) => callback(),
      flushSync: () => void (synced += 1),
    },
  };
}

describe("LineBatch (the logger's destination)", () => {
  it("writes the logger's lines at once", () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 1024, 60_000);
    batch.write("a\n");
    batch.write("b\n");
    expect(writes).toEqual(["a\n", "b\n"]);
  });

  it("gathers access lines and writes them together, before the next line of the logger, in order", () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 1024, 60_000);
    batch.append("r1\n");
    batch.append("r2\n");
    expect(writes).toEqual([]);
    batch.write("warn\n");
    expect(writes).toEqual(["r1\nr2\nwarn\n"]);
  });

  it("writes gathered access lines once they reach the size limit", () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 10, 60_000);
    batch.append("12345\n");
    expect(writes).toEqual([]);
    batch.append("67890\n");
    expect(writes).toEqual(["12345\n67890\n"]);
    batch.append("x\n");
    expect(writes).toHaveLength(1);
  });

  it("writes gathered access lines after the delay", async () => {
    const { sink, writes } = recordingSink();
    const batch = new LineBatch(sink, 1024, 20);
    batch.append("late\n");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes).toEqual(["late\n"]);
  });

  it("hands gathered lines on and has them written on flushSync (exit, pino's fatal) and flush(callback)", async () => {
    const { sink, writes, synced } = recordingSink();
    const batch = new LineBatch(sink, 1024, 60_000);
    batch.append("r1\n");
    batch.flushSync();
    expect(writes).toEqual(["r1\n"]);
    expect(synced()).toBe(1);
    batch.append("r2\n");
    await new Promise<void>((resolve, reject) => batch.flush((error) => (error ? reject(error) : resolve())));
    expect(writes).toEqual(["r1\n", "r2\n"]);
  });
});
