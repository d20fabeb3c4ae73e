import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects, both run by a plain `vitest run`:
 *
 * - unit: app, server and cross-domain integration tests in Node, each test
 *   file with its own clone of the migrated + seeded template database
 *   (tests/support/setup-db.ts);
 * - e2e: the production server (`node server.js`, built by `npm test`) and a
 *   real Chromium; heavy, so at most 2 files at once and run after unit.
 *
 * The root global setup (tests/support/global-setup.ts) runs once per run for
 * both projects: it provides the PostgreSQL server (DATABASE_URL's, or an
 * embedded one) and the template, and drops every database the run created.
 * Projects do not `extends` the root, or they would run it again.
 *
 * `TEST_PASS=database` (`npm run test:database`, CI's second pass on the machine's PostgreSQL,
 * ADR 051) runs only the unit and e2e files listed below.
 */

/**
 * The e2e files whose outcome depends on which PostgreSQL server the run uses (its version, its settings,
 * an outside server reached by DATABASE_URL rather than one the app owns). CI runs them on the embedded
 * server with everything else (`npm test`) and again on the machine's server (`npm run test:database`).
 * Every other e2e file runs once: it either starts a PostgreSQL of its own (so the run's server is not
 * used at all), or drives pages and HTTP over a fresh database whose queries the unit project, which the
 * second pass runs whole, already exercises on that server.
 */
const DATABASE_E2E_FILES = [
  // Three instances started at once on an empty database: the start-up advisory lock around the
  // migrations, the seed, the first super admin and pg-boss's queue creation (a deadlock before).
  "tests/e2e/concurrent-start.test.ts",
  // Two web instances and a jobs instance on one database: LISTEN/NOTIFY clearing the page caches,
  // sessions shared through the database, pg-boss jobs taken once by the jobs instance.
  "tests/e2e/several-instances.test.ts",
  // The jobs' heartbeat row and pg-boss queues seen from another instance; emails waiting in the queue.
  "tests/e2e/jobs-heartbeat.test.ts",
  // kill -9 while leads are posted: with DATABASE_URL it takes its other branch (the app only is
  // killed; the server is not the app's), so this pass is the only run of that branch.
  "tests/e2e/durability.test.ts",
  // The backup job (pg-boss) reads every table with COPY in one snapshot of the run's server.
  "tests/e2e/backups.test.ts",
  // Not listed, and why:
  // - lifecycle, backup-commands, database-outage: each starts an embedded PostgreSQL of its own
  //   (DATABASE_URL unset, or its own server): the run's server plays no part, both passes are the same;
  // - env-file, accounts-http: the .env file and the sign-in rate limit; the database is only where the
  //   app keeps its rows (the rate-limit table is tested on the server by the unit project);
  // - https-proxy, upgrade-build: the proxy in front and the build beside a running server; the database
  //   only keeps the rows;
  // - the browser files (admin-*, cms-*, public-pages, layout, inspection-form, portal, ...): pages over
  //   a fresh database; their queries run in the unit project's domain and route tests.
];
/**
 * The unit-project files the second pass runs again (issue 33 item 1): what depends on the database's kind,
 * version and settings rather than on the app's own logic. Migrations and the seed, start-up and the
 * DATABASE_URL mode, pg-boss's schema and jobs, backups (COPY in one snapshot, pg_dump), LISTEN/NOTIFY,
 * and every test that races writers against a lock, a unique index or an advisory lock. The other unit
 * files (validation, rendering, one writer at a time) run once, on the embedded server, in `npm test`.
 */
const DATABASE_UNIT_FILES = [
  // migrations, the seed and its upgrade, the availability checks, the embedded server's version
  "app/db/**/*.test.ts",
  // the typed configuration: DATABASE_URL or the embedded server
  "app/config.server.test.ts",
  // pg-boss: its schema and upgrade, the heartbeat, the crawl and digest jobs and their schedules
  "app/jobs/**/*.test.ts",
  "app/domain/operations/jobs-heartbeat.server.test.ts",
  "app/domain/contracts/crawler/crawl-job.server.test.ts",
  "app/domain/contracts/crawler/schedule-digest.server.test.ts",
  // the outbox: claimed under lock, sent once, its bodies purged
  "app/domain/email/email.test.ts",
  "tests/integration/inspection-email.test.ts",
  // backups: COPY of every table in one snapshot, restore; what a pg_dump of the server holds
  "app/domain/backups/**/*.test.ts",
  "tests/integration/secrets-at-rest.test.ts",
  // LISTEN/NOTIFY: the read models and page caches cleared across connections
  "app/lib/read-model-cache.server.test.ts",
  "tests/integration/content-changes.test.ts",
  // writers racing: advisory locks, row locks, unique and partial unique indexes
  "tests/integration/booking.test.ts",
  "tests/integration/proposals.test.ts",
  "app/domain/leads/leads.test.ts",
  "app/domain/leads/review-request.test.ts",
  "app/domain/leads/appointments/appointments.server.test.ts",
  "app/domain/content-schedule/schedule.test.ts",
  "app/domain/contracts/sources/admin-actions.test.ts",
  // sign-in limits kept in the database; the first super admin at start-up; the test harness itself
  "tests/integration/auth-flows.test.ts",
  "tests/integration/auth-bootstrap.test.ts",
  "tests/integration/test-database.test.ts",
];
const missing = [...DATABASE_E2E_FILES, ...DATABASE_UNIT_FILES]
  .filter((file) => !file.includes("*"))
  .filter((file) => !fs.existsSync(new URL(file, import.meta.url)));
if (missing.length) throw new Error(`vitest.config.ts lists test files that do not exist: ${missing.join(", ")}`);
const databasePass = process.env.TEST_PASS === "database";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    teardownTimeout: 30_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: databasePass ? DATABASE_UNIT_FILES : ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          setupFiles: ["tests/support/setup-db.ts"],
          testTimeout: 15_000,
          hookTimeout: 60_000,
          // expect.poll waits up to 1 s by default: too short for a busy 2-core machine (a revalidation
          // after an action took longer in a CI run). A poll that succeeds returns at once.
          expect: { poll: { timeout: 10_000 } },
          // Database work is partly I/O-bound: two workers even on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: databasePass ? DATABASE_E2E_FILES : ["tests/e2e/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          // Each file runs a server (and maybe PostgreSQL and Chromium): two at once on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
