// Memory of a process (Linux /proc), in KiB.
import fs from "node:fs";

/** Fields of /proc/<pid>/status in KiB: { VmRSS, VmHWM, ... } (undefined if the process is gone). */
export function procStatus(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const out = {};
  for (const line of text.split("\n")) {
    const m = /^(Vm\w+|Rss\w+):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** Resident set size of `pid` in KiB (VmRSS), or undefined. */
export function rssKb(pid) {
  return procStatus(pid)?.VmRSS;
}

/** Peak resident set size of `pid` in KiB (VmHWM), or undefined. */
export function peakRssKb(pid) {
  return procStatus(pid)?.VmHWM;
}

/** Proportional set size in KiB (shared pages split between sharers), or undefined. */
export function pssKb(pid) {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** `pid` and all its descendants (scans /proc/<n>/stat for parent ids). */
export function processTree(pid) {
  const children = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid ...": comm may contain spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Sum of the PSS (KiB) of `pid` and its descendants: memory of a whole process tree without double counting shared pages. */
export function treePssKb(pid) {
  let total = 0;
  let count = 0;
  for (const p of processTree(pid)) {
    const v = pssKb(p);
    if (v !== undefined) {
      total += v;
      count++;
    }
  }
  return count ? { pssKb: total, processes: count } : undefined;
}

export const mib = (kb) => (kb === undefined ? undefined : Math.round((kb / 1024) * 10) / 10);
