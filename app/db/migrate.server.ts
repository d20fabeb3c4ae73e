import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/** Arbitrary but fixed key: every instance of the app takes the same lock. */
const MIGRATION_LOCK_KEY = 727_274_001;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/db/migrations");

/**
 * Applies the committed SQL migrations. Runs under a PostgreSQL advisory lock,
 * so two instances starting at once never race: the second waits, then finds
 * nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle" });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
