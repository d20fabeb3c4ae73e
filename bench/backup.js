// `npm run bench:backup`: backup and restore of the seeded data plus BENCH_BACKUP_LEADS (default 10,000)
// leads, with the production build's commands (issue 20). Starts the server on a fresh DATA_DIR (migrations
// and seed), adds the leads, runs `npm run backup` while the server runs, stops it, runs
// `npm run restore -- ARCHIVE` into a second, empty DATA_DIR, and checks the lead count there. Prints the
// archive's size and the two times; the JSON goes to bench/results/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePorts } from "./lib/ports.js";
import { embeddedDatabaseUrl, ROOT, snapshotApp, startServer, tempDataDir } from "./lib/server.js";

const LEADS = Number(process.env.BENCH_BACKUP_LEADS ?? 10_000);

/** Runs `node scripts/<script>.js ...args` in the app's copy; resolves { ms, stdout, code }. */
function run(cwd, script, args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`scripts/${script}.js`, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`${script} exited ${code}: ${stderr}${stdout}`));
      else resolve({ ms: Math.round(performance.now() - started), stdout, code });
    });
  });
}

const app = snapshotApp();
// scripts/backup.js and restore.js, with what they import.
fs.mkdirSync(path.join(app.dir, "scripts"), { recursive: true });
for (const f of ["backup.js", "restore.js", "run-built-command.js", "check-node.js"]) fs.copyFileSync(path.join(ROOT, "scripts", f), path.join(app.dir, "scripts", f));
const source = tempDataDir("bench-backup-src-");
const target = tempDataDir("bench-backup-dst-");
const [pgSource, pgTarget] = await freePorts(2);
const env = (dataDir, pgPort) => {
  const e = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn", NODE_ENV: "production", APP_URL: "http://localhost:3000" };
  delete process.env.DATABASE_URL;
  return e;
};

let server;
try {
  server = await startServer({ cwd: app.dir, dataDir: source, pgPort: pgSource });
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(source, pgSource) });
  await client.connect();
  const inserted = performance.now();
  await client.query(
    `insert into leads (first_name, last_name, email, phone, service, message, submission_key, landing_path, created_at)
     select 'Zoë ' || i, 'O''Brien', 'lead' || i || '@example.com', '614555' || lpad((i % 10000)::text, 4, '0'),
            'roof-repair', repeat('Hail damage on the north slope, shingles missing. ', 4), 'bench-backup-' || i, '/', now() - (i || ' minutes')::interval
     from generate_series(1, $1::int) i`,
    [LEADS],
  );
  const { rows: counted } = await client.query("select count(*)::int as n from leads");
  await client.end();
  console.log(`${counted[0].n} leads in the source (${LEADS} added in ${Math.round(performance.now() - inserted)} ms)`);

  const backup = await run(app.dir, "backup", [], env(source, pgSource));
  const archive = backup.stdout.trim().split("\n").at(-1);
  const bytes = fs.statSync(archive).size;
  console.log(`backup (server running): ${backup.ms} ms, ${(bytes / 1024 / 1024).toFixed(2)} MiB -> ${path.basename(archive)}`);
  await server.stop();
  server = undefined;

  const restore = await run(app.dir, "restore", [archive], env(target, pgTarget));
  console.log(`restore into an empty DATA_DIR: ${restore.ms} ms`);
  console.log(restore.stdout.trim().split("\n").filter((l) => l.startsWith("Restored")).join("\n"));

  const check = await startServer({ cwd: app.dir, dataDir: target, pgPort: pgTarget });
  const after = new pg.Client({ connectionString: embeddedDatabaseUrl(target, pgTarget) });
  await after.connect();
  const { rows } = await after.query("select count(*)::int as n from leads");
  await after.end();
  await check.stop();
  console.log(`after restore and a start: ${rows[0].n} leads (${rows[0].n === counted[0].n ? "same as the source" : "DIFFERENT"})`);

  const result = { at: new Date().toISOString(), leads: counted[0].n, archiveBytes: bytes, backupMs: backup.ms, restoreMs: restore.ms, leadsAfterRestore: rows[0].n };
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `backup-${Date.now()}.json`), `${JSON.stringify(result, null, 2)}\n`);
  if (rows[0].n !== counted[0].n) process.exitCode = 1;
} finally {
  await server?.stop().catch(() => {});
  for (const dir of [source, target]) fs.rmSync(dir, { recursive: true, force: true });
  app.remove();
}
