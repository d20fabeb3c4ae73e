#!/usr/bin/env node
// `npm run bench`: start-up, server render vs static file, the page cache vs a bare server, render latency
// at concurrency 1, memory. Runs against the production build (build/); `npm run bench` builds first.
// The throughput runs are driven by wrk (a process of its own; installed with apt-get when missing and
// allowed), each beside the generator's ceiling: its rate on a trivial response (bench/lib/trivial-server.js).
//
// Environment:
//   BENCH_DURATION     seconds of each throughput run (default 10); e.g. BENCH_DURATION=2 for a smoke run
//   BENCH_WARMUP       seconds of warm-up before each throughput run (default: duration/5, at least 1)
//   BENCH_C1_DURATION  seconds of the concurrency-1 runs (default: min(5, BENCH_DURATION))
//   BENCH_CONNECTIONS  connections of the throughput runs (default 32)
//   BENCH_WRK_THREADS  wrk threads (default 1: one core for the generator, one for the server)
//   BENCH_LIMIT_DURATION, BENCH_LIMIT_ROUNDS  seconds of each page's runs in 2b (default min(6, duration)), in rounds (3)
//   BENCH_INSTALL_WRK  0 = never install wrk (otherwise installed with apt-get when missing, as root)
//   BENCH_START_TIMEOUT seconds allowed for a server start (default 180)
//   BENCH_QUIET_WAIT   before each load run, wait up to this many seconds for other processes to use
//                      < 0.25 core (default 60; 0 = don't wait). CPU used by others is reported either way.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { get, sleep } from "./lib/http.js";
import { BROWSER_HEADERS, runLoad } from "./lib/load.js";
import { combineWrkRuns, cpuUsPerResponse, ensureWrk, runWrk, wrkVersion } from "./lib/wrk.js";
import { fmt, machineInfo, RESULTS_DIR, table, timestamp, verdict, writeResults } from "./lib/results.js";
import { waitForQuiet } from "./lib/cpu.js";
import { mib, peakRssKb, processTree, rssKb, treePssKb } from "./lib/rss.js";
import { freePorts } from "./lib/ports.js";
import { killAll, livePostmaster, ROOT, snapshotApp, startServer, tempDataDir } from "./lib/server.js";

const num = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`);
  return v;
};

const DURATION = num("BENCH_DURATION", 10);
const WARMUP = num("BENCH_WARMUP", Math.max(1, Math.round(DURATION / 5)));
const C1_DURATION = num("BENCH_C1_DURATION", Math.min(5, DURATION));
const CONNECTIONS = Math.round(num("BENCH_CONNECTIONS", 32));
const WRK_THREADS = Math.round(num("BENCH_WRK_THREADS", 1));
const START_TIMEOUT_MS = num("BENCH_START_TIMEOUT", 180) * 1000;
const QUIET_WAIT_MS = (process.env.BENCH_QUIET_WAIT === "0" ? 0 : num("BENCH_QUIET_WAIT", 60)) * 1000;
const OTHER_CPU_WARN = 0.25;

const LIMIT_DURATION = num("BENCH_LIMIT_DURATION", Math.min(6, DURATION));
const LIMIT_ROUNDS = Math.max(1, Math.round(num("BENCH_LIMIT_ROUNDS", 3)));
/** Issue 13: the page cache against the same bytes from a bare Node http server, per page and encoding. */
const LIMIT_PAGES = ["/", "/services", "/gaf/shingles"];
const LIMIT_ENCODINGS = ["br", null];

const GOALS = { p3MinRatio: 0.5, p4MaxP50Ms: 5, shutdownMaxMs: 10_000, limitMinRatio: 0.8, ceilingMinRatio: 2 };
/** The server logs as in production (LOG_LEVEL's default): every request writes its access-log line. */
const LOG_LEVEL = "info";

const stamp = timestamp();
const logsDir = path.join(RESULTS_DIR, `${stamp}-logs`);
const staticName = `__bench-home-${process.pid}.html`;
let staticFile;
let dataDir;
let snapshot;
let bare;
let trivial;
let warmLog;

const results = {
  benchmark: "server",
  startedAt: new Date().toISOString(),
  machine: machineInfo(),
  git: gitInfo(),
  settings: { durationS: DURATION, warmupS: WARMUP, c1DurationS: C1_DURATION, limitDurationS: LIMIT_DURATION, limitRounds: LIMIT_ROUNDS, connections: CONNECTIONS, wrkThreads: WRK_THREADS, logLevel: LOG_LEVEL, quietWaitS: QUIET_WAIT_MS / 1000 },
  goals: GOALS,
};

function gitInfo() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
    return { commit };
  } catch {
    return { commit: null };
  }
}

const log = (msg) => console.log(`· ${msg}`);

async function cleanup() {
  bare?.kill("SIGKILL");
  trivial?.kill("SIGKILL");
  await killAll();
  if (staticFile) fs.rmSync(staticFile, { force: true });
  // A run that failed under way keeps the whole log of its server, for the cause.
  if (warmLog && fs.existsSync(warmLog)) {
    fs.copyFileSync(warmLog, path.join(logsDir, "2-warm.log"));
    fs.rmSync(warmLog, { force: true });
  }
  snapshot?.remove();
  if (dataDir) {
    if (livePostmaster(dataDir)) console.error(`warning: PostgreSQL still running in ${dataDir}; left in place`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and cleaning up...`);
    // A cleanup that fails part way says so (what it did not remove is left behind) before the exit.
    cleanup()
      .catch((error) => console.error(`cleanup failed: ${error instanceof Error ? error.stack : error}`))
      .finally(() => process.exit(130));
  });
}

function memory(pid) {
  const pg = dataDir ? livePostmaster(dataDir) : undefined;
  const pgTree = pg ? treePssKb(pg) : undefined;
  return {
    nodeRssMiB: mib(rssKb(pid)),
    nodePeakRssMiB: mib(peakRssKb(pid)),
    postgresPssMiB: mib(pgTree?.pssKb),
    postgresProcesses: pgTree?.processes,
  };
}

/** Response headers not to replay (they belong to one connection or one moment). */
const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** A page as the page cache sends it: requested until it is a hit (it is stored a moment after its first render). */
async function cachedForm(base, p, encoding) {
  const headers = { ...BROWSER_HEADERS, "accept-encoding": encoding ?? "identity" };
  for (let i = 0; i < 100; i += 1) {
    const response = await get(`${base}${p}`, { headers });
    if (response.status !== 200) throw new Error(`GET ${p} answered ${response.status}`);
    if (response.headers["x-page-cache"] === "hit") return response;
    await sleep(50);
  }
  throw new Error(`GET ${p} never came from the page cache`);
}

/** Starts a server script of bench/lib/ (bare-server.js, trivial-server.js) in its own process; resolves when it listens. */
function startHelper(script, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bench", "lib", script), ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 10 s`)), 10_000);
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout.on("data", (chunk) => {
      const port = /listening (\d+)/.exec(String(chunk))?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, process: child });
    });
  });
}

/** Copies the log at `from` to `to` without its access-log lines (counted), and removes `from`. */
async function keepLog(from, to) {
  const out = fs.createWriteStream(to);
  let lines = 0;
  let bytes = 0;
  for await (const line of readline.createInterface({ input: fs.createReadStream(from), crlfDelay: Infinity })) {
    if (line.endsWith(',"msg":"request"}')) {
      lines += 1;
      bytes += line.length + 1;
    } else out.write(`${line}\n`);
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  fs.rmSync(from, { force: true });
  return { lines, mib: mib(bytes / 1024) };
}

/**
 * A helper server (startHelper) that is there when asked for: started again, and said so, if it has exited
 * under way (on this shared machine one was once gone between two runs, without a word).
 */
function keptHelper(script, args = []) {
  let current;
  const restarts = [];
  return {
    restarts,
    async url() {
      const child = current?.process;
      if (child && child.exitCode === null && child.signalCode === null) return current.url;
      if (child) {
        const why = child.signalCode ?? `exit code ${child.exitCode}`;
        log(`  ${script} was gone (${why}): started again`);
        restarts.push(why);
      }
      current = await startHelper(script, args);
      return current.url;
    },
    pid: () => current?.process.pid,
    kill: (signal) => current?.process.kill(signal),
  };
}

async function main() {
  const wrkBin = ensureWrk({ log });
  results.generator = { name: "wrk", version: wrkVersion(wrkBin), threads: WRK_THREADS, ceilingServer: "bench/lib/trivial-server.js" };
  // Run from a private copy of build/: other people may rebuild the shared tree during the benchmark.
  snapshot = snapshotApp();
  staticFile = path.join(snapshot.dir, "build", "client", staticName);
  results.build = { serverBuiltAt: snapshot.builtAt, runFrom: snapshot.dir };
  fs.mkdirSync(logsDir, { recursive: true });
  dataDir = tempDataDir();
  const [port, pgPort] = await freePorts(2);
  const common = { cwd: snapshot.dir, dataDir, port, pgPort, logLevel: LOG_LEVEL, timeoutMs: START_TIMEOUT_MS, alsoWaitFor: ["/"] };

  // 1. Cold start (new data directory: initdb + migrations + seed), shutdown, warm start on the same data.
  if (QUIET_WAIT_MS) {
    const q = await waitForQuiet({ bench: () => [process.pid] }, { thresholdCores: OTHER_CPU_WARN, maxWaitMs: QUIET_WAIT_MS });
    results.startupQuietWait = q;
    if (q.waitedMs > 1_500 || !q.quiet) log(`${q.quiet ? "waited" : "gave up waiting"} ${fmt(q.waitedMs / 1000, " s")} for a quiet machine (others: ${q.otherCores} cores)`);
  }
  log(`cold start (fresh DATA_DIR ${dataDir}, http :${port}, postgres :${pgPort})`);
  const cold = await startServer({ ...common, logFile: path.join(logsDir, "1-cold.log") });
  const coldMem = memory(cold.pid);
  log(`  /healthz 200 after ${fmt(cold.ready["/healthz"], " ms", 0)}, / 200 after ${fmt(cold.ready["/"], " ms", 0)}`);
  // The static copy of / for step 2 is written now: the server lists the build's public files when it
  // starts (server/public-files.ts), so the warm start below serves it.
  const coldPage = await get(`${cold.url}/`, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } });
  if (coldPage.status !== 200) throw new Error(`GET / answered ${coldPage.status}`);
  fs.writeFileSync(staticFile, coldPage.body);
  const coldStop = await cold.stop();
  log(`  SIGTERM -> exit ${coldStop.code ?? coldStop.signal} in ${fmt(coldStop.ms, " ms", 0)}`);
  results.startup = {
    cold: { healthzMs: round(cold.ready["/healthz"]), homeMs: round(cold.ready["/"]), memory: coldMem, shutdown: coldStop },
  };

  log("warm start (same DATA_DIR)");
  // Its log (an access-log line per request: hundreds of megabytes under load) is written aside, and only
  // the other lines are kept (keepLog below).
  warmLog = path.join(os.tmpdir(), `bench-warm-${process.pid}.log`);
  const server = await startServer({ ...common, logFile: warmLog });
  log(`  /healthz 200 after ${fmt(server.ready["/healthz"], " ms", 0)}, / 200 after ${fmt(server.ready["/"], " ms", 0)}`);
  results.startup.warm = { healthzMs: round(server.ready["/healthz"]), homeMs: round(server.ready["/"]) };

  // 4a. Memory at idle after start.
  await sleep(1_000);
  const idleMem = memory(server.pid);
  log(`  idle RSS ${fmt(idleMem.nodeRssMiB, " MiB")}`);

  // 2. Server render of / vs the same bytes as a static file.
  const page = await get(`${server.url}/`, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } });
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  if (!page.body.equals(coldPage.body)) throw new Error("GET / gave other bytes after a restart on the same data (ADR 030 wants the same bytes)");
  const staticUrl = `${server.url}/${staticName}`;
  const check = await get(staticUrl, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } });
  if (check.status !== 200 || !check.body.equals(page.body)) throw new Error(`static copy not served identically (HTTP ${check.status})`);
  const gzRender = await get(`${server.url}/`, { headers: BROWSER_HEADERS });
  const gzStatic = await get(staticUrl, { headers: BROWSER_HEADERS });
  results.page = {
    htmlBytes: page.body.length,
    render: { contentEncoding: gzRender.headers["content-encoding"] ?? null, bodyBytes: gzRender.body.length, cacheControl: gzRender.headers["cache-control"] ?? null },
    static: { contentEncoding: gzStatic.headers["content-encoding"] ?? null, bodyBytes: gzStatic.body.length, cacheControl: gzStatic.headers["cache-control"] ?? null },
  };
  log(`render vs static: / is ${page.body.length} bytes of HTML (${results.page.render.contentEncoding ?? "identity"} ${gzRender.body.length} B)`);

  const cpuGroups = {
    server: () => [server.pid],
    postgres: () => {
      const pm = livePostmaster(dataDir);
      return pm ? processTree(pm) : [];
    },
  };
  const quiet = async (what) => {
    if (!QUIET_WAIT_MS) return undefined;
    const q = await waitForQuiet({ ...cpuGroups, load: () => [process.pid] }, { thresholdCores: OTHER_CPU_WARN, maxWaitMs: QUIET_WAIT_MS });
    if (q.waitedMs > 1_500 || !q.quiet) {
      log(`  ${q.quiet ? "waited" : "gave up waiting"} ${fmt(q.waitedMs / 1000, " s")} for a quiet machine before ${what} (others: ${q.otherCores} cores)`);
    }
    return q;
  };
  /** A throughput run: wrk, whose CPU is the group `load`. */
  const load = async (url, what, opts) => {
    const quietWait = await quiet(what);
    const res = await runWrk(url, { threads: WRK_THREADS, headers: BROWSER_HEADERS, ...opts, bin: wrkBin, cpuGroups, title: what });
    res.quietWait = quietWait;
    return res;
  };
  /** A concurrency-1 run (section 3): autocannon, which reads each response's Server-Timing; its CPU is `load`. */
  const loadC1 = async (url, what, opts) => {
    const quietWait = await quiet(what);
    const res = await runLoad(url, { ...opts, cpuGroups: { ...cpuGroups, load: () => [process.pid] }, title: what });
    res.quietWait = quietWait;
    return res;
  };

  // The generator's ceiling: its rate on a trivial response from a server in its own process, measured
  // beside every throughput figure (the machine is shared: what it allows changes from minute to minute).
  trivial = keptHelper("trivial-server.js");
  const trivialUrl = async () => `${await trivial.url()}/`;
  cpuGroups.trivial = () => [trivial.pid()].filter(Boolean);

  // 2. Anonymous visitors get / from the page cache (server/page-cache.ts); any cookie bypasses it,
  // so the same request with a cookie measures a full server render.
  const UNCACHED_HEADERS = { ...BROWSER_HEADERS, cookie: "bench=uncached" };
  const runOpts = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP };
  log(`  cached  /  wrk ${WRK_THREADS} thread(s), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s`);
  const render = await load(`${server.url}/`, "cached /", runOpts);
  log(`  static  /${staticName}`);
  const stat = await load(staticUrl, "static", runOpts);
  log("  render  /  (uncached)");
  const uncached = await load(`${server.url}/`, "render / (uncached)", { ...runOpts, headers: UNCACHED_HEADERS });
  log("  generator ceiling (trivial response)");
  const ceiling2 = await load(await trivialUrl(), "generator ceiling", runOpts);
  const ratio = stat.rps ? render.rps / stat.rps : undefined;
  const uncachedRatio = stat.rps ? uncached.rps / stat.rps : undefined;
  results.renderVsStatic = {
    render,
    static: stat,
    uncached,
    ceiling: ceiling2,
    ratio: round(ratio, 3),
    uncachedRatio: round(uncachedRatio, 3),
    p3Pass: ratio >= GOALS.p3MinRatio,
  };

  // 2b. The page cache against the limit of this process (issue 13): each page's stored bytes, exactly as the
  // app sends them on a hit (status, headers, body; brotli or identity), from a bare Node http server.
  const manifest = [];
  for (const p of LIMIT_PAGES) {
    for (const encoding of LIMIT_ENCODINGS) {
      const hit = await cachedForm(server.url, p, encoding);
      const headers = Object.fromEntries(Object.entries(hit.headers).filter(([name]) => !HOP_HEADERS.has(name)));
      manifest.push({ path: p, encoding, headers, body: hit.body.toString("base64"), bytes: hit.body.length });
    }
  }
  const manifestFile = path.join(logsDir, "bare-manifest.json");
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  bare = keptHelper("bare-server.js", [manifestFile]);
  await bare.url();
  cpuGroups.bare = () => [bare.pid()].filter(Boolean);
  results.pageCacheVsBare = [];
  const roundS = Math.max(1, Math.round(LIMIT_DURATION / LIMIT_ROUNDS));
  for (const entry of manifest) {
    const name = `${entry.path} ${entry.encoding ?? "identity"}`;
    const headers = { ...BROWSER_HEADERS, "accept-encoding": entry.encoding ?? "identity" };
    log(`  page cache vs bare server: ${name} (${entry.bytes} B), ${CONNECTIONS} connections, ${roundS} s each in ${LIMIT_ROUNDS} rounds (app, bare, generator ceiling)`);
    // Interleaved rounds (app, bare, ceiling; then another order...) so that all meet the same machine: on a
    // shared machine one 5 s run of each, one after the other, moved the ratio by a quarter between runs.
    const runs = { app: [], bare: [], ceiling: [] };
    const urls = { app: async () => `${server.url}${entry.path}`, bare: async () => `${await bare.url()}${entry.path}`, ceiling: trivialUrl };
    const orders = [
      ["app", "bare", "ceiling"],
      ["bare", "ceiling", "app"],
      ["ceiling", "app", "bare"],
    ];
    for (let i = 0; i < LIMIT_ROUNDS; i++) {
      for (const which of orders[i % orders.length]) {
        const run = await load(await urls[which](), `${which} ${name}`, { connections: CONNECTIONS, duration: roundS, warmup: i === 0 ? 1 : 0, headers });
        runs[which].push(run);
      }
    }
    const app = combineWrkRuns(runs.app);
    const bareResult = combineWrkRuns(runs.bare);
    const ceiling = combineWrkRuns(runs.ceiling);
    const ratio = bareResult.rps ? app.rps / bareResult.rps : undefined;
    const ceilingRatio = bareResult.rps ? ceiling.rps / bareResult.rps : undefined;
    // The same comparison in CPU: microseconds of the answering process per response. Less moved by other
    // processes on the machine than requests/s (which a busy machine takes from both).
    const appUs = cpuUsPerResponse(app, "server");
    const bareUs = cpuUsPerResponse(bareResult, "bare");
    results.pageCacheVsBare.push({
      path: entry.path,
      encoding: entry.encoding,
      bytes: entry.bytes,
      app,
      bare: bareResult,
      ceiling,
      ratio: round(ratio, 3),
      pass: ratio >= GOALS.limitMinRatio,
      ceilingRatio: round(ceilingRatio, 2),
      ceilingPass: ceilingRatio >= GOALS.ceilingMinRatio,
      cpuUsPerResponse: { app: appUs, bare: bareUs },
      cpuRatio: appUs && bareUs ? round(bareUs / appUs, 3) : undefined,
    });
  }
  bare.kill("SIGTERM");
  delete cpuGroups.bare;

  // 3. Uncached render at concurrency 1 (P4): the server's own time to render each page (its Server-Timing
  // header: arrival to the whole page ready, before gzip and the socket), and what the client saw, with
  // the static file at concurrency 1 as the floor of the HTTP stack (Node's HTTP, Express and gzip), and the
  // trivial response as the floor of the client (autocannon, in this process: one connection is far below
  // its ceiling).
  log(`concurrency 1 (autocannon): render / (uncached) for ${C1_DURATION} s, then static, then the trivial response`);
  const c1 = await loadC1(`${server.url}/`, "render / c1", { connections: 1, duration: C1_DURATION, headers: UNCACHED_HEADERS, serverTiming: "app" });
  const c1Static = await loadC1(staticUrl, "static c1", { connections: 1, duration: C1_DURATION });
  const c1Trivial = await loadC1(await trivialUrl(), "trivial c1", { connections: 1, duration: C1_DURATION });
  if (!c1.serverTimingMs?.responses) throw new Error("the uncached render of / carried no Server-Timing header");
  results.concurrency1 = { render: c1, static: c1Static, trivial: c1Trivial, p4Pass: c1.serverTimingMs.p50 <= GOALS.p4MaxP50Ms };
  trivial.kill("SIGTERM");
  results.helperRestarts = { trivial: trivial.restarts, bare: bare.restarts };
  trivial = undefined;
  delete cpuGroups.trivial;

  // 4b. Memory after the load.
  const loadedMem = memory(server.pid);
  await sleep(2_000);
  const settledMem = memory(server.pid);
  results.memory = { idleAfterStart: idleMem, afterLoad: loadedMem, afterLoadPlus2s: settledMem };

  fs.rmSync(staticFile, { force: true });
  const warmStop = await server.stop();
  log(`SIGTERM after load -> exit ${warmStop.code ?? warmStop.signal} in ${fmt(warmStop.ms, " ms", 0)}`);
  results.startup.warm.shutdown = warmStop;
  results.accessLog = await keepLog(warmLog, path.join(logsDir, "2-warm.log"));
  warmLog = undefined;
  log(`  the server wrote ${results.accessLog.lines} access-log lines (${fmt(results.accessLog.mib, " MiB")}); its other lines are in ${path.relative(process.cwd(), logsDir)}/2-warm.log`);

  const runs = [render, stat, uncached, ceiling2, c1, c1Static, c1Trivial, ...(results.pageCacheVsBare ?? []).flatMap((x) => [x.app, x.bare, x.ceiling])];
  results.warnings = [
    ...Object.entries(results.helperRestarts ?? {})
      .filter(([, restarts]) => restarts.length)
      .map(([name, restarts]) => `the ${name} server exited under way and was started again (${restarts.join(", ")})`),
    // The generator must outrun the fastest server measured (the bare one) by a margin, or it measured itself.
    ...(results.pageCacheVsBare ?? [])
      .filter((x) => !x.ceilingPass)
      .map((x) => `${x.path} ${x.encoding ?? "identity"}: the generator's ceiling is only ${x.ceilingRatio}x the bare server's rate (want >= ${GOALS.ceilingMinRatio}): the figures may be the generator's`),
    ...runs.filter((r) => r.non2xx || r.errors || r.timeouts).map((r) => `${r.title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`),
    ...runs
      .filter((r) => r.cpu && r.cpu.otherCores >= OTHER_CPU_WARN)
      .map((r) => `${r.title}: other processes used ${r.cpu.otherCores} of ${r.cpu.cpus} cores during the run; figures are disturbed`),
  ];
  results.machine.loadavgAtEnd = machineInfo().loadavg;
}

const round = (v, d = 1) => (v === undefined ? undefined : Math.round(v * 10 ** d) / 10 ** d);

// CPU cores used during a run by the process that answered (the app, unless named), PostgreSQL, the load
// generator (wrk, or autocannon in this process) and everything else.
const CPU_HEAD = ["cpu server", "pg", "load gen", "others"];
const cpuCells = (x, who = "server") =>
  x.cpu ? [x.cpu.cores[who] ?? 0, x.cpu.cores.postgres, x.cpu.cores.load, x.cpu.otherCores].map((v) => fmt(v, "", 2)) : ["-", "-", "-", "-"];

function report() {
  const r = results;
  const out = [];
  out.push("", `Server benchmark  ${r.startedAt}  (Node ${r.machine.node}, ${r.machine.cpus} CPUs, ${r.machine.cpuModel ?? "?"})`, "");
  if (r.startup) {
    const s = r.startup;
    const sd = (x) => (x ? `${fmt(x.ms, " ms", 0)}, exit ${x.code ?? x.signal}${x.killed ? " (SIGKILLed)" : ""}${x.postgresLeftRunning ? ", PostgreSQL left running!" : ""}` : "-");
    out.push(`load average at start ${r.machine.loadavg.join(" ")}${r.machine.loadavgAtEnd ? `, at end ${r.machine.loadavgAtEnd.join(" ")}` : ""}`, "");
    out.push("1. Start-up (spawn -> first 200)");
    out.push(
      table([
        ["", "/healthz", "/", "shutdown (SIGTERM -> exit)"],
        ["cold (new data dir: initdb, migrate, seed)", fmt(s.cold.healthzMs, " ms", 0), fmt(s.cold.homeMs, " ms", 0), sd(s.cold.shutdown)],
        ...(s.warm ? [["warm (same data dir)", fmt(s.warm.healthzMs, " ms", 0), fmt(s.warm.homeMs, " ms", 0), `${sd(s.warm.shutdown)}${s.warm.shutdown ? " (after load)" : ""}`]] : []),
      ]),
      "",
    );
  }
  const gen = r.generator ? `${r.generator.name} (${r.generator.version ?? "?"}), ${r.generator.threads} thread(s)` : "?";
  if (r.renderVsStatic) {
    const { render, static: st, uncached, ceiling, ratio, uncachedRatio, p3Pass } = r.renderVsStatic;
    const row = (name, x, who) => [name, fmt(x.rps, "", 0), fmt(x.latencyMs.p50, " ms", 2), fmt(x.latencyMs.p95, " ms", 2), fmt(x.latencyMs.p99, " ms", 2), String(x.requests), String(x.non2xx + x.errors), `${x.bytesPerResponse} B`, ...cpuCells(x, who)];
    out.push(`2. Render of / vs the same ${r.page.htmlBytes} bytes as a static file (${gen}, ${r.settings.connections} connections, ${r.settings.durationS} s after ${r.settings.warmupS} s warm-up, Accept-Encoding: gzip)`);
    out.push(
      table([
        ["", "req/s", "p50", "p95", "p99", "requests", "errors", "bytes/resp*", ...CPU_HEAD],
        row("/ anonymous (page cache)", render),
        row("static file", st),
        ...(uncached ? [row("/ rendered (cookie: no cache)", uncached)] : []),
        ...(ceiling ? [row("generator ceiling (trivial response)", ceiling, "trivial")] : []),
      ]),
    );
    out.push("   * response size on the wire including headers; cpu columns: cores used during the run (others = other processes on the machine)");
    out.push(`   ratio anonymous page/static: ${fmt(ratio, "", 3)}  (P3 goal >= ${GOALS.p3MinRatio}: ${verdict(p3Pass)})`);
    out.push(`   ratio uncached render/static: ${fmt(uncachedRatio, "", 3)}`);
    if (ceiling) out.push(`   generator ceiling ${fmt(ceiling.rps, " req/s", 0)}: ${fmt(ceiling.rps / Math.max(render.rps, st.rps), "x", 1)} the fastest figure above`);
    out.push("");
  }
  if (r.pageCacheVsBare?.length) {
    // The "cpu server" column is the process that answered: the app, the bare server or the trivial one.
    const row = (name, x, who) => [name, fmt(x.rps, "", 0), fmt(x.latencyMs.p50, " ms", 2), fmt(x.latencyMs.p99, " ms", 2), String(x.non2xx + x.errors), fmt(cpuUsPerResponse(x, who), " µs", 1), ...cpuCells(x, who)];
    out.push(`2b. Page cache vs the same bytes from a bare Node http server, beside the generator's ceiling (${gen}, ${r.settings.connections} connections, ${r.settings.limitDurationS} s each after 1 s warm-up, in ${r.settings.limitRounds ?? 1} interleaved rounds)`);
    const rows = [["", "req/s", "p50", "p99", "errors", "cpu/resp", ...CPU_HEAD]];
    for (const x of r.pageCacheVsBare) {
      const name = `${x.path} ${x.encoding ?? "identity"} (${x.bytes} B)`;
      rows.push(row(`app  ${name}`, x.app, "server"), row(`bare ${name}`, x.bare, "bare"));
      if (x.ceiling) rows.push(row("     generator ceiling (trivial response)", x.ceiling, "trivial"));
    }
    out.push(table(rows));
    out.push("   cpu/resp: CPU time of the answering process per response (less moved than req/s by other processes on the machine)");
    for (const x of r.pageCacheVsBare) {
      out.push(
        `   ${x.path} ${x.encoding ?? "identity"}: app/bare ${fmt(x.ratio, "", 3)} (goal >= ${GOALS.limitMinRatio}: ${verdict(x.pass)}); in CPU per response ${fmt(x.cpuRatio, "", 3)}; ` +
          `ceiling/bare ${fmt(x.ceilingRatio, "x", 2)} (want >= ${GOALS.ceilingMinRatio}x: ${verdict(x.ceilingPass)})`,
      );
    }
    out.push("");
  }
  if (r.concurrency1) {
    const { render, static: st, trivial: tr, p4Pass } = r.concurrency1;
    const row = (name, x, who) => [name, fmt(x.rps, "", 0), fmt(x.latencyMs.p50, " ms", 2), fmt(x.latencyMs.p95, " ms", 2), fmt(x.latencyMs.p99, " ms", 2), String(x.requests), ...cpuCells(x, who)];
    out.push(`3. Concurrency 1 (autocannon in the bench process, ${r.settings.c1DurationS} s each)`);
    const timing = render.serverTimingMs;
    out.push(
      table([
        ["", "req/s", "p50", "p95", "p99", "requests", ...CPU_HEAD],
        row("render / (uncached), client", render),
        ["render / (uncached), server", "", fmt(timing.p50, " ms", 2), fmt(timing.p95, " ms", 2), fmt(timing.p99, " ms", 2), String(timing.responses), ...CPU_HEAD.map(() => "")],
        row("static file (floor), client", st),
        ...(tr ? [row("trivial response (client floor)", tr, "trivial")] : []),
      ]),
    );
    out.push(
      `   server = the server's Server-Timing (arrival to the whole page ready); client = that plus gzip, HTTP and the socket`,
      `   P4 goal server render p50 <= ${GOALS.p4MaxP50Ms} ms: ${verdict(p4Pass)}`,
      "",
    );
  }
  if (r.memory) {
    const m = r.memory;
    const row = (name, x) => [name, fmt(x.nodeRssMiB, " MiB"), fmt(x.nodePeakRssMiB, " MiB"), fmt(x.postgresPssMiB, " MiB")];
    out.push("4. Memory (server process VmRSS; PostgreSQL = PSS summed over its processes)");
    out.push(
      table([
        ["", "node RSS", "node peak", "postgres"],
        ...(r.startup?.cold?.memory ? [row("cold start, just ready", r.startup.cold.memory)] : []),
        row("warm start, idle", m.idleAfterStart),
        row("right after the load", m.afterLoad),
        row("2 s after the load", m.afterLoadPlus2s),
      ]),
      "",
    );
  }
  for (const w of r.warnings ?? []) out.push(`WARNING ${w}`);
  if (r.error) out.push(`ERROR ${r.error}`);
  console.log(out.join("\n"));
}

try {
  await main();
} catch (error) {
  results.error = error instanceof Error ? error.message : String(error);
  console.error(`\nbenchmark failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  if (!interrupted) {
    await cleanup();
    results.finishedAt = new Date().toISOString();
    report();
    const file = writeResults(stamp, results);
    console.log(`JSON: ${path.relative(process.cwd(), file) || file}\nserver logs: ${path.relative(process.cwd(), logsDir)}/`);
    process.exitCode = results.error ? 1 : 0;
  }
}
