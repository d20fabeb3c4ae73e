import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { logger } from "~/lib/logger.server";

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

/**
 * Applies the committed SQL migrations on `client` (which holds the start-up lock), and logs each one it
 * applied by name (an operator sees what a start or a restore changed). Resolves with their tags.
 */
export async function applyMigrations(client: pg.Client, migrationsFolder = MIGRATIONS_DIR): Promise<string[]> {
  const before = await lastAppliedMigration(client);
  await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle" });
  // drizzle applies every migration of the journal newer than the last it recorded, as this reads them.
  const applied = (await migrationJournal(migrationsFolder)).filter((entry) => entry.when > before).map((entry) => entry.tag);
  for (const tag of applied) logger.info({ migration: tag }, `migration ${tag} applied`);
  return applied;
}

/** The journal `when` of the newest migration recorded in the database (0 when none is). */
async function lastAppliedMigration(client: pg.Client): Promise<number> {
  const table = await client.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table.rows[0]?.present) return 0;
  const last = await client.query<{ last: string | null }>("select max(created_at)::text as last from drizzle.__drizzle_migrations");
  return Number(last.rows[0]?.last ?? 0);
}

/**
 * Applies the committed SQL migrations under the start-up lock, so two instances starting at once never
 * race: the second waits, then finds nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_DIR): Promise<string[]> {
  return withStartupLock(pool, (client) => applyMigrations(client, migrationsFolder));
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The committed migrations, oldest first (drizzle's journal: `when` is what it records as applied). */
export async function migrationJournal(migrationsFolder = MIGRATIONS_DIR): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fsp.readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * Applies the committed migrations up to the one recorded at `when` and no further (a restore recreates
 * the schema an archive was made with; the next start migrates the rest as usual). Throws when this app
 * has no migration at `when` (an archive of a newer version of the app).
 */
export async function applyMigrationsUpTo(client: pg.Client, when: number, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const entries = await migrationJournal(migrationsFolder);
  const upTo = entries.findIndex((entry) => entry.when === when);
  if (upTo === -1) throw new UnknownMigrationError(when);
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "migrations-"));
  try {
    await fsp.mkdir(path.join(folder, "meta"));
    const kept = entries.slice(0, upTo + 1);
    const journal = JSON.parse(await fsp.readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Record<string, unknown>;
    await fsp.writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
    for (const entry of kept) await fsp.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await applyMigrations(client, folder);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

class UnknownMigrationError extends Error {
  constructor(readonly when: number) {
    super(`This version of the app has no migration recorded at ${when}: the archive was made by a newer version.`);
    this.name = "UnknownMigrationError";
  }
}
