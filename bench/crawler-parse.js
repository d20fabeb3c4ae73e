#!/usr/bin/env node
// `node bench/crawler-parse.js`: how long each contract-source adapter's parse function takes on the hostile
// pages of tests/fixtures/crawler/adversarial-pages.ts (issue 19, finding 4; ADR 038). Each page goes to every
// adapter, each (adapter, page) in a child process of its own with a time limit and a heap limit, so a parse
// that never ends or exhausts the heap is reported as such instead of stopping the run. The adapters are the
// real TypeScript modules, loaded through Vite's SSR loader. Each line gives the parse's wall-clock time, its
// CPU time (what the machine's other processes do not change) and, for comparison, the time cheerio's
// `load()` alone takes on the page (the HTML parser, parse5: the floor any adapter pays). Prints one line
// per run and a summary; nothing is written.
//
// Environment:
//   BENCH_PARSE_MIB       page size in MiB (default 4)
//   BENCH_PARSE_LIMIT_S   seconds before a run is given up (default 60)
//   BENCH_PARSE_HEAP_MB   heap limit of each child (default 1024)
//   BENCH_PARSE_ONLY      only pages whose name contains this text
//   BENCH_PARSE_ADAPTERS  the adapters module to time, from the repository root (default
//                         /app/domain/contracts/crawler/adapters/index.ts; e.g. a copy of an older version)
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { appModuleLoader } from "./lib/app-modules.js";
import { ROOT } from "./lib/server.js";

const MIB = Number(process.env.BENCH_PARSE_MIB ?? 4);
const LIMIT_S = Number(process.env.BENCH_PARSE_LIMIT_S ?? 60);
const HEAP_MB = Number(process.env.BENCH_PARSE_HEAP_MB ?? 1024);
const ONLY = process.env.BENCH_PARSE_ONLY ?? "";
const ADAPTERS = process.env.BENCH_PARSE_ADAPTERS ?? "/app/domain/contracts/crawler/adapters/index.ts";
const PAGE_URLS = {
  bidnet: "https://www.bidnetdirect.com/public/solicitations/open?keywords=roof&pageNumberSelect=1",
  govcb: "https://www.govcb.com/search.htm?searchText=roof&state=OH",
};

async function loadModules() {
  const vite = await appModuleLoader();
  const adapters = await vite.ssrLoadModule(ADAPTERS);
  const pages = await vite.ssrLoadModule("/tests/fixtures/crawler/adversarial-pages.ts");
  return { vite, adapters, pages };
}

/** Child: one parse, timed; prints one JSON line. */
async function child(slug, index) {
  const { vite, adapters, pages } = await loadModules();
  const page = pages.adversarialPages(MIB * pages.MIB)[index];
  const parse = adapters.adapterFor(slug).parsePage;
  const { load } = await import("cheerio");
  const loadStarted = performance.now();
  load(page.html);
  const loadMs = performance.now() - loadStarted;
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  let outcome;
  try {
    const parsed = parse(page.html, PAGE_URLS[slug], 200);
    outcome = { ok: true, contracts: parsed.contracts.length, rowErrors: parsed.rowErrors.length };
  } catch (error) {
    outcome = { ok: false, error: String(error?.message ?? error).slice(0, 120) };
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(`${JSON.stringify({ ms, cpuMs, loadMs, bytes: page.html.length, ...outcome })}\n`);
  await vite.close();
}

function runChild(slug, index) {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, fileURLToPath(import.meta.url), "--child", slug, String(index)], {
      cwd: ROOT,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => proc.kill("SIGKILL"), LIMIT_S * 1000 + 15_000);
    proc.on("exit", (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").at(-1) ?? "";
      try {
        resolve(JSON.parse(line));
      } catch {
        if (signal === "SIGKILL") resolve({ ok: false, killed: true, error: `over ${LIMIT_S} s (killed)` });
        else if (/heap out of memory|Reached heap limit/.test(err)) resolve({ ok: false, oom: true, error: `out of memory (heap limit ${HEAP_MB} MB)` });
        else resolve({ ok: false, error: `exit ${code ?? signal}: ${err.trim().split("\n").slice(-3).join(" ").slice(0, 200)}` });
      }
    });
  });
}

async function main() {
  const { vite, pages } = await loadModules();
  const list = pages.adversarialPages(MIB * pages.MIB).map((p, i) => ({ index: i, name: p.name, bytes: p.html.length }));
  await vite.close();
  console.log(`crawler parse on hostile pages: ${MIB} MiB each, limit ${LIMIT_S} s, heap ${HEAP_MB} MB; ${ADAPTERS}; node ${process.version}`);
  const rows = [];
  for (const page of list) {
    if (ONLY && !page.name.includes(ONLY)) continue;
    for (const slug of ["bidnet", "govcb"]) {
      const result = await runChild(slug, page.index);
      const figure =
        result.ms !== undefined ? `${Math.round(result.ms)} ms (cpu ${Math.round(result.cpuMs)}, load() ${Math.round(result.loadMs)})` : result.error;
      const detail = result.ok ? `${result.contracts} contracts` : result.ms !== undefined ? `threw: ${result.error}` : "";
      console.log(`${slug.padEnd(6)} ${(page.bytes / 1024 / 1024).toFixed(2)} MiB  ${String(figure).padStart(30)}  ${page.name}${detail ? `  (${detail})` : ""}`);
      rows.push({ slug, page: page.name, ...result });
    }
  }
  const timed = rows.filter((r) => r.ms !== undefined);
  const worst = timed.reduce((a, b) => (b.ms > (a?.ms ?? -1) ? b : a), undefined);
  console.log(
    `\n${rows.length} runs; over 1 s: ${timed.filter((r) => r.ms > 1000).length} (CPU time over 1 s: ${timed.filter((r) => r.cpuMs > 1000).length}); never finished: ${rows.filter((r) => r.killed).length}; out of memory: ${rows.filter((r) => r.oom).length}; threw: ${rows.filter((r) => r.ms !== undefined && !r.ok).length}` +
      (worst ? `; slowest finished: ${Math.round(worst.ms)} ms (${worst.slug}, ${worst.page})` : ""),
  );
}

if (process.argv[2] === "--child") await child(process.argv[3], Number(process.argv[4]));
else await main();
