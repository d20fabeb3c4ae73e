// Result files and report formatting shared by the benchmarks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./server.js";

export const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** A file-name-safe UTC timestamp, e.g. 2025-01-31T12-00-00Z. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
}

/** Machine facts worth keeping next to any figure. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    totalMemMiB: Math.round(os.totalmem() / 1024 / 1024),
    loadavg: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

/** Write `data` as JSON to bench/results/<name>.json; returns the path. */
export function writeResults(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}

/** Format a number with a unit ("-" when missing). */
export function fmt(v, unit = "", digits = 1) {
  if (v === undefined || v === null || Number.isNaN(v)) return "-";
  return `${Number(v).toFixed(digits)}${unit}`;
}

/** A plain-text table: rows of cells, first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? "").length)));
  return rows
    .map((r, ri) => {
      const line = r.map((c, i) => (i === 0 ? String(c ?? "").padEnd(widths[i]) : String(c ?? "").padStart(widths[i]))).join("  ");
      return ri === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

/** "PASS"/"FAIL" against a goal. */
export const verdict = (ok) => (ok ? "PASS" : "FAIL");
