// Minimal HTTP client for benchmarks: raw bytes, no decompression, no connection reuse.
import http from "node:http";

/**
 * GET `url` and resolve { status, headers, body (Buffer, exactly as sent), ms }.
 * Rejects on network errors and after `timeoutMs`.
 */
export function get(url, { headers = {}, timeoutMs = 5_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
