import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isAlive, killPostgresIn } from "./processes";

/**
 * Temporary directories of a test run are named `vt-<pid>-...` after the
 * process that owns them, so a later run can clean up after a killed one
 * (including a PostgreSQL server still running in one of them).
 */

export function runTempDirPrefix(pid = process.pid): string {
  return `vt-${pid}-`;
}

/** A fresh directory in the OS temp dir, enterable by the `postgres` OS user. */
export function makeTempDir(purpose: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${runTempDirPrefix()}${purpose}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export async function removeTempDir(dir: string): Promise<void> {
  await killPostgresIn(path.join(dir, "postgres"));
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function sweepDeadRunDirectories(): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const match = /^vt-(\d+)-/.exec(entry);
    if (!match || isAlive(Number(match[1]))) continue;
    const dir = path.join(os.tmpdir(), entry);
    await removeTempDir(dir).then(
      () => removed.push(dir),
      () => {},
    );
  }
  return removed;
}
