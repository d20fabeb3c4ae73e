// Start and stop the production server (`node server.js`) for benchmarks.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { get, sleep } from "./http.js";
import { freePorts } from "./ports.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Processes started by this module that are still running: killed by `killAll()` (e.g. on Ctrl-C). */
const running = new Set();

/**
 * A fresh, empty DATA_DIR under the OS temp directory. Mode 0755 like the default ./data: as root the app runs
 * PostgreSQL as the `postgres` user, which must be able to enter the directory (mkdtemp makes it 0700).
 */
/** The connection string of the embedded PostgreSQL a server started on `dataDir` runs on 127.0.0.1:`pgPort`. */
export function embeddedDatabaseUrl(dataDir, pgPort) {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
}

/** A non-negative number from the environment variable `name`, else `fallback`; anything else throws. */
export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number (got ${JSON.stringify(raw)})`);
  return v;
}

export function tempDataDir(prefix = "bench-data-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * A private copy of the production build to run from, so that a concurrent `npm run build` (other people work
 * in the same tree) cannot delete or change the build under a running benchmark. The copy holds server.js,
 * scripts/check-node.js, package.json, build/ and app/db/migrations (read at run time relative to the working directory);
 * node_modules and public/ are symlinks. Returns { dir, builtAt, remove() }. Pass `dir` as `cwd` to startServer.
 */
export function snapshotApp({ prefix = "bench-app-" } = {}) {
  const entry = path.join(ROOT, "build", "server", "index.js");
  for (let attempt = 1; ; attempt++) {
    if (!fs.existsSync(entry)) throw new Error("No production build (build/server/index.js): run `npm run build` first.");
    const before = fs.statSync(entry).mtimeMs;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    try {
      fs.cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
      fs.cpSync(path.join(ROOT, "app", "db", "migrations"), path.join(dir, "app", "db", "migrations"), { recursive: true });
      // server.js imports scripts/check-node.js (the Node version check), which reads package.json.
      fs.mkdirSync(path.join(dir, "scripts"));
      for (const f of ["server.js", "package.json", "scripts/check-node.js"]) fs.copyFileSync(path.join(ROOT, f), path.join(dir, f));
      for (const d of ["node_modules", "public"]) if (fs.existsSync(path.join(ROOT, d))) fs.symlinkSync(path.join(ROOT, d), path.join(dir, d));
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (attempt >= 5) throw error;
      continue; // a build was probably being written: try again
    }
    // A build that finished while we copied may have mixed two versions: copy again.
    if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs === before && fs.existsSync(path.join(dir, "build", "server", "index.js"))) {
      return { dir, builtAt: new Date(before).toISOString(), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (attempt >= 5) throw new Error("build/ kept changing while it was being copied");
  }
}

/**
 * Environment for the server: production, loopback only, embedded PostgreSQL
 * on its own port, nothing inherited that could point it at another database.
 */
export function serverEnv({ port, pgPort, dataDir, logLevel = "warn", extra = {} }) {
  const env = { ...process.env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "EMBEDDED_PG_PORT", "PORT", "HOST", "LOG_LEVEL", "NODE_ENV", "APP_URL"]) {
    delete env[name];
  }
  return {
    ...env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    // A production server needs the site's address (ADR 039).
    APP_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

/**
 * The Node options of the production command, `npm run serve` (package.json: `node <options> server.js`), which
 * every server the benchmarks start gets too: the young generation's cap (ADR 058) is part of the memory measured.
 */
export const SERVE_NODE_ARGS = (() => {
  const serve = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts?.serve ?? "";
  const match = /^node((?:\s+--\S+)*)\s+server\.js\b/.exec(serve.trim());
  if (!match) throw new Error(`package.json's serve script is not "node [--options] server.js": ${JSON.stringify(serve)}`);
  return match[1].trim().split(/\s+/).filter(Boolean);
})();

/**
 * Spawn `node server.js` (with SERVE_NODE_ARGS, as `npm run serve` does) and wait until GET `readyPath` answers 200.
 *
 * Options: cwd (directory holding server.js and build/, default the repository; see snapshotApp), dataDir, port/pgPort (free ones when absent), logFile (server
 * stdout+stderr; a temp file when absent), logLevel, env (extra variables), nodeArgs (e.g. ["--cpu-prof"]),
 * readyPath (default /healthz),
 * alsoWaitFor (more paths that must answer 200 afterwards, timed from spawn as well), timeoutMs (default 120 s).
 *
 * Resolves a handle: { proc, pid, url, port, pgPort, dataDir, logFile, spawnedAt, ready: { [path]: ms } , stop() }.
 * On failure the process is killed and the error carries the tail of the server log.
 */
export async function startServer(options = {}) {
  const {
    dataDir,
    logLevel = "warn",
    env: extraEnv = {},
    readyPath = "/healthz",
    alsoWaitFor = [],
    timeoutMs = 120_000,
    pollMs = 20,
    nodeArgs = [],
    cwd = ROOT,
  } = options;
  let { port, pgPort } = options;
  if (port === undefined || pgPort === undefined) {
    const [a, b] = await freePorts(2);
    port ??= a;
    pgPort ??= b;
  }
  const logFile = options.logFile ?? path.join(os.tmpdir(), `bench-server-${process.pid}-${Date.now()}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = fs.openSync(logFile, "a");
  const url = `http://127.0.0.1:${port}`;

  const spawnedAt = performance.now();
  const proc = spawn(process.execPath, [...SERVE_NODE_ARGS, ...nodeArgs, "server.js"], {
    cwd,
    env: serverEnv({ port, pgPort, dataDir, logLevel, extra: extraEnv }),
    stdio: ["ignore", logFd, logFd],
  });
  fs.closeSync(logFd);

  let exit;
  const exited = new Promise((resolve) => {
    proc.once("exit", (code, signal) => {
      exit = { code, signal, at: performance.now() };
      running.delete(handle);
      resolve(exit);
    });
  });

  const handle = {
    proc,
    pid: proc.pid,
    url,
    port,
    pgPort,
    dataDir,
    logFile,
    /** The log is a temp file of ours: removed after a clean stop. */
    ownsLog: !options.logFile,
    spawnedAt,
    ready: {},
    /** Exit status once the process has exited, else undefined. */
    get exit() {
      return exit;
    },
    exited,
    /** SIGTERM, then wait for exit: { ms (signal -> exit), code, signal, killed (needed SIGKILL), postgresLeftRunning }. */
    stop: (opts) => stopServer(handle, opts),
  };
  running.add(handle);

  try {
    for (const p of [readyPath, ...alsoWaitFor]) {
      handle.ready[p] = await waitFor200(url + p, { spawnedAt, timeoutMs, pollMs, isDead: () => exit });
    }
  } catch (error) {
    await stopServer(handle, { timeoutMs: 10_000 }).catch(() => {});
    error.message += `\n--- last lines of ${logFile} ---\n${tail(logFile, 40)}`;
    throw error;
  }
  return handle;
}

/**
 * Poll `url` until it answers 200. Resolves the milliseconds since `spawnedAt` (default: now).
 * Throws when `isDead()` returns truthy (the server exited) or after `timeoutMs`.
 */
export async function waitFor200(url, { spawnedAt = performance.now(), timeoutMs = 120_000, pollMs = 20, isDead = () => false } = {}) {
  let last = "no answer yet";
  while (performance.now() - spawnedAt < timeoutMs) {
    const dead = isDead();
    if (dead) throw new Error(`server exited (code ${dead.code}, signal ${dead.signal}) before ${url} answered 200 (last: ${last})`);
    try {
      const res = await get(url, { timeoutMs: Math.max(1_000, Math.min(10_000, timeoutMs)) });
      if (res.status === 200) return performance.now() - spawnedAt;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.code ?? error.message;
    }
    await sleep(pollMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/**
 * SIGTERM the server and wait for it to exit (SIGKILL after `timeoutMs`, default 15 s).
 * Afterwards, a PostgreSQL left running in the data directory (e.g. after SIGKILL) is stopped too.
 */
export async function stopServer(handle, { timeoutMs = 15_000, signal = "SIGTERM" } = {}) {
  let result;
  if (handle.exit) {
    result = { ms: 0, code: handle.exit.code, signal: handle.exit.signal, killed: false, alreadyExited: true };
  } else {
    const sentAt = performance.now();
    handle.proc.kill(signal);
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const first = await Promise.race([handle.exited, timedOut]);
    clearTimeout(timer);
    let killed = false;
    if (first === "timeout") {
      killed = true;
      handle.proc.kill("SIGKILL");
      await handle.exited;
    }
    const exit = handle.exit;
    result = { ms: exit.at - sentAt, code: exit.code, signal: exit.signal, killed };
  }
  if (handle.dataDir) result.postgresLeftRunning = await stopStrayPostgres(handle.dataDir);
  if (handle.ownsLog && result.code === 0 && !result.alreadyExited) fs.rmSync(handle.logFile, { force: true });
  return result;
}

/** Pid of a live postmaster in `<dataDir>/postgres`, or undefined. */
export function livePostmaster(dataDir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    if (!pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Stop a PostgreSQL still running in `dataDir` (fast shutdown, then SIGKILL). Returns true if one was running. */
export async function stopStrayPostgres(dataDir, timeoutMs = 10_000) {
  const pid = livePostmaster(dataDir);
  if (!pid) return false;
  try {
    process.kill(pid, "SIGINT"); // PostgreSQL "fast" shutdown
  } catch {
    return false;
  }
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await sleep(50);
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    /* gone */
  }
  return true;
}

/** Kill every server this module started and that is still running (for error and signal paths). */
export async function killAll() {
  await Promise.all([...running].map((h) => stopServer(h, { timeoutMs: 10_000 }).catch(() => {})));
}

/** Last `lines` lines of a text file ("" if unreadable). */
export function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}
