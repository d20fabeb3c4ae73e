import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { runMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { seedDatabase } from "~/db/seed/index.server";
import {
  createDatabase,
  dropDatabasesOfDeadRuns,
  dropDatabasesWithPrefix,
  newRunPrefix,
  redactUrl,
  resolveAdminUrl,
  withClient,
  quoteIdent,
  type TestDatabaseInfo,
} from "./db";
import { snapshotApp } from "./app-snapshot";
import { sweepDeadRunDirectories, runTempDirPrefix } from "./temp-dirs";
import { freePort } from "./net";
import { isAlive } from "./processes";

/**
 * Once per `vitest run` (root config, so once even with several projects):
 *
 * 1. get a PostgreSQL server: DATABASE_URL's server when set (CI), else an
 *    embedded server in a fresh temp dir on a free port;
 * 2. build the template database: migrations + seed, then mark it a template
 *    that accepts no connections, so cloning it never waits on a lock;
 * 3. `provide("testDatabase", ...)` for the workers.
 *
 * Teardown drops every database named with this run's prefix, stops the
 * embedded server and removes its directory — on failure too. Leftovers of a
 * killed earlier run are swept at the start.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS_DIR = path.join(REPO_ROOT, "app/db/migrations");

export default async function setup(project: TestProject) {
  const started = performance.now();
  const prefix = newRunPrefix();
  await sweepDeadRunDirectories();

  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl: string | undefined;
  let snapshotDir: string | undefined;

  const teardown = async () => {
    const problems: unknown[] = [];
    if (adminUrl) await dropDatabasesWithPrefix(adminUrl, prefix).catch((e) => problems.push(e));
    if (embedded) await embedded.stop().catch((e) => problems.push(e));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (snapshotDir) fs.rmSync(snapshotDir, { recursive: true, force: true });
    if (problems.length) throw new AggregateError(problems, "test database teardown failed");
  };

  try {
    const external = process.env.DATABASE_URL?.trim();
    if (external) {
      adminUrl = await resolveAdminUrl(external);
      await dropDatabasesOfDeadRuns(adminUrl, isAlive);
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${runTempDirPrefix()}pg-`));
      // The server runs as the `postgres` OS user when we are root: it must be able to enter the directory.
      fs.chmodSync(dataDir, 0o755);
      embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
      adminUrl = embedded.connectionString;
    }

    const needsTemplate = project.vitest.projects.some((p) => p.name !== "e2e");
    const templateName = needsTemplate ? `${prefix}_tpl` : null;
    if (templateName) await buildTemplate(adminUrl, templateName);

    const info: TestDatabaseInfo = {
      adminUrl,
      prefix,
      templateName,
      server: external ? "DATABASE_URL" : "embedded",
      embeddedDataDir: dataDir ?? null,
    };
    project.provide("testDatabase", info);

    if (project.vitest.projects.some((p) => p.name === "e2e")) {
      const snapshot = snapshotApp(REPO_ROOT);
      if (snapshot.dir !== REPO_ROOT) snapshotDir = snapshot.dir;
      project.provide("appSnapshot", snapshot);
    } else {
      project.provide("appSnapshot", { dir: REPO_ROOT, problem: null });
    }
    if (process.env.TEST_DB_DEBUG) {
      console.log(
        `[test-db] ${info.server} server ${redactUrl(adminUrl)}, template ${templateName ?? "-"}, ready in ${Math.round(performance.now() - started)} ms`,
      );
    }
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}

async function buildTemplate(adminUrl: string, name: string) {
  const url = await createDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: "vitest-template" });
  try {
    await runMigrations(pool, MIGRATIONS_DIR);
    await seedDatabase(drizzle(pool, { schema, casing: "snake_case" }));
  } finally {
    await pool.end();
  }
  // No connections from now on: cloning (CREATE DATABASE ... TEMPLATE) fails while anyone is connected.
  await withClient(adminUrl, (client) =>
    client.query(`alter database ${quoteIdent(name)} with is_template true allow_connections false`),
  );
}
