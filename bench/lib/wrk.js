// HTTP load with wrk (a C load generator, run as a process of its own), and its ceiling on this machine.
//
// The throughput runs used to drive their load with autocannon inside the bench's own Node process, which
// tops out near 5,000 requests/s here: below the app, so the app and a bare server both measured the
// client. wrk with one thread answers well over 100,000 requests/s of a trivial response on one core.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cpuMeter } from "./cpu.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPORT_SCRIPT = path.join(HERE, "wrk-report.lua");

const round = (v, digits = 2) => (v === undefined || v === null || Number.isNaN(v) ? undefined : Math.round(v * 10 ** digits) / 10 ** digits);

/** The wrk executable on PATH, or undefined. */
export function wrkPath() {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, "wrk");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** wrk's version line ("wrk debian/4.1.0-3 [epoll] ..."). */
export function wrkVersion(bin = wrkPath()) {
  // `wrk -v` prints its version and usage and exits 1.
  const run = spawnSync(bin, ["-v"], { encoding: "utf8" });
  const line = `${run.stdout ?? ""}${run.stderr ?? ""}`.split("\n")[0] ?? "";
  return line.replace(/\s*Copyright.*$/, "").trim() || undefined;
}

/**
 * wrk's path. When it is missing: installed with apt-get when this runs as root on a machine that has it
 * (unless BENCH_INSTALL_WRK=0), else an error that says how to install it.
 */
export function ensureWrk({ log = console.log } = {}) {
  const found = wrkPath();
  if (found) return found;
  const howTo = "The benchmark's load generator is wrk: install it (Debian/Ubuntu: `apt-get install wrk`; macOS: `brew install wrk`) and run again.";
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt || process.env.BENCH_INSTALL_WRK === "0") throw new Error(`wrk not found on PATH. ${howTo}`);
  log("wrk not found: installing it (apt-get install -y wrk; BENCH_INSTALL_WRK=0 to refuse)");
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "wrk"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
  // A fresh machine may not have the package lists yet.
  if (!install()) {
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    if (!install()) throw new Error(`apt-get could not install wrk. ${howTo}`);
  }
  const installed = wrkPath();
  if (!installed) throw new Error(`wrk still not on PATH after apt-get. ${howTo}`);
  return installed;
}

/**
 * Run wrk against `url` for `duration` seconds (whole seconds: wrk counts no less) and summarise.
 * Options: connections (default 32), threads (default 1), duration (s), warmup (s, run first and discarded),
 * headers, timeout (s, per request, default 10), title, cpuGroups ({ name: () => pids } measured during the
 * run, see cpu.js; the generator's own CPU is reported as the group `load`: this process and wrk, which is
 * counted once it has exited).
 * Resolves { generator: "wrk", url, title, connections, threads, durationS, requests, non2xx (status >= 400),
 *   errors (socket errors), timeouts, rps, bytesPerResponse, latencyMs: { mean, p50, p90, p95, p99, max }, cpu }.
 */
export async function runWrk(url, options = {}) {
  const { connections = 32, threads = 1, duration = 10, warmup = 0, headers = {}, timeout = 10, title, cpuGroups } = options;
  const bin = options.bin ?? wrkPath();
  if (!bin) throw new Error("wrk not found on PATH (see ensureWrk)");
  const args = (seconds) => [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    `--timeout`,
    `${timeout}s`,
    "--latency",
    "-s",
    REPORT_SCRIPT,
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    url,
  ];
  const seconds = Math.max(1, Math.round(duration));
  if (warmup > 0) await wrkOnce(bin, args(Math.max(1, Math.round(warmup))));
  const meter = cpuGroups ? cpuMeter({ ...cpuGroups, load: () => [process.pid] }, { reapedChildren: true }) : undefined;
  const out = await wrkOnce(bin, args(seconds));
  const cpu = meter?.stop();
  const report = parseWrk(out);
  const durationS = report.durationUs / 1e6;
  const e = report.errors;
  const us = report.latencyUs;
  const ms = (v) => round(v / 1000, 3);
  return {
    generator: "wrk",
    url,
    title,
    connections,
    threads,
    durationS: round(durationS, 3),
    requests: report.requests,
    non2xx: e.status,
    errors: e.connect + e.read + e.write,
    timeouts: e.timeout,
    rps: round(report.requests / durationS, 1),
    bytesPerResponse: report.requests ? Math.round(report.bytes / report.requests) : 0,
    latencyMs: { mean: ms(us.mean), p50: ms(us.p50), p90: ms(us.p90), p95: ms(us.p95), p99: ms(us.p99), max: ms(us.max) },
    ...(cpu ? { cpu } : {}),
  };
}

function wrkOnce(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`wrk ${args.join(" ")} exited ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}

/** The JSON line of wrk-report.lua in wrk's output. */
export function parseWrk(output) {
  const line = output.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (!line) throw new Error(`no report in wrk's output:\n${output}`);
  return JSON.parse(line.slice("WRK_JSON ".length));
}

/**
 * One result from several wrk runs of the same load (rounds interleaved with other servers'): requests and
 * time add up, CPU is the time-weighted mean. wrk gives percentiles, not every response time: those of the
 * rounds are averaged, weighted by their requests (max is the largest).
 */
export function combineWrkRuns(runs) {
  const [first] = runs;
  const sum = (f) => runs.reduce((acc, r) => acc + (f(r) ?? 0), 0);
  const durationS = sum((r) => r.durationS);
  const n = sum((r) => r.requests);
  const weighted = (f) => (durationS ? sum((r) => f(r) * r.durationS) / durationS : undefined);
  const byRequests = (f) => (n ? sum((r) => f(r) * r.requests) / n : undefined);
  let cpu;
  if (runs.every((r) => r.cpu)) {
    cpu = {
      cpus: first.cpu.cpus,
      machineBusyCores: round(weighted((r) => r.cpu.machineBusyCores), 2),
      cores: Object.fromEntries(Object.keys(first.cpu.cores).map((name) => [name, round(weighted((r) => r.cpu.cores[name] ?? 0), 2)])),
      otherCores: round(weighted((r) => r.cpu.otherCores), 2),
    };
  }
  const latency = (key) => round(byRequests((r) => r.latencyMs[key]), 3);
  return {
    generator: first.generator,
    url: first.url,
    title: first.title,
    connections: first.connections,
    threads: first.threads,
    rounds: runs.length,
    durationS: round(durationS, 3),
    requests: n,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    rps: round(n / durationS, 1),
    bytesPerResponse: n ? Math.round(sum((r) => r.bytesPerResponse * r.requests) / n) : 0,
    latencyMs: { mean: latency("mean"), p50: latency("p50"), p90: latency("p90"), p95: latency("p95"), p99: latency("p99"), max: round(Math.max(...runs.map((r) => r.latencyMs.max)), 3) },
    ...(cpu ? { cpu } : {}),
  };
}

/** Microseconds of a process group's CPU per response during a run (cores x seconds / responses). */
export function cpuUsPerResponse(run, group) {
  const cores = run.cpu?.cores?.[group];
  if (cores === undefined || !run.requests) return undefined;
  return round((cores * run.durationS * 1e6) / run.requests, 2);
}
