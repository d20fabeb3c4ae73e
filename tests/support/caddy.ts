import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./app-server";

/**
 * Caddy (Debian's `caddy` package) in front of a test's app, run from deploy/Caddyfile (issue 32):
 * `findCaddy()` finds it, installing it with apt-get when it is missing and this process may (as CI
 * installs chromium); `startCaddy()` runs the deployed Caddyfile on 127.0.0.1 with high ports and
 * certificates from Caddy's own local authority, its files in a directory of the test's.
 */

export type CaddyLookup = { path: string } | { missing: string };

const CANDIDATES = ["/usr/bin/caddy", "/usr/local/bin/caddy"];

function installed(): string | undefined {
  return [process.env.CADDY_PATH, ...CANDIDATES].find((candidate): candidate is string => Boolean(candidate) && fs.existsSync(candidate!));
}

/** Caddy's executable, installed with apt-get when missing (root only); else why there is none. */
export function findCaddy(): CaddyLookup {
  const found = installed();
  if (found) return { path: found };
  if (typeof process.getuid !== "function" || process.getuid() !== 0 || !fs.existsSync("/usr/bin/apt-get")) {
    return { missing: "caddy is not installed (install Debian's package: sudo apt-get install caddy, or set CADDY_PATH), and this test may not install it (not root, or no apt-get)" };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => execFileSync("apt-get", ["install", "-y", "-qq", "caddy"], { env, stdio: "pipe", timeout: 300_000 });
  try {
    try {
      install();
    } catch {
      // The package lists may be missing (a fresh container): fetch them once, then try again.
      execFileSync("apt-get", ["update", "-qq"], { env, stdio: "pipe", timeout: 300_000 });
      install();
    }
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split("\n").slice(-3).join(" ");
    return { missing: `caddy is not installed and apt-get could not install it: ${stderr || String(error)}` };
  }
  const after = installed();
  return after ? { path: after } : { missing: "apt-get installed caddy, but no caddy executable was found" };
}

export interface CaddySite {
  /** The site's name (deploy/Caddyfile's www.example.com), the bare name (example.com) and the app's port. */
  host: string;
  bareHost: string;
  appPort: number;
  httpPort: number;
  httpsPort: number;
}

/**
 * deploy/Caddyfile as the test runs it: the names and the app's port replaced, and global options that keep
 * it to this machine (127.0.0.1, high ports, no admin endpoint, certificates from Caddy's local authority,
 * not installed into the system's trust store).
 */
export function testCaddyfile(site: CaddySite): string {
  const deployed = fs.readFileSync(path.join(REPO_ROOT, "deploy/Caddyfile"), "utf8");
  const globalOptions = [
    `\thttp_port ${site.httpPort}`,
    `\thttps_port ${site.httpsPort}`,
    "\tdefault_bind 127.0.0.1",
    "\tadmin off",
    "\tlocal_certs",
    "\tskip_install_trust",
  ].join("\n");
  const replaced = deployed
    .replace(/^\{\n/m, `{\n${globalOptions}\n`)
    .replaceAll("127.0.0.1:3000", `127.0.0.1:${site.appPort}`)
    // The redirect to the www name keeps the test's HTTPS port.
    .replaceAll("https://www.example.com{uri}", `https://${site.host}:${site.httpsPort}{uri}`)
    .replaceAll("www.example.com", site.host)
    .replaceAll("example.com", site.bareHost);
  if (replaced === deployed || !replaced.includes(`127.0.0.1:${site.appPort}`)) throw new Error("deploy/Caddyfile no longer has the lines this test adapts");
  return replaced;
}

export interface RunningCaddy {
  /** Caddy's local authority's root certificate (PEM), to verify its certificates. */
  rootCertificate(): Buffer;
  logs(): string;
  stop(): Promise<void>;
}

export function startCaddy(executable: string, dir: string, caddyfile: string): RunningCaddy {
  const config = path.join(dir, "Caddyfile");
  fs.writeFileSync(config, caddyfile);
  // Its certificates, its authority's keys and its autosaved configuration stay in the test's directory.
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config") };
  const child: ChildProcess = spawn(executable, ["run", "--config", config, "--adapter", "caddyfile"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      chunks.push(`[spawn error] ${String(error)}\n`);
      resolve();
    });
  });
  process.once("exit", () => child.kill("SIGKILL"));
  return {
    rootCertificate: () => fs.readFileSync(path.join(dir, "data/caddy/pki/authorities/local/root.crt")),
    logs: () => chunks.join(""),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
