#!/usr/bin/env node
// `npm run bench:contracts` (also a step of `npm run bench`): QUALITY P6, the contract list with 50,000 rows,
// filtered and paged, <= 30 ms server time.
//
// A throwaway database (an embedded PostgreSQL in a temp directory, or a database bench_contracts_<pid> on
// BENCH_DATABASE_URL's server, dropped afterwards) is migrated and seeded, then filled with 50,000 contracts
// (generate_series: ~30% about roofs, 60% in OH, deadlines from 60 days ago to 180 days ahead, some without
// dates or values, 2% inactive). Then listContracts (app/domain/contracts/list-contracts.server.ts, loaded
// through Vite's SSR loader so the real TypeScript module runs) is timed in this process: text search "roof"
// + state OH + deadline in the next 60 days, page 3 (and the unfiltered page 3 of each sort, for comparison).
// p50/p95 over BENCH_CONTRACTS_RUNS rounds after 10 warm-up runs each; then EXPLAIN (ANALYZE, BUFFERS) of the page
// query and the count, with the indexes they use.
//
// Environment:
//   BENCH_CONTRACTS_ROWS   contracts to seed (default 50000)
//   BENCH_CONTRACTS_RUNS   timed rounds (default 200; one run of each scenario per round)
//   BENCH_DATABASE_URL     a PostgreSQL server to use instead of the embedded one
//   BENCH_QUIET_WAIT       max seconds to wait for a quiet machine before the timed runs (default 60; 0 = don't)
// The machine is shared: the scenarios take turns, and the report gives the cores other processes (PostgreSQL
// included) used during the timed runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { cpuMeter, waitForQuiet } from "./lib/cpu.js";
import { appModuleLoader } from "./lib/app-modules.js";
import { percentile } from "./lib/load.js";
import { freePort } from "./lib/ports.js";
import { fmt, machineInfo, table, timestamp, verdict, writeResults } from "./lib/results.js";
import { ROOT } from "./lib/server.js";

const ROWS = Math.max(1, Math.round(Number(process.env.BENCH_CONTRACTS_ROWS ?? 50_000)));
const RUNS = Math.max(1, Math.round(Number(process.env.BENCH_CONTRACTS_RUNS ?? 200)));
const WARMUP = 10;
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT ?? 60) * 1000;
const GOAL_MS = 30;
const log = (msg) => console.log(`· ${msg}`);

const SEED_SQL = `
insert into contract_opportunities (
  source_id, category_id, external_id, source_url, title, description, agency_name, estimated_value,
  location_city, location_state, posted_date, deadline_date, tags, priority_score, status, is_active,
  is_bookmarked, pipeline_stage, last_scraped_at, scrape_count
)
select
  case when i % 2 = 0 then (select id from contract_sources where slug = 'bidnet') else (select id from contract_sources where slug = 'govcb') end,
  case when i % 10 in (0, 1, 8) then (select id from contract_categories where slug = 'roofing') else null end,
  'bench-' || i,
  'https://bids.example.com/solicitation/' || i,
  (array['Roof replacement', 'Roofing repairs', 'HVAC maintenance', 'Parking lot paving', 'Window replacement',
         'Gutter and downspout work', 'Janitorial services', 'Elevator modernization', 'Re-roof of fire station',
         'Bridge painting'])[1 + i % 10] || ' #' || i,
  'Solicitation ' || i || ': ' || (array['furnish all labor and materials', 'pre-bid meeting on site',
    'prevailing wage applies', 'bonding required', 'see the attached specifications'])[1 + i % 5]
    || '. Project number ' || md5(i::text),
  (array['City of Columbus', 'Franklin County', 'Ohio Department of Administrative Services', 'City of Dayton',
         'Kentucky Finance Cabinet', 'Indiana Department of Administration', 'Columbus City Schools'])[1 + i % 7],
  case when i % 5 = 0 then null else ((i * 9973) % 5000000)::numeric end,
  (array['Columbus', 'Dayton', 'Cincinnati', 'Toledo', 'Akron'])[1 + i % 5],
  case when i % 10 < 6 then 'OH' else (array['KY', 'IN', 'PA', 'WV', 'MI'])[1 + i % 5] end,
  case when i % 20 = 0 then null else now() - make_interval(days => i % 365, mins => i % 1440) end,
  case when i % 25 = 0 then null else now() + make_interval(days => (i * 7) % 240 - 60, mins => i % 1440) end,
  case when i % 20 = 3 then array['bidnet', 'government', 'veteran-set-aside'] else array['bidnet', 'government'] end,
  1 + (i * 37) % 100,
  case when i % 50 = 1 then 'closed' else 'active' end,
  i % 50 <> 2,
  i % 40 = 5,
  (array['new', 'new', 'new', 'reviewing', 'bidding', 'submitted', 'won', 'lost', 'no_bid'])[1 + i % 9],
  now(),
  1 + i % 4
from generate_series(1, $1::int) as i`;

function companyDay(offsetDays) {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

const INDEX_SCAN = /(?:Bitmap Index Scan on|Index (?:Only )?Scan(?: Backward)? using) (\S+)/g;

async function main() {
  const results = { benchmark: "contracts", startedAt: new Date().toISOString(), machine: machineInfo(), settings: { rows: ROWS, runs: RUNS, warmup: WARMUP }, goals: { p6MaxP95Ms: GOAL_MS } };
  const cleanups = [];
  const vite = await appModuleLoader();
  cleanups.push(() => vite.close());
  try {
    let databaseUrl;
    if (process.env.BENCH_DATABASE_URL) {
      const name = `bench_contracts_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const url = new URL(process.env.BENCH_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      results.database = "BENCH_DATABASE_URL";
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-contracts-"));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { startEmbeddedPostgres } = await vite.ssrLoadModule("~/db/embedded-postgres.server.ts");
      log("starting an embedded PostgreSQL");
      const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.connectionString;
      results.database = "embedded";
    }
    process.env.DATABASE_URL = databaseUrl;
    process.env.JOBS_ENABLED = "false";
    process.env.LOG_LEVEL = "warn";

    const { pool, db, closeDatabase } = await vite.ssrLoadModule("~/db/client.server.ts");
    cleanups.push(() => closeDatabase());
    const { runMigrations } = await vite.ssrLoadModule("~/db/migrate.server.ts");
    const { seedDatabase } = await vite.ssrLoadModule("~/db/seed/index.server.ts");
    log("migrating and seeding");
    await runMigrations(pool(), path.join(ROOT, "app/db/migrations"));
    await seedDatabase(db());
    log(`inserting ${ROWS} contracts`);
    const seedStart = performance.now();
    await pool().query(SEED_SQL, [ROWS]);
    // As autovacuum leaves a table at rest: statistics and the visibility map (index-only counts).
    await pool().query("vacuum analyze contract_opportunities");
    results.seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

    const { listContracts } = await vite.ssrLoadModule("~/domain/contracts/list-contracts.server.ts");
    const { DEFAULT_CONTRACT_FILTERS } = await vite.ssrLoadModule("~/domain/contracts/contract-filters.ts");
    const query = await vite.ssrLoadModule("~/domain/contracts/contract-query.server.ts");
    const { count } = await vite.ssrLoadModule("drizzle-orm");
    const { contractOpportunities } = await vite.ssrLoadModule("~/db/schema/index.ts");

    const main = { ...DEFAULT_CONTRACT_FILTERS, q: "roof", state: "OH", deadlineFrom: companyDay(0), deadlineTo: companyDay(60), page: 3 };
    const scenarios = [
      ["P6: search 'roof' + state OH + deadline next 60 days, page 3", main],
      ["search 'roof' + state OH + deadline next 60 days, page 3, by value", { ...main, sort: "value" }],
      ["no filter, page 3 (posted)", { ...DEFAULT_CONTRACT_FILTERS, page: 3 }],
      ["no filter, page 3 (deadline)", { ...DEFAULT_CONTRACT_FILTERS, page: 3, sort: "deadline" }],
      ["no filter, page 3 (value)", { ...DEFAULT_CONTRACT_FILTERS, page: 3, sort: "value" }],
      ["no filter, page 3 (relevance)", { ...DEFAULT_CONTRACT_FILTERS, page: 3, sort: "relevance" }],
      ["search 'columbus fire', page 1", { ...DEFAULT_CONTRACT_FILTERS, q: "columbus fire" }],
      ["veteran + closing soon, page 1", { ...DEFAULT_CONTRACT_FILTERS, veteran: true, closingSoon: true }],
    ];
    // The scenarios take turns (one run of each per round), so that the shared machine's load falls on all
    // of them alike rather than on whichever ran while someone else's tests did.
    const groups = { bench: () => [process.pid] };
    const samples = scenarios.map(() => []);
    const totals = [];
    for (const [, filters] of scenarios) {
      totals.push((await listContracts(filters)).total);
      for (let i = 0; i < WARMUP; i += 1) await listContracts(filters);
    }
    if (QUIET_WAIT_MS > 0) {
      const quiet = await waitForQuiet(groups, { maxWaitMs: QUIET_WAIT_MS });
      log(`waited ${Math.round(quiet.waitedMs / 1000)} s for a quiet machine (others used ${fmt(quiet.otherCores, " cores", 2)}${quiet.quiet ? "" : ", not quiet"})`);
    }
    const meter = cpuMeter(groups);
    for (let round = 0; round < RUNS; round += 1) {
      for (const [index, [, filters]] of scenarios.entries()) {
        const start = performance.now();
        await listContracts(filters);
        samples[index].push(performance.now() - start);
      }
    }
    results.otherCores = meter.stop().otherCores;
    results.scenarios = scenarios.map(([name], index) => {
      const sorted = samples[index].sort((a, b) => a - b);
      return { name, total: totals[index], p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
    });
    log(`${RUNS} rounds of ${scenarios.length} scenarios; other processes (PostgreSQL included) used ${fmt(results.otherCores, " cores", 2)} meanwhile`);

    const where = query.contractWhere(main);
    const pageSql = query.contractRowsQuery().where(where).orderBy(...query.contractOrder(main.sort)).limit(50).offset(100).toSQL();
    const countSql = db().select({ total: count() }).from(contractOpportunities).where(where).toSQL();
    results.plans = {};
    for (const [name, statement] of [["page", pageSql], ["count", countSql]]) {
      const { rows } = await pool().query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      results.plans[name] = { plan, indexes: [...new Set([...plan.matchAll(INDEX_SCAN)].map((m) => m[1]))] };
    }

    const p6 = results.scenarios[0];
    results.p6 = { p50: p6.p50, p95: p6.p95, pass: p6.p95 <= GOAL_MS };
    console.log("\nContract list (listContracts, server time in this process, ms)");
    console.log(table([["scenario", "matches", "p50", "p95", "max"], ...results.scenarios.map((s) => [s.name, String(s.total), fmt(s.p50, "", 2), fmt(s.p95, "", 2), fmt(s.max, "", 2)])]));
    for (const [name, { plan, indexes }] of Object.entries(results.plans)) {
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the P6 ${name} query — indexes used: ${indexes.join(", ") || "none"}\n${plan}`);
    }
    console.log(`\nP6 (<= ${GOAL_MS} ms, p95): ${fmt(p6.p95, " ms", 2)} ${verdict(results.p6.pass)}`);
    console.log(`results: ${writeResults(`contracts-${timestamp()}`, results)}`);
    return results.p6.pass ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch((error) => console.error("cleanup failed:", error));
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
