// @ts-check
// Which installed packages lag behind a newer patch release of their own line (same major.minor), read
// from the registry's package metadata: the part of a dependency-advisory check that works where the
// registry answers no audit request (ADR 041). Security fixes ship as patch releases, so "the newest
// patch of each line we use" is what this can hold the lockfile to; it does not know which lag is a
// vulnerability, and it does not replace `npm audit` where that works.
//
//   node scripts/check-patch-releases.js          # fails on a runtime dependency behind its newest patch
//   node scripts/check-patch-releases.js --strict # fails on any package.json dependency behind its newest patch
//   node scripts/check-patch-releases.js --all    # also lists every transitive package behind (never fails on them)
//
// Runtime dependencies are package.json's `dependencies` (the `node` runtime package among them): what a
// production install ships. A patch published less than PATCH_GRACE_DAYS (default 7) days ago is reported
// and does not fail yet: a release that lands while CI runs must not turn unrelated work red, and a week is
// the time the team gives itself to take it. A version the registry marks deprecated is reported the same way (where the
// registry's metadata carries the mark).
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const strict = process.argv.includes("--strict");
const listAll = process.argv.includes("--all");
const CONCURRENCY = 16;
const GRACE_DAYS = Number(process.env.PATCH_GRACE_DAYS ?? 7);
const REQUEST_TIMEOUT_MS = 30_000;

const root = new URL("..", import.meta.url);
const pkg = JSON.parse(fs.readFileSync(new URL("package.json", root), "utf8"));
const lock = JSON.parse(fs.readFileSync(new URL("package-lock.json", root), "utf8"));

// npm puts its configured registry in the environment of the scripts it runs; by hand, ask npm.
const registry = (
  process.env.npm_config_registry || execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim()
).replace(/\/+$/, "");

/** The kind of dependency each package.json name is: "runtime" (dependencies) or "dev" (the rest). */
const directKind = new Map();
for (const name of Object.keys({ ...pkg.devDependencies, ...pkg.optionalDependencies })) directKind.set(name, "dev");
for (const name of Object.keys(pkg.dependencies ?? {})) directKind.set(name, "runtime");

/**
 * name -> (installed version -> its kind), from every installed package of the lockfile (links and the root
 * excluded). Only the copy at the top of node_modules is the one package.json asks for; a nested copy of the
 * same name (another version, for a dependent's own range) is transitive.
 */
const installed = new Map();
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  if (location === "" || entry.link || !entry.version) continue;
  const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
  const kind = location === `node_modules/${name}` ? (directKind.get(name) ?? "transitive") : "transitive";
  if (!installed.has(name)) installed.set(name, new Map());
  const versions = installed.get(name);
  if (versions.get(entry.version) === undefined || kind !== "transitive") versions.set(entry.version, kind);
}

/**
 * [major, minor, patch] of a release version; null for a prerelease or anything else (not compared).
 * @param {string} version
 * @returns {number[] | null}
 */
function release(version) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? m.slice(1).map(Number) : null;
}

/**
 * The newest published release with the same major.minor as `version` and a higher patch, or null.
 * @param {string} version
 * @param {string[]} published
 * @returns {string | null}
 */
function newerPatch(version, published) {
  const have = release(version);
  if (!have) return null;
  /** @type {string | null} */
  let best = null;
  let bestPatch = have[2] ?? 0;
  for (const candidate of published) {
    const v = release(candidate);
    if (v && v[0] === have[0] && v[1] === have[1] && (v[2] ?? 0) > bestPatch) {
      best = candidate;
      bestPatch = v[2] ?? 0;
    }
  }
  return best;
}

/**
 * @param {string} name
 * @param {{ full?: boolean }} [options]
 */
async function metadata(name, { full = false } = {}) {
  // The abbreviated ("install") metadata: every version's manifest without readmes, a fraction of the
  // bytes. The full document (for the few that lag) also has each version's publication time.
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${registry}/${name.replace("/", "%2f")}`, {
        headers: { accept: full ? "application/json" : "application/vnd.npm.install-v1+json" },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      return await res.json();
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

/** @typedef {{ name: string, version: string, kind: string, newer: string | null, deprecated?: string, ageDays?: number }} Finding */
/** @type {Finding[]} */
const findings = [];
/** @type {string[]} */
const unreachable = [];
const names = [...installed.keys()];
let next = 0;
async function worker() {
  while (next < names.length) {
    const name = names[next++];
    let doc;
    try {
      doc = await metadata(name);
    } catch (error) {
      unreachable.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const published = Object.keys(doc.versions ?? {});
    for (const [version, kind] of installed.get(name)) {
      const newer = newerPatch(version, published);
      const deprecated = doc.versions?.[version]?.deprecated;
      if (newer || deprecated) findings.push({ name, version, kind, newer, deprecated });
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = ((performance.now() - started) / 1000).toFixed(1);

// When the newer patch of each failing candidate came out (within the grace period it only warns).
for (const f of findings) {
  if (!f.newer || !(f.kind === "runtime" || (strict && f.kind === "dev"))) continue;
  try {
    const published = (await metadata(f.name, { full: true })).time?.[f.newer];
    if (published) f.ageDays = (Date.now() - Date.parse(published)) / 86_400_000;
  } catch (error) {
    unreachable.push(`${f.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** @param {Finding} f */
const failing = (f) => (f.kind === "runtime" || (strict && f.kind === "dev")) && (f.deprecated || !(f.ageDays !== undefined && f.ageDays < GRACE_DAYS));
/** @param {Finding} f */
const describe = (f) =>
  `  ${f.name} ${f.version}` +
  (f.newer ? ` -> ${f.newer}` : "") +
  (f.ageDays !== undefined ? ` (published ${Math.floor(f.ageDays)} days ago${f.ageDays < GRACE_DAYS ? `; fails after ${GRACE_DAYS}` : ""})` : "") +
  (f.deprecated ? ` (deprecated: ${f.deprecated})` : "");
/** @param {Finding} a @param {Finding} b */
const byName = (a, b) => a.name.localeCompare(b.name);

for (const kind of ["runtime", "dev"]) {
  const list = findings.filter((f) => f.kind === kind).sort(byName);
  if (list.length === 0) continue;
  console.log(`${kind === "runtime" ? "Runtime" : "Development"} dependencies behind a newer patch release:`);
  for (const f of list) console.log(describe(f));
}
const transitive = findings.filter((f) => f.kind === "transitive").sort(byName);
if (listAll && transitive.length) {
  console.log("Transitive packages behind a newer patch release (`npm update` takes those their dependents allow):");
  for (const f of transitive) console.log(describe(f));
}
console.log(
  `${installed.size} packages checked in ${seconds} s: ${findings.length - transitive.length} of package.json's dependencies and ` +
    `${transitive.length} transitive packages behind a newer patch release${listAll || transitive.length === 0 ? "" : " (--all lists them)"}.`,
);
if (unreachable.length) {
  console.error(`No metadata for ${unreachable.length} packages:\n  ${unreachable.join("\n  ")}`);
  process.exit(1);
}
if (findings.some(failing)) {
  console.error(
    `Update ${strict ? "these dependencies" : "the runtime dependencies above"} to the newest patch release of their line ` +
      "(package.json, then npm install), or record why not.",
  );
  process.exit(1);
}
