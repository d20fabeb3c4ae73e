// HTTP load with autocannon, with exact latency percentiles. It runs in this process and tops out near
// 5,000 requests/s here: the throughput runs use wrk (wrk.js); this serves runs far below that
// (concurrency 1, where each response's Server-Timing is read).
//
// autocannon's own histogram stores whole milliseconds and has no p95, so we also
// record every response time (sub-millisecond, from its 'response' event) and
// compute percentiles from those.
import autocannon from "autocannon";
import { cpuMeter } from "./cpu.js";

/** Request headers a real browser would send for a page (same for every compared target). */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "en-US,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted, p) {
  if (!sorted.length) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round = (v, digits = 2) => (v === undefined ? undefined : Math.round(v * 10 ** digits) / 10 ** digits);

/**
 * Run autocannon against `url` for `duration` seconds (or `amount` requests) and summarise.
 * Options: connections (default 32), duration (s), amount, headers, method, body, warmup (s, run first and discarded),
 * timeout (s, per request, default 10), title, cpuGroups ({ name: () => pids } measured during the run, see cpu.js),
 * serverTiming (a metric name: read `Server-Timing: <name>;dur=<ms>` from every response).
 * Resolves { url, connections, durationS, requests, ok, non2xx, errors, timeouts, rps, bytesPerResponse,
 *   latencyMs: { mean, p50, p90, p95, p99, max }, statusCodes }, plus serverTimingMs (same fields and
 *   `responses`, the number of responses that carried the metric) when serverTiming was given.
 */
export async function runLoad(url, options = {}) {
  const { connections = 32, duration = 10, amount, headers = BROWSER_HEADERS, method = "GET", body, warmup = 0, timeout = 10, serverTiming } = options;
  if (warmup > 0) await runOnce({ url, connections, duration: warmup, headers, method, body, timeout });
  const meter = options.cpuGroups ? cpuMeter(options.cpuGroups) : undefined;
  const result = await runOnce({ url, connections, duration, amount, headers, method, body, timeout, title: options.title, serverTiming });
  if (meter) result.cpu = meter.stop();
  return result;
}

function runOnce({ url, connections, duration, amount, headers, method, body, timeout, title, serverTiming }) {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let n = 0;
    const serverDurations = [];
    let bytes = 0;
    const startedAt = performance.now();
    let firstAt;
    let lastAt;
    const opts = { url, connections, headers, method, body, timeout, title, pipelining: 1 };
    if (amount) opts.amount = amount;
    else opts.duration = duration;
    if (serverTiming) {
      // autocannon hands a request's onResponse the status, body and headers of each of its responses.
      const metric = new RegExp(`(?:^|,)\\s*${serverTiming};(?:[^,]*;)?\\s*dur=([\\d.]+)`);
      opts.requests = [
        {
          onResponse: (_status, _body, _context, responseHeaders) => {
            const name = Object.keys(responseHeaders).find((key) => key.toLowerCase() === "server-timing");
            const dur = name ? metric.exec(String(responseHeaders[name]))?.[1] : undefined;
            if (dur !== undefined) serverDurations.push(Number(dur));
          },
        },
      ];
    }
    const instance = autocannon(opts, (error, result) => {
      if (error) return reject(error);
      const sorted = latencies.subarray(0, n).sort();
      const elapsedS = ((lastAt ?? performance.now()) - (firstAt ?? startedAt)) / 1000;
      const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
      const stats = {
        url,
        title,
        connections,
        durationS: round(result.duration, 3),
        requests: n,
        ok: result["2xx"],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        statusCodes,
        // Completed responses per second over the whole run (autocannon's per-second average alongside).
        rps: round(n / result.duration, 1),
        rpsAutocannonAvg: result.requests.average,
        bytesPerResponse: n ? Math.round(bytes / n) : 0,
        latencyMs: latencyStats(sorted),
        activeElapsedS: round(elapsedS, 3),
      };
      if (serverTiming) {
        const durations = Float64Array.from(serverDurations).sort();
        stats.serverTimingMs = { metric: serverTiming, responses: durations.length, ...latencyStats(durations) };
      }
      resolve(stats);
    });
    instance.on("response", (_client, _status, resBytes, responseTime) => {
      if (n === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[n++] = responseTime;
      bytes += resBytes;
      lastAt = performance.now();
      firstAt ??= lastAt;
    });
  });
}

/** Mean, percentiles and maximum of sorted latencies (ms). */
function latencyStats(sorted) {
  const n = sorted.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += sorted[i];
  return {
    mean: round(n ? total / n : undefined, 3),
    p50: round(percentile(sorted, 50), 3),
    p90: round(percentile(sorted, 90), 3),
    p95: round(percentile(sorted, 95), 3),
    p99: round(percentile(sorted, 99), 3),
    max: round(sorted[n - 1], 3),
  };
}
