#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (mobile preset: default formFactor "mobile", simulated throttling) in
// Debian's chromium against the production build, N runs per URL, median per category and metric, plus the initial
// JS and CSS of each page (gzip). Goals (QUALITY P1, P2): performance >= 95, accessibility, best practices and SEO
// 100; JS <= 100 KB and CSS <= 30 KB gzip. `npm run bench:lighthouse` builds first.
//
// Environment:
//   LH_RUNS            runs per URL (default 5)
//   LH_PATHS           comma-separated paths (default: every public page, 13)
//   LH_REPORTS         "1": also keep every run's full Lighthouse JSON next to the results
//   LH_MEDIA_PHOTOS    N > 0: first put N photograph-sized JPEGs into the media library and use them for the
//                      gallery projects and the leaders (bench/lib/seed-media-photos.ts, through the app's use
//                      cases); reports the originals' and variants' bytes and each page's image bytes
//   CHROMIUM_PATH      browser binary (default /usr/bin/chromium)
//   BENCH_QUIET_WAIT   before each run, wait up to this many seconds for other processes to use < 0.25 core
//                      (default 60; 0 = don't wait). CPU used by others during each run is reported either way.
//   BENCH_START_TIMEOUT seconds allowed for the server start (default 180)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { waitForQuiet, cpuMeter } from "./lib/cpu.js";
import { get } from "./lib/http.js";
import { fmt, machineInfo, RESULTS_DIR, table, timestamp, verdict, writeResults } from "./lib/results.js";
import { processTree } from "./lib/rss.js";
import { execFileSync } from "node:child_process";
import { embeddedDatabaseUrl, killAll, livePostmaster, ROOT as ROOT_DIR, snapshotApp, startServer, tempDataDir } from "./lib/server.js";

/** Every public page (the public layout's routes and the GAF portal: app/routes.ts). */
const DEFAULT_PATHS = ["/", "/about", "/services", "/team", "/gallery", "/contact", "/estimate", "/privacy", "/terms", "/gaf", "/gaf/warranties", "/gaf/shingles", "/gaf/roof-system", "/gaf/timberline-hdz-colors"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};
const GOALS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  jsGzipMaxBytes: 100 * 1024,
  cssGzipMaxBytes: 30 * 1024,
};
/** Debian chromium flags (STACK.md); without the background-networking ones Chromium floods the closed network. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const positive = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number (got ${JSON.stringify(raw)})`);
  return v;
};
const RUNS = Math.max(1, Math.round(positive("LH_RUNS", 5)));
const PATHS = (process.env.LH_PATHS ?? "").split(",").map((p) => p.trim()).filter(Boolean);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const QUIET_WAIT_MS = positive("BENCH_QUIET_WAIT", 60) * 1000;
const START_TIMEOUT_MS = (positive("BENCH_START_TIMEOUT", 180) || 180) * 1000;
const KEEP_REPORTS = process.env.LH_REPORTS === "1";
const MEDIA_PHOTOS = Math.round(positive("LH_MEDIA_PHOTOS", 0));
const OTHER_CPU_WARN = 0.25;

const stamp = timestamp();
const name = `lighthouse-${stamp}`;
const reportsDir = path.join(RESULTS_DIR, `${name}-reports`);
const log = (msg) => console.log(`· ${msg}`);

let snapshot;
let dataDir;
let server;
/** Chrome instances and profile directories of ours still alive (closed on exit and on Ctrl-C). */
const chromes = new Set();
let interrupted = false;

const results = {
  benchmark: "lighthouse",
  startedAt: new Date().toISOString(),
  machine: machineInfo(),
  settings: { runs: RUNS, chromium: CHROMIUM, chromiumFlags: CHROMIUM_FLAGS, preset: "lighthouse default (mobile, simulated throttling)" },
  goals: GOALS,
  pages: [],
  warnings: [],
};

const median = (values) => {
  const v = values.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

async function launchChrome() {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lh-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: "silent",
    connectionPollInterval: 100,
    maxConnectionRetries: 100,
  });
  const entry = {
    chrome,
    async close() {
      chromes.delete(entry);
      try {
        chrome.kill();
      } catch {
        /* already gone */
      }
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  chromes.add(entry);
  return entry;
}

async function cleanup() {
  await Promise.all([...chromes].map((c) => c.close().catch(() => {})));
  await killAll();
  snapshot?.remove();
  if (dataDir) {
    if (livePostmaster(dataDir)) console.error(`warning: PostgreSQL still running in ${dataDir}; left in place`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping Chrome and the server...`);
    // A cleanup that fails part way says so (what it did not remove is left behind) before the exit.
    cleanup()
      .catch((error) => console.error(`cleanup failed: ${error instanceof Error ? error.stack : error}`))
      .finally(() => process.exit(130));
  });
}

/** One Lighthouse run: scores (0-100), metrics (ms; CLS unitless), the audits that did not pass, the raw result. */
async function runLighthouse(url, port) {
  const runnerResult = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableFullPageScreenshot: true },
    undefined,
  );
  const lhr = runnerResult?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse runtime error on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {};
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
  }
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) metrics[key] = lhr.audits[id]?.numericValue;
  return { scores, metrics, failing: failingAudits(lhr), warnings: lhr.runWarnings ?? [], lhr };
}

/**
 * Per category, the audits that cost points: for accessibility, best practices and SEO every weighted audit
 * below a full score; for performance the weighted metrics below "good" (0.9) and opportunities of >= 50 ms.
 */
function failingAudits(lhr) {
  const out = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    const bad = [];
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "informative") continue;
      if (audit.scoreDisplayMode === "manual") continue;
      if (id === "performance") {
        // The scored metrics below "good", and opportunities worth at least 50 ms.
        const savingsMs = audit.details?.overallSavingsMs ?? 0;
        if (!((ref.weight > 0 && audit.score < 0.9) || (ref.weight === 0 && audit.score < 1 && savingsMs >= 50))) continue;
        bad.push({ id: ref.id, score: audit.score, weight: ref.weight, title: audit.title, displayValue: audit.displayValue });
        continue;
      }
      if (ref.weight === 0) continue;
      if (audit.score < 1) {
        bad.push({ id: ref.id, score: audit.score, weight: ref.weight, title: audit.title, displayValue: audit.displayValue });
      }
    }
    if (bad.length) out[id] = bad;
  }
  return out;
}

/**
 * Scripts and stylesheets the page loaded (from Lighthouse's network records), each fetched again raw and
 * gzipped here (zlib level 6, what the server's compression uses), so the figure does not depend on whether the
 * server compressed a small file. `transfer` is what actually crossed the wire, headers included.
 */
async function assetSizes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const groups = { js: [], css: [] };
  for (const item of items) {
    const kind = item.resourceType === "Script" ? "js" : item.resourceType === "Stylesheet" ? "css" : undefined;
    if (!kind || !/^https?:/.test(item.url)) continue;
    groups[kind].push(item);
  }
  const out = {};
  for (const [kind, list] of Object.entries(groups)) {
    const files = [];
    for (const item of list) {
      const res = await get(item.url, { timeoutMs: 10_000 });
      files.push({
        url: new URL(item.url).pathname,
        bytes: res.body.length,
        gzipBytes: zlib.gzipSync(res.body, { level: 6 }).length,
        transferBytes: item.transferSize ?? null,
      });
    }
    out[kind] = {
      files,
      bytes: files.reduce((s, f) => s + f.bytes, 0),
      gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
      transferBytes: files.reduce((s, f) => s + (f.transferBytes ?? 0), 0),
    };
  }
  const document = items.find((item) => item.resourceType === "Document");
  out.html = document ? { transferBytes: document.transferSize ?? null } : undefined;
  return out;
}

/** The server (and its PostgreSQL) and Chrome, as pid groups for the CPU meter. */
function cpuGroups(currentChrome) {
  return {
    server: () => (server ? processTree(server.pid) : []),
    chrome: () => {
      const pid = currentChrome()?.chrome.pid;
      return pid ? processTree(pid) : [];
    },
    bench: () => [process.pid],
  };
}

/**
 * Lighthouse occasionally fails a run on a loaded machine (NO_NAVSTART, PROTOCOL_TIMEOUT...): such a run is
 * repeated, in a fresh Chrome, up to MAX_ATTEMPTS times; the retries are recorded.
 */
const MAX_ATTEMPTS = 3;

async function benchPage(pagePath) {
  const url = server.url + pagePath;
  const warm = await get(url, { timeoutMs: 30_000 });
  if (warm.status !== 200) throw new Error(`GET ${pagePath} answered ${warm.status}: the page must exist before it is measured`);
  const page = { path: pagePath, runs: [], retries: [] };
  let chrome = await launchChrome();
  /** One Lighthouse run, retried in a new Chrome after a runtime error. */
  const attempt = async (label) => {
    for (let n = 1; ; n++) {
      try {
        return await runLighthouse(url, chrome.chrome.port);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (n >= MAX_ATTEMPTS) throw error;
        page.retries.push({ run: label, error: message });
        log(`${pagePath} ${label}: ${message.split("\n")[0]}; retrying in a new Chrome`);
        await chrome.close();
        chrome = await launchChrome();
      }
    }
  };
  try {
    // One unmeasured pass: server-side caches, Chrome's first start-up work.
    log(`${pagePath}: warm-up run`);
    await attempt("warm-up");
    for (let i = 1; i <= RUNS; i++) {
      const quiet = QUIET_WAIT_MS > 0 ? await waitForQuiet(cpuGroups(() => chrome), { maxWaitMs: QUIET_WAIT_MS }) : undefined;
      // Lighthouse opens a new tab (a new renderer process) per run and closes it at the end: count processes
      // started during the run and children that exited during it.
      const meter = cpuMeter(cpuGroups(() => chrome), { includeNew: true, reapedChildren: true });
      const started = performance.now();
      const run = await attempt(`run ${i}`);
      const cpu = meter.stop();
      const ms = Math.round(performance.now() - started);
      if (KEEP_REPORTS) {
        fs.mkdirSync(reportsDir, { recursive: true });
        fs.writeFileSync(path.join(reportsDir, `${pagePath.replace(/\W+/g, "_") || "_"}-${i}.json`), JSON.stringify(run.lhr));
      }
      if (i === 1) page.assets = await assetSizes(run.lhr);
      const images = run.lhr.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "image");
      page.runs.push({ scores: run.scores, metrics: run.metrics, imageBytes: images?.transferSize, failing: run.failing, warnings: run.warnings, ms, cpu, quietWait: quiet });
      if (cpu.otherCores >= OTHER_CPU_WARN) {
        results.warnings.push(`${pagePath} run ${i}: other processes used ${cpu.otherCores} cores during the run`);
      }
      log(
        `${pagePath} run ${i}/${RUNS}: ` +
          CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(", ") +
          ` | LCP ${fmt(run.metrics.lcp, " ms", 0)} TBT ${fmt(run.metrics.tbt, " ms", 0)} | ${ms} ms, others ${cpu.otherCores} cores`,
      );
    }
  } finally {
    await chrome.close();
  }

  page.median = { scores: {}, metrics: {} };
  for (const c of CATEGORIES) page.median.scores[c] = median(page.runs.map((r) => r.scores[c]));
  for (const m of Object.keys(METRICS)) page.median.metrics[m] = median(page.runs.map((r) => r.metrics[m]));
  page.median.imageBytes = median(page.runs.map((r) => r.imageBytes));

  // Audits that failed in any run, with how many runs they failed in.
  const failing = {};
  for (const run of page.runs) {
    for (const [category, audits] of Object.entries(run.failing)) {
      for (const audit of audits) {
        const key = `${category}/${audit.id}`;
        failing[key] ??= { category, id: audit.id, title: audit.title, runs: 0, scores: [], displayValues: [] };
        failing[key].runs += 1;
        failing[key].scores.push(audit.score);
        if (audit.displayValue) failing[key].displayValues.push(audit.displayValue);
      }
    }
  }
  page.failingAudits = Object.values(failing);
  page.pass = {
    performance: page.median.scores.performance >= GOALS.performance,
    accessibility: page.median.scores.accessibility >= GOALS.accessibility,
    "best-practices": page.median.scores["best-practices"] >= GOALS["best-practices"],
    seo: page.median.scores.seo >= GOALS.seo,
    js: (page.assets?.js?.gzipBytes ?? 0) <= GOALS.jsGzipMaxBytes,
    css: (page.assets?.css?.gzipBytes ?? 0) <= GOALS.cssGzipMaxBytes,
  };
  return page;
}

const kb = (bytes) => (bytes === undefined ? "-" : `${(bytes / 1024).toFixed(1)} KB`);

function report() {
  const r = results;
  const out = [""];
  out.push(`Lighthouse ${r.lighthouseVersion ?? "?"} · ${r.browserVersion ?? "chromium"} · mobile preset (simulated throttling) · median of ${RUNS}`);
  out.push(`${r.machine.cpus} × ${r.machine.cpuModel ?? "cpu"}, Node ${r.machine.node}; build ${r.build ?? "?"}`);
  out.push("");
  if (r.pages.length) {
    out.push(
      table([
        ["page", "perf", "a11y", "best-pr.", "seo", "FCP", "LCP", "TBT", "CLS", "SI", "JS gzip", "CSS gzip", "images"],
        ...r.pages.map((p) => [
          p.path,
          p.median.scores.performance,
          p.median.scores.accessibility,
          p.median.scores["best-practices"],
          p.median.scores.seo,
          fmt(p.median.metrics.fcp, " ms", 0),
          fmt(p.median.metrics.lcp, " ms", 0),
          fmt(p.median.metrics.tbt, " ms", 0),
          fmt(p.median.metrics.cls, "", 3),
          fmt(p.median.metrics.si, " ms", 0),
          kb(p.assets?.js?.gzipBytes),
          kb(p.assets?.css?.gzipBytes),
          kb(p.median.imageBytes),
        ]),
      ]),
    );
    out.push("");
    out.push(`Goals: performance >= ${GOALS.performance}, accessibility/best practices/SEO = 100, JS <= ${kb(GOALS.jsGzipMaxBytes)}, CSS <= ${kb(GOALS.cssGzipMaxBytes)} (gzip)`);
    for (const p of r.pages) {
      const failed = Object.entries(p.pass).filter(([, ok]) => !ok).map(([k]) => k);
      out.push(`${verdict(failed.length === 0)} ${p.path}${failed.length ? `: ${failed.join(", ")}` : ""}`);
      out.push(`     scores per run: ${p.runs.map((run) => CATEGORIES.map((c) => run.scores[c]).join("/")).join("  ")}`);
      for (const retry of p.retries ?? []) out.push(`     retried ${retry.run}: ${retry.error.split("\n")[0]}`);
      for (const a of p.failingAudits) {
        out.push(`     ${a.category}: ${a.id} (${a.title}) failed in ${a.runs}/${p.runs.length} runs${a.displayValues[0] ? `: ${a.displayValues[0]}` : ""}`);
      }
      for (const kind of ["js", "css"]) {
        for (const f of p.assets?.[kind]?.files ?? []) out.push(`     ${kind} ${f.url}: ${kb(f.bytes)} raw, ${kb(f.gzipBytes)} gzip`);
      }
    }
  }
  for (const w of r.warnings) out.push(`WARNING ${w}`);
  if (r.error) out.push(`ERROR ${r.error}`);
  console.log(out.join("\n"));
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  snapshot = snapshotApp({ prefix: "bench-lh-app-" });
  results.build = snapshot.builtAt;
  dataDir = tempDataDir("bench-lh-data-");
  log(`starting the production server (fresh DATA_DIR ${dataDir}, embedded PostgreSQL)`);
  server = await startServer({ cwd: snapshot.dir, dataDir, timeoutMs: START_TIMEOUT_MS, alsoWaitFor: ["/"] });
  log(`server on ${server.url} (PostgreSQL on 127.0.0.1:${server.pgPort}) ready in ${Math.round(server.ready["/"])} ms`);

  if (MEDIA_PHOTOS > 0) {
    log(`putting ${MEDIA_PHOTOS} photos into the media library (originals, variants, gallery and leaders)`);
    const output = execFileSync(path.join(ROOT_DIR, "node_modules/.bin/tsx"), [path.join(ROOT_DIR, "bench/lib/seed-media-photos.ts")], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        DATABASE_URL: embeddedDatabaseUrl(dataDir, server.pgPort),
        LH_MEDIA_PHOTOS: String(MEDIA_PHOTOS),
      },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    results.media = JSON.parse(output.trim().split("\n").at(-1));
    const m = results.media;
    log(`media: ${m.photos} originals ${kb(m.originalBytes)}, all variants ${kb(m.variantBytes)}; the 640 px AVIF copies ${kb(m.avif640Bytes)} (${(100 - (m.avif640Bytes / m.originalBytes) * 100).toFixed(1)}% fewer bytes than the originals)`);
  }

  const lighthousePackage = JSON.parse(fs.readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8"));
  results.lighthouseVersion = lighthousePackage.version;

  for (const pagePath of PATHS.length ? PATHS : DEFAULT_PATHS) {
    const page = await benchPage(pagePath);
    results.pages.push(page);
  }
}

try {
  // The browser version, for the report.
  try {
    const { execFileSync } = await import("node:child_process");
    results.browserVersion = execFileSync(CHROMIUM, ["--version"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    /* reported as "chromium" */
  }
  await main();
} catch (error) {
  results.error = error instanceof Error ? error.message : String(error);
  console.error(`\nbenchmark failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  if (!interrupted) {
    await cleanup();
    results.finishedAt = new Date().toISOString();
    report();
    const file = writeResults(name, results);
    console.log(`JSON: ${path.relative(process.cwd(), file) || file}`);
    process.exitCode = results.error ? 1 : 0;
  }
}
