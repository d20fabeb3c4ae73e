import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type RunningApp } from "../support/app-server";

/**
 * A write the server answers before it has read the body (a cross-site post refused with 403, a POST to
 * an address that has no action, a form over its size limit) still reaches the client as that answer:
 * the server keeps reading what the client is still sending for a bounded time before it closes, so the
 * client never sees a reset (EPIPE/ECONNRESET) instead of the status. CI once failed on exactly that race.
 */
describe("answers given before the body is read", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: "error", LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  function body(bytes: number): FormData {
    const fd = new FormData();
    fd.append("formId", "inspection-form");
    fd.append("filler", "x".repeat(bytes));
    return fd;
  }

  test("a cross-site post of any size gets its 403, every time (bounded: 120 posts)", async () => {
    const sizes = [0, 1_000, 16_000, 64_000, 256_000, 1_000_000];
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      const results = await Promise.allSettled(
        sizes.map((size) =>
          fetch(`${app.url}/inspection-request`, { method: "POST", body: body(size), headers: { Origin: "https://evil.example" } }).then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          }),
        ),
      );
      for (const [i, r] of results.entries())
        outcomes.push(r.status === "fulfilled" ? `${sizes[i]}:${r.value}` : `${sizes[i]}:${String((r.reason as Error).cause ?? r.reason)}`);
    }
    expect(outcomes.filter((o) => !o.endsWith(":403"))).toEqual([]);
  }, 120_000);

  test("a connection answered early is closed, and the next request on a new one is served", async () => {
    const refused = await fetch(`${app.url}/inspection-request`, { method: "POST", body: body(200_000), headers: { Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("connection")).toBe("close");
    await refused.arrayBuffer();
    const next = await fetch(`${app.url}/healthz`);
    expect(next.status).toBe(200);
  });
});
