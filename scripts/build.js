#!/usr/bin/env node
// @ts-check
// `npm run build`: the production build, made so that a server running the previous build keeps every
// file its pages link to (ADR 055). React Router builds into build/.staging (build/ is left alone meanwhile,
// and a failed build changes nothing); the new files are then moved into build/ one by one (a rename: a
// reader sees the old file or the new one, never half of one), the server's entry last; files of the
// newest KEEP_BUILDS builds stay, older ones are removed. build/.builds.json lists each kept build's files.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Builds whose files are kept: this one and the four before it (ADR 055). */
export const KEEP_BUILDS = 5;
const HISTORY_FILE = ".builds.json";
const STAGING = ".staging";

/**
 * @typedef {{ builtAt: string, files: string[] }} BuildRecord
 */

/**
 * Every file under `dir`, as paths relative to it with forward slashes, leaving out `skip` (top-level names).
 * @param {string} dir
 * @param {string[]} [skip]
 * @returns {string[]}
 */
function listFiles(dir, skip = []) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} relative */
  const walk = (relative) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk("");
  return files.sort();
}

/**
 * The kept builds, newest first (empty when there is no history, or it cannot be read).
 * @param {string} buildDir
 * @returns {BuildRecord[]}
 */
function readHistory(buildDir) {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(buildDir, HISTORY_FILE), "utf8"));
    return Array.isArray(parsed?.builds) ? parsed.builds.filter((/** @type {any} */ b) => Array.isArray(b?.files)) : [];
  } catch {
    return [];
  }
}

/**
 * The order files are moved in: the browser's files first, then the server's chunks, its entry last, so
 * that whatever a new file refers to is already in place when it arrives.
 * @param {string} file
 */
function moveRank(file) {
  if (file.startsWith("client/")) return 0;
  if (file === "server/index.js") return 2;
  return 1;
}

/**
 * Moves the staged build into `buildDir`, records it, and removes the files no kept build has.
 * @param {string} buildDir
 * @param {{ keep?: number, now?: Date }} [options]
 * @returns {{ moved: number, kept: number, removed: string[] }}
 */
export function installStagedBuild(buildDir, { keep = KEEP_BUILDS, now = new Date() } = {}) {
  const staging = path.join(buildDir, STAGING);
  const staged = listFiles(staging);
  if (!staged.includes("server/index.js")) throw new Error(`${staging} holds no server/index.js: the build did not finish`);
  const history = readHistory(buildDir);
  // A build/ made before this history existed: its files are the previous build a running server may use.
  const before = listFiles(buildDir, [STAGING, HISTORY_FILE]);
  if (history.length === 0 && before.length > 0) history.push({ builtAt: "unknown", files: before });

  for (const file of [...staged].sort((a, b) => moveRank(a) - moveRank(b) || a.localeCompare(b))) {
    const target = path.join(buildDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(staging, file), target);
  }
  fs.rmSync(staging, { recursive: true, force: true });

  const builds = [{ builtAt: now.toISOString(), files: staged }, ...history].slice(0, keep);
  const wanted = new Set(builds.flatMap((b) => b.files));
  const removed = listFiles(buildDir, [STAGING, HISTORY_FILE]).filter((file) => !wanted.has(file));
  for (const file of removed) fs.rmSync(path.join(buildDir, file), { force: true });
  removeEmptyDirectories(buildDir);
  const historyPath = path.join(buildDir, HISTORY_FILE);
  fs.writeFileSync(`${historyPath}.tmp`, `${JSON.stringify({ builds }, null, 1)}\n`);
  fs.renameSync(`${historyPath}.tmp`, historyPath);
  return { moved: staged.length, kept: wanted.size - staged.filter((f) => wanted.has(f)).length, removed };
}

/** @param {string} dir */
function removeEmptyDirectories(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    removeEmptyDirectories(child);
    if (fs.readdirSync(child).length === 0) fs.rmdirSync(child);
  }
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const buildDir = path.join(root, "build");
  const require = createRequire(import.meta.url);
  const cliPackage = require.resolve("@react-router/dev/package.json");
  const cli = path.join(path.dirname(cliPackage), JSON.parse(fs.readFileSync(cliPackage, "utf8")).bin["react-router"]);
  // react-router.config.ts reads the build directory from here; React Router empties it first.
  const result = spawnSync(process.execPath, [cli, "build", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REACT_ROUTER_BUILD_DIRECTORY: path.join("build", STAGING) },
  });
  if (result.status !== 0) {
    process.stderr.write(`The build failed; build/ is unchanged.\n`);
    process.exit(result.status ?? 1);
  }
  const { moved, kept, removed } = installStagedBuild(buildDir);
  process.stdout.write(
    `build/: ${moved} files of this build; ${kept} files of the ${KEEP_BUILDS - 1} builds before it kept for servers still running them; ${removed.length} older files removed (ADR 055)\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
