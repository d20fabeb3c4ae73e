import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { embeddedConnectionString } from "./embedded-postgres.server";
import * as schema from "./schema";

/**
 * The one connection pool of the process. With DATABASE_URL set it points at
 * that server; otherwise at the embedded server, whose address and password
 * are known before it starts (see embedded-postgres.server.ts). The pool
 * connects lazily, so importing this module never touches the network.
 */

export type Database = NodePgDatabase<typeof schema>;
/** The `tx` handed to `db().transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything a domain function can run queries on: the database or an open transaction. */
export type DbExecutor = Database | DbTransaction;

interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
}

const globalForDb = globalThis as unknown as { __appDatabase?: DatabaseHandle; __embeddedPort?: number };

export function databaseUrl(): string {
  const cfg = config();
  return cfg.DATABASE_URL ?? embeddedConnectionString(cfg.dataDir, globalForDb.__embeddedPort ?? cfg.EMBEDDED_PG_PORT);
}

/**
 * A command working beside the running app reaches the embedded server on the port its lock file names
 * (DATA_DIR/postgres/postmaster.pid), which may not be this shell's EMBEDDED_PG_PORT. Call before the
 * first query (the pool keeps the address it was made with); undefined goes back to the configuration.
 */
export function setEmbeddedServerPort(port: number | undefined): void {
  globalForDb.__embeddedPort = port;
}

function createHandle(): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: config().DATABASE_POOL_MAX,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: "roofing-site",
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
  // Nor one that is checked out: pg-pool removes its own listener meanwhile, and a client's connection
  // ending (PostgreSQL killed mid-transaction) is an `error` event that, unheard, ends the process. The
  // query in flight still fails with the error; this listener only keeps the process up (issue 20, kill -9).
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "database connection lost while in use"));
  });
  return { pool, db: drizzle(pool, { schema, casing: "snake_case" }) };
}

function handle(): DatabaseHandle {
  globalForDb.__appDatabase ??= createHandle();
  return globalForDb.__appDatabase;
}

/** The Drizzle database. Use in domain code: `db().select()...`. */
export function db(): Database {
  return handle().db;
}

export function pool(): pg.Pool {
  return handle().pool;
}

export async function closeDatabase(): Promise<void> {
  const current = globalForDb.__appDatabase;
  globalForDb.__appDatabase = undefined;
  if (current) await current.pool.end();
}
