import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** Arbitrary but fixed key: every instance of the app takes the same lock. */
const MIGRATION_LOCK_KEY = 727_274_001;

const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/db/migrations");

/**
 * Runs `work` while holding the start-up lock, a PostgreSQL advisory lock every instance of the app takes
 * with the same key: instances started together on one database do their start-up work (migrations, the
 * seed, the first super admin, the job queues and schedules) one after the other. Concurrent, pg-boss's
 * queue creation deadlocks (issue 24); in turn, each later instance finds the work done.
 *
 * The lock is held by a connection of its own, opened with the pool's settings, so `work` can still use
 * the pool (even one of a single connection), and gets that connection for the steps that must run on it.
 * Ending it releases the lock whatever happened; a failure to unlock never hides the error of `work`.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...pool.options, application_name: "roofing-site-startup" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await work(client);
  } finally {
    // Ending the session releases its advisory locks; an unlock first lets the next instance go at once.
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Applies the committed SQL migrations on `client` (which holds the start-up lock). */
export async function applyMigrations(client: pg.Client, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle" });
}

/**
 * Applies the committed SQL migrations under the start-up lock, so two instances starting at once never
 * race: the second waits, then finds nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await withStartupLock(pool, (client) => applyMigrations(client, migrationsFolder));
}
