import fs from "node:fs";
import path from "node:path";

/**
 * Process inspection through /proc (Linux), used to prove that no PostgreSQL
 * server outlives a test: `pgrep -f <dir>` without spawning pgrep.
 */

/** Pids of live processes whose command line contains `needle`. */
function pidsWithCommandLine(needle: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmdline.includes(needle) && !isZombie(pid)) pids.push(pid);
    } catch {
      // The process ended while we were looking.
    }
  }
  return pids;
}

function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 3 (after the parenthesised command) is the state.
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return true;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * Pids of the PostgreSQL server processes of a data directory: the postmaster
 * (its command line names the directory, as `pgrep -f <dir>` would find it)
 * and its children (backends retitle themselves `postgres: ...`).
 */
export function postgresPidsFor(dir: string): number[] {
  const postmasters = pidsWithCommandLine(dir).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]?.includes("postgres") ?? false;
    } catch {
      return false;
    }
  });
  if (postmasters.length === 0) return [];
  const children: number[] = [];
  for (const entry of safeReaddir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (postmasters.includes(pid)) continue;
    if (postmasters.includes(parentPid(pid) ?? -1) && !isZombie(pid)) children.push(pid);
  }
  return [...postmasters, ...children];
}

function parentPid(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The postmaster pid recorded in `<cluster>/postmaster.pid`, if that process is alive. */
export function livePostmasterPid(cluster: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stops a PostgreSQL server left running in `cluster` (a test that failed
 * half-way): SIGQUIT is PostgreSQL's immediate shutdown; SIGKILL after 5 s.
 */
export async function killPostgresIn(cluster: string): Promise<void> {
  const pid = livePostmasterPid(cluster);
  if (pid === undefined) return;
  try {
    process.kill(pid, "SIGQUIT");
  } catch {
    return;
  }
  const deadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  // Backends exit on their own once the postmaster is gone.
  const backendsDeadline = Date.now() + 5_000;
  while (postgresPidsFor(cluster).length > 0 && Date.now() < backendsDeadline) await new Promise((r) => setTimeout(r, 50));
}
