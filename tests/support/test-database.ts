import { inject } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase } from "~/db/client.server";
import { createDatabase, dropDatabase, truncateTables, withDatabase } from "./db";

/**
 * Helpers for tests of the `unit` project, whose setup file (setup-db.ts)
 * gave each test file its own clone of the seeded template database.
 */

function current() {
  const info = inject("testDatabase");
  const name = process.env.TEST_DATABASE_NAME;
  if (!name || !info.templateName) throw new Error("No per-file test database: this helper works in the `unit` project only.");
  return { info, name, template: info.templateName };
}

/** Connection string of this test file's database. */
export function testDatabaseUrl(): string {
  const { info, name } = current();
  return withDatabase(info.adminUrl, name);
}

/**
 * Back to the freshly seeded state: closes the app's pool and re-clones the
 * template (a few hundred ms at most). For a few tables, `truncate()` is cheaper.
 */
export async function resetTestDatabase(): Promise<void> {
  const { info, name, template } = current();
  await closeDatabase();
  await dropDatabase(info.adminUrl, name);
  await createDatabase(info.adminUrl, name, { template });
  resetConfigForTests();
}

/** Empties the named tables (all public tables if none) of this file's database; cascades, restarts identities. */
export async function truncate(...tables: string[]): Promise<void> {
  await truncateTables(testDatabaseUrl(), tables.length ? tables : undefined);
}
