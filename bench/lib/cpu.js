// CPU accounting from /proc (Linux): who used the cores during a measurement.
// The benchmark machine is shared, so every throughput figure should come with
// how much CPU other processes took at the same time.
import fs from "node:fs";
import os from "node:os";
import { sleep } from "./http.js";

/** Machine-wide jiffies from /proc/stat: { busy, total }. */
export function machineJiffies() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * utime + stime of one process in jiffies (undefined if it is gone). With `reapedChildren`, plus cutime + cstime:
 * the CPU time of its children that exited and were waited for.
 */
export function processJiffies(pid, { reapedChildren = false } = {}) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(f[11]) + Number(f[12]); // fields 14 and 15 of stat(5)
    return reapedChildren ? own + Number(f[13]) + Number(f[14]) : own; // + fields 16 and 17
  } catch {
    return undefined;
  }
}

/**
 * Start measuring. `groups` maps a name to a function returning pids (evaluated at start and stop; a pid seen
 * only once is ignored, unless `includeNew`: then a pid first seen at stop counts with all its CPU time, which
 * suits processes started during the measurement, e.g. a browser's new renderer). With `reapedChildren`, the
 * time of children that exited during the measurement counts for their parent (see processJiffies).
 * `stop()` returns { machineBusyCores, cores: { [group]: cores }, otherCores, cpus }.
 */
export function cpuMeter(groups, { includeNew = false, reapedChildren = false } = {}) {
  const snap = () => {
    const m = machineJiffies();
    const per = {};
    for (const [name, pids] of Object.entries(groups)) {
      per[name] = new Map();
      for (const pid of new Set(pids())) {
        const j = processJiffies(pid, { reapedChildren });
        if (j !== undefined) per[name].set(pid, j);
      }
    }
    return { m, per };
  };
  const a = snap();
  return {
    stop() {
      const b = snap();
      const totalDelta = b.m.total - a.m.total || 1;
      const cpus = os.cpus().length;
      const cores = (jiffies) => Math.round((jiffies / totalDelta) * cpus * 100) / 100;
      const out = { cpus, machineBusyCores: cores(b.m.busy - a.m.busy), cores: {} };
      let accounted = 0;
      for (const name of Object.keys(groups)) {
        let sum = 0;
        for (const [pid, j] of b.per[name]) {
          const before = a.per[name].get(pid);
          if (before !== undefined) sum += j - before;
          else if (includeNew) sum += j;
        }
        accounted += sum;
        out.cores[name] = cores(sum);
      }
      out.otherCores = Math.max(0, cores(b.m.busy - a.m.busy - accounted));
      return out;
    },
  };
}

/**
 * Wait until processes outside `groups` use less than `thresholdCores` for a whole `sampleMs` sample, at most
 * `maxWaitMs`. Resolves { waitedMs, otherCores, quiet }.
 */
export async function waitForQuiet(groups, { thresholdCores = 0.25, sampleMs = 1_000, maxWaitMs = 60_000 } = {}) {
  const started = performance.now();
  for (;;) {
    const meter = cpuMeter(groups);
    await sleep(sampleMs);
    const { otherCores } = meter.stop();
    const waitedMs = Math.round(performance.now() - started);
    if (otherCores < thresholdCores) return { waitedMs, otherCores, quiet: true };
    if (waitedMs >= maxWaitMs) return { waitedMs, otherCores, quiet: false };
  }
}
