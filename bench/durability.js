#!/usr/bin/env node
// `node bench/durability.js` (after `npm run build`; not part of `npm run bench`): issue 20 part 6, QUALITY R3.
// kill -9 while leads are being posted, many times over on one data directory:
//
//   - the production server runs with its email workers (JOBS_ENABLED) and SMTP_URL pointing at an SMTP server
//     inside this process (smtp-server on 127.0.0.1), which records every message it accepts;
//   - each run starts the server on the same DATA_DIR, posts inspection requests from several connections (the
//     JSON endpoint with a submission key, one in ten with a small PDF, and two in ten as the form without
//     JavaScript: a page post with no key, answered 303), and after a random time SIGKILLs the app (odd runs) or
//     the embedded PostgreSQL's postmaster (even runs; the app, left without a database, is SIGKILLed half a
//     second later);
//   - after each restart: every post that was acknowledged (200 with `ok`, or the 303) has its lead, once, with
//     its attachment (row and file) and its two outbox rows; then the posts that got no answer are sent again,
//     as a visitor would press the button again, and must make no second lead;
//   - at the end the outbox is left to drain (the sweep re-sends what a kill left behind: rows with no job after
//     a minute, rows left `sending` after five), and each queued email must have reached the SMTP server once.
//
// Environment:
//   BENCH_DURABILITY_RUNS         kill cycles (default 20)
//   BENCH_DURABILITY_CONCURRENCY  connections posting leads (default 3)
//   BENCH_DURABILITY_PACE_MS      pause of each connection between its posts (default 300)
//   BENCH_DURABILITY_KILL_MS      the kill comes 300 ms to this many ms after the first acknowledged post (default 1500)
//   BENCH_DURABILITY_DRAIN        max seconds to wait for the outbox to drain at the end (default 600)
//   BENCH_DATABASE_URL            a PostgreSQL server to use instead of the embedded one (a database
//                                 bench_durability_<pid> is created and dropped): only the app is killed then
//   BENCH_START_TIMEOUT           seconds allowed for each server start (default 180)
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePorts } from "./lib/ports.js";
import { machineInfo, table, timestamp, writeResults, RESULTS_DIR } from "./lib/results.js";
import { embeddedDatabaseUrl, envNumber, killAll, livePostmaster, snapshotApp, startServer, tempDataDir } from "./lib/server.js";
import { sleep } from "./lib/http.js";

const num = envNumber;

const RUNS = Math.max(1, Math.round(num("BENCH_DURABILITY_RUNS", 20)));
const CONCURRENCY = Math.max(1, Math.round(num("BENCH_DURABILITY_CONCURRENCY", 3)));
// Paced, not flat out: the email workers send about one message per second per process once the burst of
// wake-ups from new posts stops (pg-boss polls every 2 s, two workers), so a flat-out stream of ~300 posts/s
// would leave a backlog of thousands of emails to drain at the end. About ten leads per run still puts
// requests, commits and SMTP sends in flight at every kill.
const PACE_MS = num("BENCH_DURABILITY_PACE_MS", 300);
const KILL_MAX_MS = Math.max(300, num("BENCH_DURABILITY_KILL_MS", 1500));
const DRAIN_S = num("BENCH_DURABILITY_DRAIN", 600);
const START_TIMEOUT_MS = num("BENCH_START_TIMEOUT", 180) * 1000;
/** After a PostgreSQL kill the app keeps answering (503) this long before it is killed too. */
const APP_AFTER_PG_MS = 500;

const stamp = timestamp();
const logsDir = path.join(RESULTS_DIR, `durability-${stamp}-logs`);
const log = (msg) => console.log(`· ${msg}`);
// Every address of this bench's leads starts with it, so the checks never count another run's rows.
const tag = crypto.randomBytes(3).toString("hex");

const results = {
  benchmark: "durability",
  startedAt: new Date().toISOString(),
  machine: machineInfo(),
  settings: { runs: RUNS, concurrency: CONCURRENCY, paceMs: PACE_MS, killAfterMs: [300, KILL_MAX_MS], drainSeconds: DRAIN_S, appAfterPostgresKillMs: APP_AFTER_PG_MS },
  runs: [],
};

let snapshot;
let dataDir;
let externalDb;
let server;
let smtp;

/* ------------------------------------------------------------------------ */
/* The SMTP server the app sends to                                         */
/* ------------------------------------------------------------------------ */

/** smtp-server on 127.0.0.1: accepts everything, counts messages by their Message-ID (the outbox id @ domain). */
async function startSmtp() {
  const received = new Map(); // outbox id -> times received
  let total = 0;
  let withoutId = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
        const id = /^Message-ID:\s*<([^@>]+)@[^>]*>/im.exec(headers)?.[1];
        total += 1;
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
        else withoutId += 1;
        // Counted before the answer: a message counts as delivered once the server says 250.
        callback(null);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  server.on("error", () => {});
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    total: () => total,
    withoutId: () => withoutId,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/* ------------------------------------------------------------------------ */
/* Posting leads                                                            */
/* ------------------------------------------------------------------------ */

const BOUNDARY = "----durabilitybench5Hc2QxW";
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n% durability bench\n"), crypto.randomBytes(1024)]);

function formBody(fields, file) {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
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

/**
 * Post number `i` of run `run`: its kind, fields and where it goes. Each has its own address, which is how
 * its lead is found (posts without JavaScript have no submission key).
 */
function makePost(run, i) {
  const kind = i % 10 === 0 ? "file" : i % 10 === 3 || i % 10 === 7 ? "nojs" : "json";
  const email = `dur-${tag}-r${run}-${i}@example.com`;
  const fields = {
    formId: "inspection-form",
    ...(kind === "nojs" ? {} : { submissionKey: `dur-${tag}-r${run}-${String(i).padStart(6, "0")}` }),
    landingPath: "/contact",
    firstName: `Dura${i}`,
    lastName: `Run${run}`,
    email,
    phone: `(614) 555-${String(1000 + (i % 9000)).padStart(4, "0")}`,
    service: "roof-repair",
    message: `Durability bench, run ${run}, post ${i}: the roof leaks.`,
    ...(kind === "file" ? { hasInsuranceDocs: "on" } : {}),
  };
  return { run, i, kind, email, fields, file: kind === "file" ? { name: `claim-${run}-${i}.pdf`, bytes: PDF } : null, outcome: "unsent", tries: 0 };
}

/**
 * Sends `post` once. Outcome: `acked` (200 with ok, or the page post's 303 to the success notice), `refused`
 * (any other answer: nothing was promised) or `lost` (no answer: the connection broke).
 */
function send(agent, url, post) {
  const body = formBody(post.fields, post.file);
  const nojs = post.kind === "nojs";
  post.tries += 1;
  return new Promise((resolve) => {
    const request = http.request(
      `${url}${nojs ? "/contact" : "/inspection-request"}`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": body.length,
          accept: nojs ? "text/html" : "application/json",
          origin: url,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () => {
          let acked = false;
          if (nojs) acked = response.statusCode === 303 && /inspection-sent=/.test(response.headers.location ?? "");
          else if (response.statusCode === 200) {
            try {
              acked = JSON.parse(Buffer.concat(chunks).toString("utf8")).ok === true;
            } catch {
              acked = false;
            }
          }
          post.status = response.statusCode;
          post.outcome = acked ? "acked" : "refused";
          resolve(post);
        });
        response.on("error", () => {
          post.outcome = "lost";
          resolve(post);
        });
      },
    );
    request.on("error", () => {
      post.outcome = "lost";
      resolve(post);
    });
    request.end(body);
  });
}

/* ------------------------------------------------------------------------ */
/* One run: start, check the previous run, post, kill                       */
/* ------------------------------------------------------------------------ */

function databaseUrlOf(pgPort) {
  return externalDb ? externalDb.url : embeddedDatabaseUrl(dataDir, pgPort);
}

async function start(env, port, pgPort, label) {
  const started = performance.now();
  server = await startServer({
    cwd: snapshot.dir,
    dataDir,
    port,
    pgPort,
    logLevel: "info",
    env,
    timeoutMs: START_TIMEOUT_MS,
    logFile: path.join(logsDir, `${label}.log`),
  });
  return Math.round(performance.now() - started);
}

/** Posts new leads until the kill, then kills: the app, or PostgreSQL and then the app. */
async function postAndKill(run, target) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const posts = [];
  let next = 0;
  let firstAck;
  const firstAcked = new Promise((resolve) => (firstAck = resolve));
  const handle = server;
  let stop = false;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (!stop) {
      const post = makePost(run, next++);
      posts.push(post);
      await send(agent, handle.url, post);
      if (post.outcome === "acked") firstAck();
      // A broken connection is the kill: no new post on a dead server.
      if (post.outcome === "lost" && handle.exit) break;
      // Refusals (503 while PostgreSQL is gone) and broken connections come fast: don't spin on them.
      await sleep(post.outcome === "acked" ? PACE_MS : Math.max(50, PACE_MS));
    }
  });
  await Promise.race([firstAcked, sleep(30_000)]);
  const delay = 300 + Math.round(Math.random() * (KILL_MAX_MS - 300));
  await sleep(delay);
  const kill = { target, afterFirstAckMs: delay, ackedBefore: posts.filter((p) => p.outcome === "acked").length, emailsReceivedBefore: smtp.total() };
  if (target === "postgres") {
    const pid = livePostmaster(dataDir);
    if (!pid) throw new Error("no live postmaster to kill");
    process.kill(pid, "SIGKILL");
    kill.postmasterPid = pid;
    await sleep(APP_AFTER_PG_MS);
    // It should keep answering (503) without its database; an exit here is a crash (an unhandled 'error'
    // event of a pg client whose socket was reset), counted in the summary.
    kill.appExitedByItself = Boolean(handle.exit);
  }
  if (!handle.exit) handle.proc.kill("SIGKILL");
  await handle.exited;
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  kill.exit = { code: handle.exit.code, signal: handle.exit.signal };
  return { posts, kill };
}

/**
 * The state of `posts` in the database: leads per address, their attachments and files, and their outbox rows.
 */
async function inspect(db, posts) {
  const emails = posts.map((p) => p.email);
  const leads = (
    await db.query(
      `select l.id, l.email, l.submission_key,
              (select count(*)::int from lead_attachments a where a.lead_id = l.id) as attachments,
              (select array_agg(a.storage_key) from lead_attachments a where a.lead_id = l.id) as storage_keys
       from leads l where l.email = any($1)`,
      [emails],
    )
  ).rows;
  const byEmail = new Map();
  for (const lead of leads) byEmail.set(lead.email, [...(byEmail.get(lead.email) ?? []), lead]);
  const outbox = (
    await db.query(`select id, related_id, kind, status, attempts from email_outbox where related_id = any($1)`, [leads.map((l) => l.id)])
  ).rows;
  const outboxByLead = new Map();
  for (const row of outbox) outboxByLead.set(row.related_id, [...(outboxByLead.get(row.related_id) ?? []), row]);

  const acked = posts.filter((p) => p.outcome === "acked");
  const ackedEmails = new Set(acked.map((p) => p.email));
  const problems = [];
  let present = 0;
  for (const post of acked) {
    const found = byEmail.get(post.email) ?? [];
    if (found.length === 0) {
      problems.push(`acknowledged post ${post.run}/${post.i} (${post.kind}) has no lead`);
      continue;
    }
    present += 1;
    const lead = found[0];
    if (post.kind === "file") {
      const keys = lead.storage_keys ?? [];
      if (lead.attachments !== 1) problems.push(`lead of post ${post.run}/${post.i} has ${lead.attachments} attachments, not 1`);
      for (const key of keys) {
        if (!fs.existsSync(path.join(dataDir, "uploads", ...key.split("/")))) problems.push(`file ${key} of post ${post.run}/${post.i} is missing`);
      }
    }
  }
  const duplicates = [...byEmail.values()].filter((list) => list.length > 1);
  for (const list of duplicates) problems.push(`${list.length} leads for ${list[0].email}`);
  for (const lead of leads) {
    const kinds = (outboxByLead.get(lead.id) ?? []).map((r) => r.kind).sort();
    if (kinds.join(",") !== "lead.alert,lead.confirmation") problems.push(`lead ${lead.id} has outbox rows [${kinds}]`);
  }
  return {
    acked: acked.length,
    present,
    stored: leads.length,
    storedNotAcked: leads.filter((l) => !ackedEmails.has(l.email)).length,
    duplicateLeads: duplicates.length,
    outbox,
    problems,
  };
}

/**
 * Rows the kill left `sending`: claimed before the restart (the new process is sending others right now) and
 * not counted by an earlier run. The kill came during their SMTP exchange, or after the SMTP server accepted
 * the message and before the row was marked `sent`: those are sent again once the row is stale (5 minutes).
 */
const countedMidSend = new Set();
async function midSend(db, restartedAt) {
  const rows = (await db.query(`select id from email_outbox where status = 'sending' and updated_at < $1`, [restartedAt])).rows.filter(
    (r) => !countedMidSend.has(r.id),
  );
  for (const r of rows) countedMidSend.add(r.id);
  return { sending: rows.length, alreadyReceived: rows.filter((r) => smtp.received.has(r.id)).map((r) => r.id) };
}

/** The posts that got no acknowledgement, sent again with the same details (and key): must all be acknowledged now. */
async function retryUnacknowledged(url, posts) {
  const pending = posts.filter((p) => p.outcome !== "acked");
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let index = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (index < pending.length) await send(agent, url, pending[index++]);
    }),
  );
  agent.destroy();
  return { retried: pending.length, acked: pending.filter((p) => p.outcome === "acked").length };
}

/** After a restart: the previous run's acknowledged posts, then its unanswered ones sent again. */
async function checkAfterRestart(db, record, posts) {
  const first = await inspect(db, posts);
  record.presentAfterRestart = first.present;
  record.storedNotAcked = first.storedNotAcked;
  record.midSend = await midSend(db, record.restartedAt);
  record.retry = await retryUnacknowledged(server.url, posts);
  const second = await inspect(db, posts);
  record.leadsAfterRetry = second.stored;
  record.duplicateLeads = second.duplicateLeads;
  record.emailsQueued = second.outbox.length;
  record.outboxIds = second.outbox.map((r) => r.id);
  record.problems = [...first.problems, ...second.problems.filter((p) => !first.problems.includes(p))];
  if (record.retry.acked !== record.retry.retried) record.problems.push(`${record.retry.retried - record.retry.acked} retried posts were not acknowledged after the restart`);
  if (second.stored !== posts.length) record.problems.push(`${posts.length} posts made ${second.stored} leads after the retries`);
  const line = [
    `run ${String(record.run).padStart(2)} ${record.target.padEnd(8)}`,
    `posted ${record.posted}, acked ${record.acked}, present ${record.presentAfterRestart}`,
    `stored unacked ${record.storedNotAcked}, retried ${record.retry.retried}`,
    `leads ${record.leadsAfterRetry}, dup ${record.duplicateLeads}, emails queued ${record.emailsQueued}`,
    `mid-send ${record.midSend.sending} (${record.midSend.alreadyReceived.length} already received)`,
    `restart ${record.restartMs} ms`,
  ].join("; ");
  log(line + (record.problems.length ? `  PROBLEMS: ${record.problems.slice(0, 3).join(" | ")}` : ""));
}

/* ------------------------------------------------------------------------ */
/* Drain and tally                                                          */
/* ------------------------------------------------------------------------ */

async function drain(db) {
  const started = performance.now();
  let lastPrint = 0;
  for (;;) {
    const counts = Object.fromEntries((await db.query(`select status, count(*)::int as n from email_outbox group by status`)).rows.map((r) => [r.status, r.n]));
    const pending = (counts.queued ?? 0) + (counts.sending ?? 0);
    const seconds = (performance.now() - started) / 1000;
    if (pending === 0) return { seconds: Math.round(seconds), counts, drained: true };
    if (seconds - lastPrint >= 30) {
      lastPrint = seconds;
      log(`draining the outbox: ${JSON.stringify(counts)} after ${Math.round(seconds)} s (the sweep re-sends rows left queued after 60 s, sending after 300 s)`);
    }
    if (seconds > DRAIN_S) return { seconds: Math.round(seconds), counts, drained: false };
    await sleep(2_000);
  }
}

/**
 * Per run: the run's emails delivered, delivered more than once, never delivered. A second copy is `explained`
 * when the kill came after the SMTP server had accepted the first and before the row was marked sent (the row
 * was found `sending` with its message already received): nothing durable recorded the delivery, so the sweep
 * sends it again. SMTP offers no way to ask whether a message arrived; the copies share their Message-ID.
 */
function tally(record, acceptedBeforeKill) {
  let delivered = 0;
  const twice = [];
  const never = [];
  for (const id of record.outboxIds) {
    const times = smtp.received.get(id) ?? 0;
    if (times > 0) delivered += 1;
    if (times > 1) twice.push({ id, times, explained: acceptedBeforeKill.has(id) });
    if (times === 0) never.push(id);
  }
  record.emailsDelivered = delivered;
  record.emailsDeliveredTwice = twice;
  record.emailsNeverDelivered = never.length;
}

/* ------------------------------------------------------------------------ */
/* Main                                                                     */
/* ------------------------------------------------------------------------ */

async function createExternalDatabase(url) {
  const name = `bench_durability_${process.pid}`;
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

async function withDb(pgPort, fn) {
  const db = new pg.Client({ connectionString: databaseUrlOf(pgPort) });
  // A connection the server ends (a stop while we wait) is an error of the query, not a crash of the bench.
  db.on("error", () => {});
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

async function main() {
  snapshot = snapshotApp({ prefix: "bench-durability-app-" });
  dataDir = tempDataDir("bench-durability-data-");
  fs.mkdirSync(logsDir, { recursive: true });
  smtp = await startSmtp();
  const [port, pgPort] = await freePorts(2);
  const env = {
    JOBS_ENABLED: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Durability bench <bench@durability.test>",
    LEAD_RATE_LIMIT_PER_MINUTE: "0",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
  };
  if (process.env.BENCH_DATABASE_URL) {
    externalDb = await createExternalDatabase(process.env.BENCH_DATABASE_URL);
    env.DATABASE_URL = externalDb.url;
  }
  results.database = externalDb ? `DATABASE_URL (${new URL(externalDb.url).host}): the app is killed in every run` : "embedded PostgreSQL";
  log(`server from ${snapshot.dir}, ${results.database}, DATA_DIR ${dataDir}, SMTP ${smtp.url}`);

  let restartMs = await start(env, port, pgPort, "run-00-first-start");
  log(`first start (new data directory) ${restartMs} ms`);
  for (let run = 1; run <= RUNS; run++) {
    const target = !externalDb && run % 2 === 0 ? "postgres" : "app";
    const { posts, kill } = await postAndKill(run, target);
    const record = {
      run,
      target,
      kill,
      posted: posts.length,
      acked: posts.filter((p) => p.outcome === "acked").length,
      refused: posts.filter((p) => p.outcome === "refused").length,
      lost: posts.filter((p) => p.outcome === "lost").length,
      statuses: posts.reduce((acc, p) => ((acc[p.status ?? "none"] = (acc[p.status ?? "none"] ?? 0) + 1), acc), {}),
    };
    results.runs.push(record);
    record.restartedAt = new Date();
    restartMs = await start(env, port, pgPort, `run-${String(run).padStart(2, "0")}-restart`);
    record.restartMs = restartMs;
    await withDb(pgPort, (db) => checkAfterRestart(db, record, posts));
  }

  log(`waiting for the outbox to drain (at most ${DRAIN_S} s)`);
  await withDb(pgPort, async (db) => {
    results.drain = await drain(db);
    // Every run's leads once more, now that all the restarts are over.
    const all = results.runs.flatMap((r) => r.outboxIds);
    results.finalOutbox = (await db.query(`select status, count(*)::int as n from email_outbox where id = any($1) group by status`, [all])).rows;
  });
  // A last few seconds for a message whose row was marked sent while the SMTP answer was still on its way.
  await sleep(2_000);
  const acceptedBeforeKill = new Set(results.runs.flatMap((r) => r.midSend?.alreadyReceived ?? []));
  for (const record of results.runs) tally(record, acceptedBeforeKill);
  results.smtp = { messages: smtp.total(), withoutMessageId: smtp.withoutId(), distinctIds: smtp.received.size };
  results.shutdown = await server.stop();
}

function summarise() {
  const runs = results.runs;
  const sum = (f) => runs.reduce((s, r) => s + (f(r) ?? 0), 0);
  const known = new Set(runs.flatMap((r) => r.outboxIds ?? []));
  results.summary = {
    runs: runs.length,
    appKills: runs.filter((r) => r.target === "app").length,
    postgresKills: runs.filter((r) => r.target === "postgres").length,
    posted: sum((r) => r.posted),
    acknowledged: sum((r) => r.acked),
    presentAfterRestart: sum((r) => r.presentAfterRestart),
    acknowledgedMissing: sum((r) => r.acked - (r.presentAfterRestart ?? 0)),
    storedWithoutAck: sum((r) => r.storedNotAcked),
    retried: sum((r) => r.retry?.retried),
    duplicateLeads: sum((r) => r.duplicateLeads),
    emailsQueued: sum((r) => r.emailsQueued),
    emailsDelivered: sum((r) => r.emailsDelivered),
    emailsDeliveredTwice: sum((r) => r.emailsDeliveredTwice?.length),
    emailsDeliveredTwiceUnexplained: sum((r) => r.emailsDeliveredTwice?.filter((t) => !t.explained).length),
    emailsNeverDelivered: sum((r) => r.emailsNeverDelivered),
    appExitedAfterPostgresKill: runs.filter((r) => r.kill?.appExitedByItself).length,
    killedMidSend: sum((r) => r.midSend?.sending),
    killedAfterSmtpAccepted: sum((r) => r.midSend?.alreadyReceived.length),
    messagesNotFromTheseLeads: [...smtp.received.keys()].filter((id) => !known.has(id)).length + smtp.withoutId(),
    restartMs: { min: Math.min(...runs.map((r) => r.restartMs)), max: Math.max(...runs.map((r) => r.restartMs)) },
    problems: runs.flatMap((r) => (r.problems ?? []).map((p) => `run ${r.run}: ${p}`)),
  };
  const s = results.summary;
  results.pass =
    !results.error &&
    s.runs === RUNS &&
    s.acknowledgedMissing === 0 &&
    s.duplicateLeads === 0 &&
    s.problems.length === 0 &&
    s.emailsDeliveredTwiceUnexplained === 0 &&
    s.emailsNeverDelivered === 0 &&
    results.drain?.drained === true;
}

function report() {
  const out = ["", `Durability benchmark  ${results.startedAt}  (Node ${results.machine.node}, ${results.machine.cpus} CPUs, ${results.database ?? "?"})`, ""];
  out.push(
    table([
      ["run", "killed", "posted", "acked", "present", "stored unacked", "retried", "leads", "dup leads", "emails queued", "delivered", "twice", "never", "mid-send", "restart"],
      ...results.runs.map((r) => [
        String(r.run),
        r.target,
        String(r.posted),
        String(r.acked),
        String(r.presentAfterRestart ?? "-"),
        String(r.storedNotAcked ?? "-"),
        String(r.retry?.retried ?? "-"),
        String(r.leadsAfterRetry ?? "-"),
        String(r.duplicateLeads ?? "-"),
        String(r.emailsQueued ?? "-"),
        String(r.emailsDelivered ?? "-"),
        String(r.emailsDeliveredTwice?.length ?? "-"),
        String(r.emailsNeverDelivered ?? "-"),
        r.midSend ? `${r.midSend.sending}/${r.midSend.alreadyReceived.length}` : "-",
        r.restartMs === undefined ? "-" : `${(r.restartMs / 1000).toFixed(1)} s`,
      ]),
    ]),
  );
  out.push("  mid-send: outbox rows left `sending` by the kill / of which the SMTP server had already accepted the message");
  const s = results.summary;
  if (s) {
    out.push(
      "",
      `${s.runs} runs (${s.appKills} app kills, ${s.postgresKills} PostgreSQL kills, after ${s.appExitedAfterPostgresKill} of which the app exited by itself): ${s.posted} posts, ${s.acknowledged} acknowledged, ` +
        `${s.presentAfterRestart} present after restart (${s.acknowledgedMissing} missing), ${s.storedWithoutAck} stored without an answer, ` +
        `${s.retried} sent again, ${s.duplicateLeads} duplicate leads`,
      `emails: ${s.emailsQueued} queued, ${s.emailsDelivered} delivered, ${s.emailsNeverDelivered} never delivered, ` +
        `${s.emailsDeliveredTwice} delivered twice (${s.emailsDeliveredTwiceUnexplained} of them not explained by the kill's timing); ` +
        `${s.messagesNotFromTheseLeads} other messages`,
      `rows left \`sending\` by a kill: ${s.killedMidSend}, of which ${s.killedAfterSmtpAccepted} had been accepted by the SMTP server ` +
        `(sent again by the sweep: at-least-once delivery, the copies share their Message-ID)`,
      `outbox drain at the end: ${results.drain ? `${results.drain.drained ? "drained" : "NOT drained"} in ${results.drain.seconds} s ${JSON.stringify(results.drain.counts)}` : "-"}; ` +
        `restarts ${(s.restartMs.min / 1000).toFixed(1)}-${(s.restartMs.max / 1000).toFixed(1)} s`,
    );
    for (const problem of s.problems.slice(0, 20)) out.push(`  PROBLEM ${problem}`);
    for (const r of results.runs) {
      for (const t of r.emailsDeliveredTwice ?? []) {
        out.push(`  run ${r.run}: outbox ${t.id} delivered ${t.times} times${t.explained ? " (accepted by SMTP before the kill, row still sending)" : " NOT EXPLAINED"}`);
      }
    }
  }
  if (results.error) out.push(`ERROR ${results.error}`);
  out.push(
    "",
    `every acknowledged lead present once; every email delivered, and twice only when the kill came between the SMTP server's acceptance and the row's update: ${results.pass ? "PASS" : "FAIL"}`,
  );
  console.log(out.join("\n"));
}

async function cleanup() {
  await killAll();
  await smtp?.stop();
  await dropExternalDatabase().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
  snapshot?.remove();
  if (dataDir) {
    if (livePostmaster(dataDir)) console.error(`warning: PostgreSQL still running in ${dataDir}; left in place`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
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
  console.error(`\ndurability benchmark failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  if (!interrupted) {
    await cleanup();
    summarise();
    results.finishedAt = new Date().toISOString();
    report();
    // The outbox ids are in the JSON only as counts; the ids delivered twice are kept.
    for (const r of results.runs) delete r.outboxIds;
    const file = writeResults(`durability-${stamp}`, results);
    console.log(`JSON: ${path.relative(process.cwd(), file) || file}\nserver logs: ${path.relative(process.cwd(), logsDir)}/`);
    process.exitCode = results.pass ? 0 : 1;
  }
}
