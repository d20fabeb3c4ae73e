import { afterAll, inject } from "vitest";
import { createDatabase, dropDatabase } from "./db";

/**
 * Setup file of the `unit` project: runs in the worker before each test file
 * is imported. It gives the file its own copy of the migrated, seeded
 * template database and points the app's configuration at it, so
 * `db()` / `pool()` from `~/db/client.server` just work in tests.
 *
 * The copy is named after the worker slot (`<run>_unit_w<VITEST_POOL_ID>`) and
 * re-cloned for every file, so files never see each other's writes and a run
 * holds at most one copy per worker. Cloning is lock-free: the template
 * accepts no connections. Helpers: ./test-database.ts.
 */

const info = inject("testDatabase");
if (!info.templateName) throw new Error("The test database template was not built (global-setup.ts skipped it for this run).");

const databaseName = `${info.prefix}_unit_w${process.env.VITEST_POOL_ID ?? process.pid}`;
await dropDatabase(info.adminUrl, databaseName);
const url = await createDatabase(info.adminUrl, databaseName, { template: info.templateName });

// Before any app module reads the environment (they are imported below, and by the test file after us).
process.env.TEST_DATABASE_NAME = databaseName;
process.env.DATABASE_URL = url;
process.env.NODE_ENV = "test";
// Tests drive jobs explicitly; no pg-boss workers in the background.
process.env.JOBS_ENABLED = "false";

const { resetConfigForTests } = await import("~/config.server");
resetConfigForTests();

afterAll(async () => {
  const { closeDatabase } = await import("~/db/client.server");
  await closeDatabase();
});
