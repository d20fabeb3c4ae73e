#!/usr/bin/env node
// `npm run bench:leads` (also the last step of `npm run bench`): the inspection form under load, against the
// production build (build/), with a real PostgreSQL (the embedded server by default).
//
//   R1  10,000 lead posts at concurrency 50, every one with its own submission key, one in ten with a small
//       file: rows = acknowledged responses, 0 duplicate keys, stored files = acknowledged uploads.
//   R2  one submission key posted 100 times in parallel: exactly one lead (and one file).
//   P5  latency of a lead post without a file at 20 concurrent connections (goal p95 <= 100 ms).
//
// The public form's per-client rate limit (5/minute by default) would refuse a load test from one address:
// the server runs with LEAD_RATE_LIMIT_PER_MINUTE=0 and LEAD_RATE_LIMIT_PER_HOUR=0 (no limit).
//
// Environment:
//   BENCH_LEADS_TOTAL        posts of R1 (default 10000)
//   BENCH_LEADS_CONCURRENCY  connections of R1 (default 50)
//   BENCH_LEADS_P5_SECONDS   seconds of the P5 run (default 10, after 2 s of warm-up)
//   BENCH_DATABASE_URL       a PostgreSQL server to use instead of the embedded one: a database
//                            bench_leads_<pid> is created on it and dropped afterwards
//   BENCH_LEADS_JOBS_ENABLED JOBS_ENABLED of the server (default: unset = true, email workers in the process)
//   BENCH_QUIET_WAIT         max seconds to wait for a quiet machine before P5 (default 60; 0 = don't)
//   BENCH_START_TIMEOUT      seconds allowed for the server start (default 180)
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { waitForQuiet } from "./lib/cpu.js";
import { percentile } from "./lib/load.js";
import { freePorts } from "./lib/ports.js";
import { fmt, machineInfo, table, timestamp, verdict, writeResults, RESULTS_DIR } from "./lib/results.js";
import { processTree } from "./lib/rss.js";
import { embeddedDatabaseUrl, envNumber, killAll, livePostmaster, snapshotApp, startServer, tempDataDir } from "./lib/server.js";

const num = envNumber;

const TOTAL = Math.round(num("BENCH_LEADS_TOTAL", 10_000));
const CONCURRENCY = Math.round(num("BENCH_LEADS_CONCURRENCY", 50));
const P5_SECONDS = num("BENCH_LEADS_P5_SECONDS", 10);
const P5_CONNECTIONS = 20;
const START_TIMEOUT_MS = num("BENCH_START_TIMEOUT", 180) * 1000;
const QUIET_WAIT_MS = num("BENCH_QUIET_WAIT", 60) * 1000;
const FILE_EVERY = 10;
const GOALS = { p5MaxP95Ms: 100 };

const stamp = timestamp();
const logsDir = path.join(RESULTS_DIR, `leads-${stamp}-logs`);
const log = (msg) => console.log(`· ${msg}`);
const results = {
  benchmark: "leads",
  startedAt: new Date().toISOString(),
  machine: machineInfo(),
  settings: { total: TOTAL, concurrency: CONCURRENCY, fileEvery: FILE_EVERY, p5Seconds: P5_SECONDS, p5Connections: P5_CONNECTIONS, rateLimit: "off (LEAD_RATE_LIMIT_PER_MINUTE=0, LEAD_RATE_LIMIT_PER_HOUR=0)" },
  goals: GOALS,
};

let snapshot;
let dataDir;
let externalDb;
let server;

/* ------------------------------------------------------------------------ */
/* HTTP                                                                     */
/* ------------------------------------------------------------------------ */

const BOUNDARY = "----leadsbench7MA4YWxkTrZu0gW";
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n% bench\n"), crypto.randomBytes(2048 - 17)]);

/** A multipart body as the form sends it. */
function formBody(fields, file) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks = [Buffer.from(parts.join(""))];
  if (file) {
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function leadFields(key, i, withFile) {
  return {
    formId: "inspection-form",
    submissionKey: key,
    landingPath: "/contact?utm_source=bench",
    firstName: `Bench${i}`,
    lastName: "Load",
    email: `bench${i}@example.com`,
    phone: `(614) 555-${String(1000 + (i % 9000)).padStart(4, "0")}`,
    service: "roof-repair",
    message: "Load test lead: a few sentences about a leaking roof after the storm last night.",
    ...(withFile ? { hasInsuranceDocs: "on" } : {}),
  };
}

/** POST one form; resolves { status, ok (the JSON said ok), ms }. Never rejects: a transport error is status 0. */
function post(agent, url, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": body.length, accept: "application/json" },
      },
      (response) => {
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () => {
          let ok = false;
          try {
            ok = JSON.parse(Buffer.concat(chunks).toString("utf8")).ok === true;
          } catch {
            ok = false;
          }
          resolve({ status: response.statusCode ?? 0, ok, ms: performance.now() - started });
        });
        response.on("error", () => resolve({ status: 0, ok: false, ms: performance.now() - started }));
      },
    );
    request.on("error", () => resolve({ status: 0, ok: false, ms: performance.now() - started }));
    request.end(body);
  });
}

function summarise(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const round = (v) => (v === undefined ? undefined : Math.round(v * 100) / 100);
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
  };
}

/* ------------------------------------------------------------------------ */
/* The phases                                                               */
/* ------------------------------------------------------------------------ */

async function r1(url, db) {
  log(`R1: ${TOTAL} posts, ${CONCURRENCY} connections, unique keys, 1 in ${FILE_EVERY} with a ${PDF.length}-byte PDF`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const run = crypto.randomBytes(4).toString("hex");
  const acked = new Set();
  const ackedUploads = new Set();
  const statuses = {};
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const key = `r1-${run}-${String(i).padStart(8, "0")}`;
        const withFile = i % FILE_EVERY === 0;
        const res = await post(agent, `${url}/inspection-request`, formBody(leadFields(key, i, withFile), withFile ? { name: `claim-${i}.pdf`, bytes: PDF } : null));
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        latencies.push(res.ms);
        if (res.status === 200 && res.ok) {
          acked.add(key);
          if (withFile) ackedUploads.add(key);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const rows = await db.query(`select submission_key from leads where submission_key like $1`, [`r1-${run}-%`]);
  const stored = new Set(rows.rows.map((r) => r.submission_key));
  const duplicates = (
    await db.query(
      `select count(*)::int as n from (select submission_key from leads where submission_key like $1 group by submission_key having count(*) > 1) d`,
      [`r1-${run}-%`],
    )
  ).rows[0].n;
  const attachments = (
    await db.query(
      `select l.submission_key, count(a.id)::int as n from leads l join lead_attachments a on a.lead_id = l.id where l.submission_key like $1 group by l.submission_key`,
      [`r1-${run}-%`],
    )
  ).rows;
  const filesOnDisk = countFiles(path.join(dataDir, "uploads"), { skip: ".staging" });
  const stagingLeftovers = countFiles(path.join(dataDir, "uploads", ".staging"));
  const ackedNotStored = [...acked].filter((k) => !stored.has(k)).length;
  const storedNotAcked = [...stored].filter((k) => !acked.has(k)).length;
  const uploadsStored = attachments.reduce((sum, r) => sum + r.n, 0);
  const result = {
    posts: TOTAL,
    seconds: Math.round(seconds * 10) / 10,
    postsPerSecond: Math.round(TOTAL / seconds),
    statuses,
    latencyMs: summarise(latencies),
    acknowledged: acked.size,
    rows: stored.size,
    duplicates,
    ackedNotStored,
    storedNotAcked,
    acknowledgedUploads: ackedUploads.size,
    storedUploads: uploadsStored,
    uploadsWithoutAck: attachments.filter((r) => !ackedUploads.has(r.submission_key)).length,
    filesOnDisk,
    stagingLeftovers,
    refused: TOTAL - acked.size,
    // The reliability criterion: every acknowledged post stored once, nothing stored that was not acknowledged
    // (a post refused under overload, e.g. 503 when no database connection was free in time, stores nothing).
    pass:
      acked.size > 0 &&
      stored.size === acked.size &&
      duplicates === 0 &&
      ackedNotStored === 0 &&
      storedNotAcked === 0 &&
      uploadsStored === ackedUploads.size &&
      filesOnDisk === uploadsStored &&
      stagingLeftovers === 0,
  };
  log(
    `  ${result.acknowledged} acknowledged, ${result.rows} rows, ${duplicates} duplicates, uploads ${result.acknowledgedUploads} acknowledged / ${uploadsStored} stored / ${filesOnDisk} files, ${result.postsPerSecond} posts/s`,
  );
  return result;
}

async function r2(url, db) {
  log("R2: one key posted 100 times in parallel (with a file)");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const key = `r2-${crypto.randomBytes(12).toString("hex")}`;
  const body = formBody(leadFields(key, 0, true), { name: "claim.pdf", bytes: PDF });
  const responses = await Promise.all(Array.from({ length: 100 }, () => post(agent, `${url}/inspection-request`, body)));
  agent.destroy();
  const leads = (await db.query(`select id from leads where submission_key = $1`, [key])).rows;
  const attachments = leads.length ? (await db.query(`select count(*)::int as n from lead_attachments where lead_id = $1`, [leads[0].id])).rows[0].n : 0;
  const result = {
    posts: 100,
    acknowledged: responses.filter((r) => r.status === 200 && r.ok).length,
    statuses: responses.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
    leads: leads.length,
    attachments,
    pass: leads.length === 1 && attachments === 1,
  };
  log(`  ${result.acknowledged}/100 acknowledged, ${result.leads} lead, ${attachments} attachment`);
  return result;
}

async function p5(url) {
  if (QUIET_WAIT_MS) {
    const groups = { server: () => [server.pid], postgres: () => (dataDir && livePostmaster(dataDir) ? processTree(livePostmaster(dataDir)) : []), bench: () => [process.pid] };
    const q = await waitForQuiet(groups, { thresholdCores: 0.25, maxWaitMs: QUIET_WAIT_MS });
    if (!q.quiet || q.waitedMs > 1_500) log(`  ${q.quiet ? "waited" : "gave up waiting"} ${fmt(q.waitedMs / 1000, " s")} for a quiet machine (others: ${q.otherCores} cores)`);
  }
  log(`P5: lead posts without a file, ${P5_CONNECTIONS} connections, 2 s warm-up + ${P5_SECONDS} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: P5_CONNECTIONS });
  const run = crypto.randomBytes(4).toString("hex");
  let sequence = 0;
  const measure = async (seconds, record) => {
    const until = performance.now() + seconds * 1000;
    const latencies = [];
    const statuses = {};
    await Promise.all(
      Array.from({ length: P5_CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const i = sequence++;
          const res = await post(agent, `${url}/inspection-request`, formBody(leadFields(`p5-${run}-${String(i).padStart(8, "0")}`, i, false), null));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (record) latencies.push(res.ms);
        }
      }),
    );
    return { latencies, statuses };
  };
  await measure(2, false);
  const started = performance.now();
  const { latencies, statuses } = await measure(P5_SECONDS, true);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const latencyMs = summarise(latencies);
  const result = { connections: P5_CONNECTIONS, seconds: Math.round(seconds * 10) / 10, requests: latencies.length, postsPerSecond: Math.round(latencies.length / seconds), statuses, latencyMs, pass: latencyMs.p95 <= GOALS.p5MaxP95Ms };
  log(`  ${result.requests} posts, ${result.postsPerSecond}/s, p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, p99 ${latencyMs.p99} ms`);
  return result;
}

function countFiles(dir, { skip } = {}) {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === skip) continue;
    if (entry.isDirectory()) n += countFiles(path.join(dir, entry.name));
    else if (entry.isFile()) n += 1;
  }
  return n;
}

/* ------------------------------------------------------------------------ */
/* Main                                                                     */
/* ------------------------------------------------------------------------ */

async function createExternalDatabase(url) {
  const name = `bench_leads_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), name, adminUrl: url };
}

async function dropExternalDatabase() {
  if (!externalDb) return;
  const admin = new pg.Client({ connectionString: externalDb.adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${externalDb.name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function main() {
  snapshot = snapshotApp({ prefix: "bench-leads-app-" });
  dataDir = tempDataDir("bench-leads-data-");
  fs.mkdirSync(logsDir, { recursive: true });
  const [port, pgPort] = await freePorts(2);
  const env = { LEAD_RATE_LIMIT_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "0" };
  // The email workers run in the server process by default (as in a single-instance deployment).
  if (process.env.BENCH_LEADS_JOBS_ENABLED) env.JOBS_ENABLED = process.env.BENCH_LEADS_JOBS_ENABLED;
  results.settings.jobsEnabled = env.JOBS_ENABLED ?? "true (default)";
  if (process.env.BENCH_DATABASE_URL) {
    externalDb = await createExternalDatabase(process.env.BENCH_DATABASE_URL);
    env.DATABASE_URL = externalDb.url;
  }
  results.database = externalDb ? `DATABASE_URL (${new URL(externalDb.url).host})` : "embedded PostgreSQL";
  log(`server from ${snapshot.dir}, ${results.database}, rate limit off`);
  server = await startServer({ cwd: snapshot.dir, dataDir, port, pgPort, logLevel: "warn", env, timeoutMs: START_TIMEOUT_MS, logFile: path.join(logsDir, "server.log") });
  const dbUrl = externalDb ? externalDb.url : embeddedDatabaseUrl(dataDir, pgPort);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    results.r1 = await r1(server.url, db);
    results.r2 = await r2(server.url, db);
    results.p5 = await p5(server.url);
  } finally {
    await db.end();
  }
  results.shutdown = await server.stop();
}

async function cleanup() {
  await killAll();
  await dropExternalDatabase().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
  snapshot?.remove();
  if (dataDir) {
    if (livePostmaster(dataDir)) console.error(`warning: PostgreSQL still running in ${dataDir}; left in place`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report() {
  const out = ["", `Leads benchmark  ${results.startedAt}  (Node ${results.machine.node}, ${results.machine.cpus} CPUs, ${results.database ?? "?"}; rate limit off)`, ""];
  const { r1: a, r2: b, p5: c } = results;
  if (a) {
    out.push(`R1. ${a.posts} posts at concurrency ${CONCURRENCY}, unique keys, 1 in ${FILE_EVERY} with a file (${a.seconds} s, ${a.postsPerSecond} posts/s)`);
    out.push(
      table([
        ["", "acknowledged", "stored", "duplicates", "acked not stored", "stored not acked"],
        ["leads", String(a.acknowledged), String(a.rows), String(a.duplicates), String(a.ackedNotStored), String(a.storedNotAcked)],
        ["uploads", String(a.acknowledgedUploads), `${a.storedUploads} rows / ${a.filesOnDisk} files`, "-", "-", String(a.uploadsWithoutAck)],
      ]),
    );
    out.push(`   statuses ${JSON.stringify(a.statuses)}; latency p50 ${fmt(a.latencyMs.p50, " ms")}, p95 ${fmt(a.latencyMs.p95, " ms")}, p99 ${fmt(a.latencyMs.p99, " ms")}`);
    if (a.refused > 0) out.push(`   WARNING ${a.refused} posts were not acknowledged (see statuses; none of them stored anything)`);
    out.push(`   R1 rows = acknowledged, 0 duplicates, uploads = acknowledged uploads: ${verdict(a.pass)}`, "");
  }
  if (b) out.push(`R2. one key x 100 in parallel: ${b.acknowledged} acknowledged, ${b.leads} lead, ${b.attachments} attachment: ${verdict(b.pass)}`, "");
  if (c) {
    out.push(`P5. lead post without a file, ${c.connections} connections, ${c.seconds} s`);
    out.push(
      table([
        ["", "posts", "posts/s", "p50", "p90", "p95", "p99", "max"],
        ["POST /inspection-request", String(c.requests), String(c.postsPerSecond), fmt(c.latencyMs.p50, " ms", 2), fmt(c.latencyMs.p90, " ms", 2), fmt(c.latencyMs.p95, " ms", 2), fmt(c.latencyMs.p99, " ms", 2), fmt(c.latencyMs.max, " ms", 1)],
      ]),
    );
    out.push(`   statuses ${JSON.stringify(c.statuses)}; P5 goal p95 <= ${GOALS.p5MaxP95Ms} ms: ${verdict(c.pass)}`, "");
  }
  if (results.error) out.push(`ERROR ${results.error}`);
  console.log(out.join("\n"));
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and cleaning up...`);
    // A cleanup that fails part way says so (what it did not remove is left behind) before the exit.
    cleanup()
      .catch((error) => console.error(`cleanup failed: ${error instanceof Error ? error.stack : error}`))
      .finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  results.error = error instanceof Error ? error.message : String(error);
  console.error(`\nleads benchmark failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  if (!interrupted) {
    await cleanup();
    results.finishedAt = new Date().toISOString();
    report();
    const file = writeResults(`leads-${stamp}`, results);
    console.log(`JSON: ${path.relative(process.cwd(), file) || file}\nserver log: ${path.relative(process.cwd(), logsDir)}/server.log`);
    const failed = results.error || !results.r1?.pass || !results.r2?.pass;
    process.exitCode = failed ? 1 : 0;
  }
}
