#!/usr/bin/env node
// `npm run bench:booking` (also a step of `npm run bench`): self-booked inspections under load (issue 31),
// against the production build (build/) with a real PostgreSQL (the embedded server by default).
//
//   B1  the slot search: GET /inspection-slots at 20 concurrent homeowners (p50, p95, requests/s)
//   B2  booking: 20 concurrent homeowners, each reading the free slots, picking one of the first ten and
//       posting the request with it (p95 of the post); every answer is 200 (booked) or 409 (just taken),
//       and no slot ends with more appointments than it holds
//
// Beside each figure, the load generator's ceiling: the same client loop against a server in its own process
// that answers at once (bench/lib/trivial-server.js for the GETs; a body-draining one for the posts), so a
// figure near the ceiling says the client, not the app, was the limit.
//
// Environment: BENCH_BOOKING_SECONDS (default 10, after 2 s of warm-up), BENCH_START_TIMEOUT (180 s).
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { percentile } from "./lib/load.js";
import { freePorts } from "./lib/ports.js";
import { fmt, machineInfo, table, timestamp, writeResults, RESULTS_DIR } from "./lib/results.js";
import { embeddedDatabaseUrl, envNumber, killAll, livePostmaster, snapshotApp, startServer, tempDataDir } from "./lib/server.js";
import fs from "node:fs";
import os from "node:os";

const SECONDS = envNumber("BENCH_BOOKING_SECONDS", 10);
const START_TIMEOUT_MS = envNumber("BENCH_START_TIMEOUT", 180) * 1000;
const HOMEOWNERS = 20;
const CAPACITY = 3;
const BOUNDARY = "----bookingbench9Xk2Lq";
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (msg) => console.log(`· ${msg}`);
const stamp = timestamp();
const results = { benchmark: "booking", startedAt: new Date().toISOString(), machine: machineInfo(), settings: { seconds: SECONDS, homeowners: HOMEOWNERS, capacity: CAPACITY } };

/** One request; resolves { status, body, ms }. Never rejects (a transport error is status 0). */
function request(agent, url, { method = "GET", body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(url, { method, agent, headers: { accept: "application/json", ...headers, ...(body ? { "content-length": body.length } : {}) } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on("error", () => resolve({ status: 0, body: Buffer.alloc(0), ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, body: Buffer.alloc(0), ms: performance.now() - started }));
    req.end(body);
  });
}

function formBody(fields) {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.from(`${parts.join("")}--${BOUNDARY}--\r\n`);
}

function booking(i, slot) {
  return formBody({
    formId: "inspection-form",
    submissionKey: `bench-${crypto.randomBytes(12).toString("base64url")}`,
    firstName: `Bench${i}`,
    lastName: "O'Booking",
    email: `booking${i}@example.com`,
    phone: "(614) 555-0147",
    addressStreet: `${100 + (i % 900)} Veterans Way`,
    addressCity: "Dublin",
    addressState: "OH",
    addressZip: "43017",
    slot,
  });
}

function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const r = (v) => (v === undefined ? undefined : Math.round(v * 100) / 100);
  return { p50: r(percentile(sorted, 50)), p95: r(percentile(sorted, 95)), p99: r(percentile(sorted, 99)), max: r(sorted.at(-1)) };
}

/** `HOMEOWNERS` loops of `step` for 2 s (warm-up) then `SECONDS`; the recorded latencies and statuses. */
async function loops(step) {
  const run = async (seconds, record) => {
    const until = performance.now() + seconds * 1000;
    const latencies = [];
    const statuses = {};
    let n = 0;
    await Promise.all(
      Array.from({ length: HOMEOWNERS }, async () => {
        while (performance.now() < until) {
          const res = await step(n++);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (record) latencies.push(res.ms);
        }
      }),
    );
    return { latencies, statuses };
  };
  await run(2, false);
  const started = performance.now();
  const { latencies, statuses } = await run(SECONDS, true);
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, perSecond: Math.round(latencies.length / seconds), statuses, latencyMs: summary(latencies) };
}

/** A helper server in its own process; resolves { url, stop }. */
async function helperServer(code) {
  const proc = code.endsWith(".js") ? spawn(process.execPath, [code], { stdio: ["ignore", "pipe", "inherit"] }) : spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    proc.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    proc.once("exit", () => reject(new Error("the helper server exited")));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => proc.kill("SIGKILL") };
}

/** Answers every request at once, after reading its body (the posts' ceiling). */
const DRAINING_SERVER = `
const http = require("node:http");
const s = http.createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200, { "content-type": "application/json", "content-length": 11 }); res.end('{"ok":true}'); }); });
s.keepAliveTimeout = 60000;
s.listen(0, "127.0.0.1", () => console.log("listening " + s.address().port));`;

let snapshot;
let dataDir;
let server;

async function main() {
  snapshot = snapshotApp({ prefix: "bench-booking-app-" });
  dataDir = tempDataDir("bench-booking-data-");
  const logsDir = path.join(RESULTS_DIR, `booking-${stamp}-logs`);
  fs.mkdirSync(logsDir, { recursive: true });
  const [port, pgPort] = await freePorts(2);
  server = await startServer({
    cwd: snapshot.dir,
    dataDir,
    port,
    pgPort,
    env: { LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0" },
    timeoutMs: START_TIMEOUT_MS,
    logFile: path.join(logsDir, "server.log"),
  });
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, pgPort) });
  await db.connect();
  try {
    // Every day 07:00-19:00 in one-hour slots of CAPACITY places, bookable from now: a few hundred slots.
    await db.query(
      `insert into inspection_schedule (id, booking_enabled, weekly, slot_minutes, capacity, lead_time_hours, change_cutoff_hours)
       values (1, true, $1::jsonb, 60, $2, 0, 0)`,
      [JSON.stringify(Array.from({ length: 7 }, () => ({ open: true, start: "07:00", end: "19:00" }))), CAPACITY],
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: HOMEOWNERS });
    const trivial = await helperServer(path.join(here, "lib/trivial-server.js"));
    const draining = await helperServer(DRAINING_SERVER);
    try {
      log(`B1: GET /inspection-slots, ${HOMEOWNERS} homeowners, 2 s warm-up + ${SECONDS} s`);
      results.search = await loops(() => request(agent, `${server.url}/inspection-slots`));
      results.searchCeiling = await loops(() => request(agent, `${trivial.url}/`));
      log(`  p50 ${results.search.latencyMs.p50} ms, p95 ${results.search.latencyMs.p95} ms, ${results.search.perSecond}/s (ceiling ${results.searchCeiling.perSecond}/s)`);

      log(`B2: read the slots, pick one of the first ten, book it; ${HOMEOWNERS} homeowners`);
      const postHeaders = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
      results.booking = await loops(async (i) => {
        const slots = JSON.parse(String((await request(agent, `${server.url}/inspection-slots`)).body)).slots ?? [];
        const pick = slots[Math.floor(Math.random() * Math.min(10, slots.length))];
        return request(agent, `${server.url}/inspection-request`, { method: "POST", body: booking(i, pick?.key ?? ""), headers: postHeaders });
      });
      results.bookingCeiling = await loops((i) => request(agent, `${draining.url}/`, { method: "POST", body: booking(i, "2026-12-01T09:00"), headers: postHeaders }));
      log(`  p50 ${results.booking.latencyMs.p50} ms, p95 ${results.booking.latencyMs.p95} ms, ${results.booking.perSecond}/s (ceiling ${results.bookingCeiling.perSecond}/s), statuses ${JSON.stringify(results.booking.statuses)}`);
    } finally {
      trivial.stop();
      draining.stop();
      agent.destroy();
    }
    const { rows } = await db.query(
      "select count(*)::int as n, max(c)::int as most from (select count(*) as c from leads where appointment_date is not null group by appointment_date, appointment_start) s",
    );
    results.integrity = { bookedSlots: rows[0].n, mostInOneSlot: rows[0].most ?? 0, capacity: CAPACITY, pass: (rows[0].most ?? 0) <= CAPACITY };
    results.load = os.loadavg().map((v) => Math.round(v * 100) / 100);
  } finally {
    await db.end();
  }
  results.shutdown = await server.stop();
}

function report() {
  const out = ["", `Booking benchmark  ${results.startedAt}  (Node ${results.machine.node}, ${results.machine.cpus} CPUs, load ${results.load?.join(" ") ?? "?"}; embedded PostgreSQL)`, ""];
  const row = (name, r, c) => [name, String(r.requests), `${r.perSecond}/s`, `${c.perSecond}/s`, fmt(r.latencyMs.p50, " ms", 2), fmt(r.latencyMs.p95, " ms", 2), fmt(r.latencyMs.p99, " ms", 2), JSON.stringify(r.statuses)];
  if (results.search && results.booking) {
    out.push(
      table([
        ["", "requests", "rate", "generator ceiling", "p50", "p95", "p99", "statuses"],
        row("B1 GET /inspection-slots", results.search, results.searchCeiling),
        row("B2 POST booking", results.booking, results.bookingCeiling),
      ]),
    );
  }
  if (results.integrity) out.push(`   ${results.integrity.bookedSlots} slots booked, at most ${results.integrity.mostInOneSlot} in one (capacity ${results.integrity.capacity}): ${results.integrity.pass ? "PASS" : "FAIL"}`);
  if (results.error) out.push(`ERROR ${results.error}`);
  console.log(out.join("\n"));
}

try {
  await main();
} catch (error) {
  results.error = error instanceof Error ? error.message : String(error);
  console.error(`\nbooking benchmark failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  await killAll();
  snapshot?.remove();
  if (dataDir && !livePostmaster(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true });
  results.finishedAt = new Date().toISOString();
  report();
  writeResults(`booking-${stamp}`, results);
  if (results.error || results.integrity?.pass === false) process.exitCode = 1;
}
