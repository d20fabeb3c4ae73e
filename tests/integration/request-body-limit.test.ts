import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routeConfig from "~/routes";
import { MAX_BODY_BYTES, STREAMED_UPLOAD_PATHS } from "../../server/request-body-limit";
import { startApp, type RunningApp } from "../support/app-server";

/**
 * Request bodies are capped before a route reads them (server/request-body-limit.ts, QUALITY S15): the
 * account pages read their whole form into memory and anyone can post to them. The upload paths stream
 * with limits of their own.
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
/** What marks a route module whose action streams an upload with its own limits. */
const STREAMING_ACTIONS = /\b(inspectionPageAction|handleInspectionRequest|uploadMediaAction)\b/;

function streamingRoutePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const pattern = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    const source = fs.readFileSync(path.join(APP_DIR, entry.file), "utf8");
    if (!entry.children && STREAMING_ACTIONS.test(source)) out.push(pattern || "/");
    if (entry.children) out.push(...streamingRoutePaths(entry.children, pattern));
  }
  return out;
}

describe("request body limit", () => {
  test("every route whose action streams an upload is exempt, and nothing else", () => {
    expect(new Set(streamingRoutePaths(routeConfig))).toEqual(STREAMED_UPLOAD_PATHS);
  });

  describe("over HTTP", () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp({ env: { LOG_LEVEL: "error" } });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
    }, 60_000);

    /** Posts `bytes` bytes of a form, with its length or (chunked) without, as a same-origin browser would. */
    function post(pathname: string, bytes: number, { chunked = false, type = "application/x-www-form-urlencoded" } = {}) {
      return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { origin: app.url, "content-type": type };
        if (!chunked) headers["content-length"] = String(bytes);
        const request = http.request(`${app.url}${pathname}`, { method: "POST", headers }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }));
        });
        request.on("error", reject);
        const chunk = Buffer.alloc(64 * 1024, "a");
        let left = bytes;
        const write = () => {
          while (left > 0) {
            const part = chunk.subarray(0, Math.min(chunk.length, left));
            left -= part.length;
            if (!request.write(part)) return void request.once("drain", write);
          }
          request.end();
        };
        write();
      });
    }

    test("a sign-in post over the limit is refused with 413 before it is read; the server carries on", async () => {
      const refused = await post("/auth", MAX_BODY_BYTES + 1);
      expect(refused.status).toBe(413);
      expect(refused.body).toBe("This request is too large.");
      const api = await post("/api/auth/sign-in/email", 8 * 1024 * 1024, { type: "application/json" });
      expect(api.status).toBe(413);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });

    test("a body sent in chunks without a length is cut off at the limit", async () => {
      // Cutting the body off ends the read, and with it the connection: the sender sees a refusal or a reset.
      const outcome = await post("/auth/forgot-password", MAX_BODY_BYTES * 4, { chunked: true }).then(
        (answer) => `status ${answer.status >= 400 ? "refused" : answer.status}`,
        (error: NodeJS.ErrnoException) => `error ${error.code === "ECONNRESET" || error.code === "EPIPE" ? "reset" : error.code}`,
      );
      expect(["status refused", "error reset"]).toContain(outcome);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });

    test("a form under the limit reaches its page", async () => {
      const small = await post("/auth/forgot-password", 100);
      expect(small.status).not.toBe(413);
    });

    test("the inspection endpoint keeps its own limits and its own answer", async () => {
      const upload = await post("/inspection-request", MAX_BODY_BYTES + 1, { type: "multipart/form-data; boundary=x" });
      expect(upload.body).not.toBe("This request is too large.");
      expect(upload.type).toMatch(/json/);
      // Written as the router still matches it.
      expect((await post("/Inspection-Request/", MAX_BODY_BYTES + 1, { type: "multipart/form-data; boundary=x" })).body).not.toBe("This request is too large.");
    });

    test("a missing hashed asset is a 404, not a server error", async () => {
      const response = await fetch(`${app.url}/assets/no-such-file-abc123.js`);
      expect(response.status).toBe(404);
    });
  });
});
