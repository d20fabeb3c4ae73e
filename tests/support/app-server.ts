import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { createDatabase, dropDatabase } from "./db";
import { freePort, waitFor } from "./net";

/**
 * Runs the real production server (`node server.js`, the build made by
 * `npm test` / `npm run build`, copied aside once per run: see
 * app-snapshot.ts) as a child process for end-to-end tests.
 *
 * - `spawnServer({ env })`: the bare process; you choose the environment.
 * - `startApp({ env })`: a FRESH, EMPTY database on the test server (the app
 *   must migrate and seed it itself), a free port, waits for /healthz.
 * - `useApp({ env })`: startApp in beforeAll, stop in afterAll, and the
 *   server's log printed for every failed test.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Everything written to stdout and stderr so far, in order. */
  logs(): string;
  /** The last `lines` log lines. */
  logTail(lines?: number): string;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitCode(): number | null;
  hasExited(): boolean;
  /** Waits until GET `url`/healthz answers 200 (rejects, with the log, if the process exits first or after `timeoutMs`). */
  waitUntilHealthy(url: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and waits for the exit; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  // A worker that dies never leaves a server behind.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** The parent's environment minus what belongs to the test runner or would point the server elsewhere. */
function baseEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(VITEST|TEST_|NODE_ENV$|TEST$|DATABASE_URL$|PORT$|HOST$|DATA_DIR$|EMBEDDED_PG_PORT$|JOBS_ENABLED$|LOG_LEVEL$|NODE_OPTIONS$)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * Where the e2e servers run: a private copy of the build made once per run by
 * global-setup.ts (so a concurrent `npm run build` cannot pull files from
 * under a live server), with its node_modules linked to the repository's.
 */
export function appDirectory(): string {
  const snapshot = inject("appSnapshot");
  if (snapshot.problem) throw new Error(snapshot.problem);
  return snapshot.dir;
}

/**
 * A production server refuses to start without APP_URL (ADR 039): unless the test sets it (or sets it to
 * undefined, to see that refusal), it is the address the test reaches the server on.
 */
function defaultAppUrl(env: Record<string, string | undefined>): Record<string, string> {
  if ("APP_URL" in env || !env.PORT || !/^\d+$/.test(env.PORT) || env.PORT === "0") return {};
  const host = !env.HOST || env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST;
  return { APP_URL: `http://${host}:${env.PORT}` };
}

export function spawnServer({ env = {}, args = [], cwd }: { env?: Record<string, string | undefined>; args?: string[]; cwd?: string } = {}): ServerProcess {
  const merged = { ...baseEnvironment(), ...defaultAppUrl(env), ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, ["server.js", ...args], {
    cwd: cwd ?? appDirectory(),
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const chunks: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once("error", (error) => {
      chunks.push(`[spawn error] ${String(error)}\n`);
      children.delete(child);
      resolve({ code: -1, signal: null });
    });
  });
  // Let the pipes drain before anyone reads the final log.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));

  const logs = () => chunks.join("");
  const logTail = (lines = 60) => logs().split("\n").slice(-lines - 1).join("\n");
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  return {
    child,
    pid: child.pid ?? -1,
    logs,
    logTail,
    exited: exited.then(async (result) => {
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
      return result;
    }),
    exitCode: () => child.exitCode,
    hasExited,
    async waitUntilHealthy(url, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (hasExited()) {
          throw new Error(`The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy. Its log:\n${logTail(80)}`);
        }
        try {
          const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
          if (response.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          throw new Error(`The server was not healthy after ${timeoutMs} ms. Its log:\n${logTail(80)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = "SIGTERM", timeoutMs = 15_000) {
      const started = Date.now();
      if (!hasExited()) child.kill(signal);
      const timer = setTimeout(() => {
        if (!hasExited()) child.kill("SIGKILL");
      }, timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
      return { ...result, ms: Date.now() - started };
    },
  };
}

export interface RunningApp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Connection string of the app's own database. */
  databaseUrl: string;
  server: ServerProcess;
  logs(): string;
  /** SIGTERM, wait for the exit, drop the database. Safe to call twice. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

let appCounter = 0;

/**
 * A production server on a free port with a fresh, empty database on the
 * test server. `env` adds to or overrides the defaults (JOBS_ENABLED=false,
 * LOG_LEVEL=info; NODE_ENV is left to server.js, i.e. production). `cwd`: another directory holding
 * server.js and a build (default: the run's copy of the build, appDirectory()).
 */
export async function startApp({ env = {}, cwd }: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<RunningApp> {
  const info = inject("testDatabase");
  appCounter += 1;
  const databaseName = `${info.prefix}_app_${process.pid}_${appCounter}`;
  const databaseUrl = await createDatabase(info.adminUrl, databaseName);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    env: { HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: databaseUrl, JOBS_ENABLED: "false", LOG_LEVEL: "info", ...env },
    cwd,
  });
  let stopped: ReturnType<RunningApp["stop"]> | undefined;
  const app: RunningApp = {
    url,
    port,
    databaseUrl,
    server,
    logs: () => server.logs(),
    stop() {
      stopped ??= (async () => {
        const result = await server.stop();
        await dropDatabase(info.adminUrl, databaseName);
        return result;
      })();
      return stopped;
    },
  };
  try {
    await server.waitUntilHealthy(url);
  } catch (error) {
    await app.stop().catch(() => {});
    throw error;
  }
  return app;
}

/**
 * Describe-level helper: one server for the file (or describe block).
 *
 *   const app = useApp();
 *   test("...", async () => { await fetch(app().url) });
 */
export function useApp(options: Parameters<typeof startApp>[0] = {}): () => RunningApp {
  let running: RunningApp | undefined;
  beforeAll(async () => {
    running = await startApp(options);
  });
  afterAll(async () => {
    await running?.stop();
  });
  beforeEach((context) => {
    context.onTestFailed(() => {
      if (running) console.error(`---- server log (last 60 lines) ----\n${running.server.logTail(60)}\n---- end of server log ----`);
    });
  });
  return () => {
    if (!running) throw new Error("The app is not running (did beforeAll fail?)");
    return running;
  };
}

/** Waits until `predicate(log)` holds (server logs are written asynchronously). */
export function waitForLog(server: ServerProcess, predicate: (log: string) => boolean, timeoutMs = 5_000): Promise<true> {
  return waitFor(() => predicate(server.logs()) || undefined, { timeoutMs, message: "a server log line" });
}
