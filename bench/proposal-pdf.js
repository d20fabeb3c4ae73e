#!/usr/bin/env node
// @ts-check
// `npm run bench:pdf`: how long the proposal PDF takes to make (issue 30 item 6, ADR 049). The real
// TypeScript modules (app/domain/proposals/proposal-pdf.server.tsx and the three-option test content of
// tests/support/proposal-content.ts) are loaded through Vite's SSR loader, as bench/crawler-parse.js does:
// no build and no TypeScript runtime needed. Reports the first PDF (which loads @react-pdf/renderer and the
// fonts), then BENCH_PDF_RUNS PDFs one after another after BENCH_PDF_WARMUP: p50, p95 and max of the wall-clock
// time, the CPU time per PDF, the PDF's size, and the process's RSS before the first PDF, after it and at the
// end; with the machine's load average and CPU count beside them (the machine is shared). Nothing is written.
//
// Environment:
//   BENCH_PDF_RUNS    PDFs measured (default 50, at most 1000)
//   BENCH_PDF_WARMUP  PDFs made first and not measured (default 5)
import os from "node:os";
import { appModuleLoader } from "./lib/app-modules.js";

const RUNS = Math.min(1000, Math.max(1, Number(process.env.BENCH_PDF_RUNS ?? 50)));
const WARMUP = Math.min(100, Math.max(0, Number(process.env.BENCH_PDF_WARMUP ?? 5)));

const mib = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (/** @type {number} */ v) => `${v.toFixed(0)} ms`;
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");

/** @param {number[]} sorted @param {number} p */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main() {
  const vite = await appModuleLoader();
  try {
    const { renderProposalPdf } = await vite.ssrLoadModule("/app/domain/proposals/proposal-pdf.server.tsx");
    const { makeProposalContent } = await vite.ssrLoadModule("/tests/support/proposal-content.ts");
    const input = {
      content: makeProposalContent(),
      proposalNumber: 1001,
      revision: 2,
      sentAt: new Date("2026-11-29T19:05:09Z"),
      expiresOn: "2026-12-29",
      documentSha256: "3f9a1c0e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c0e2b4d6f8a0c1e3b5d7f9a",
    };
    console.log(`proposal PDF, three options: ${WARMUP} warm-up + ${RUNS} measured; node ${process.version}; ${os.cpus().length} CPUs; load average ${load()}`);

    const rssBefore = process.memoryUsage().rss;
    let started = performance.now();
    const first = await renderProposalPdf(input);
    const firstMs = performance.now() - started;
    const rssAfterFirst = process.memoryUsage().rss;
    console.log(`first PDF (loads @react-pdf/renderer and the fonts): ${ms(firstMs)}, ${(first.length / 1024).toFixed(0)} KiB; RSS ${mib(rssBefore)} -> ${mib(rssAfterFirst)}`);

    for (let i = 0; i < WARMUP; i++) await renderProposalPdf(input);
    /** @type {number[]} */
    const times = [];
    const cpuStarted = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await renderProposalPdf(input);
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuStarted);
    times.sort((a, b) => a - b);
    const cpuPerPdf = (cpu.user + cpu.system) / 1000 / RUNS;
    console.log(
      `${RUNS} PDFs: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1) ?? NaN)}; CPU ${ms(cpuPerPdf)} per PDF; ` +
        `RSS at end ${mib(process.memoryUsage().rss)}; load average ${load()} (${os.cpus().length} CPUs)`,
    );
  } finally {
    await vite.close();
  }
}

await main();
