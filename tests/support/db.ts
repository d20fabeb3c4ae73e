import pg from "pg";

/**
 * Database administration for tests: create, clone and drop databases on the
 * test PostgreSQL server (DATABASE_URL in CI, or the embedded server started
 * by global-setup.ts). Every database a run creates is named
 * `<run prefix>_...`, so teardown — or the next run, if this one was killed —
 * can find and drop all of them.
 *
 * No vitest imports here: global-setup.ts runs this in the main process.
 */

export interface TestDatabaseInfo {
  /** Superuser connection string to a database that always exists on the test server. */
  adminUrl: string;
  /** `vt_<pid of the vitest process>_<random>`: prefix of every database this run creates. */
  prefix: string;
  /** Migrated and seeded database to clone (`CREATE DATABASE x TEMPLATE tpl`), or null if the run has no unit project. */
  templateName: string | null;
  /** Where the test server comes from. */
  server: "embedded" | "DATABASE_URL";
  /** Data directory of the embedded test server (null with DATABASE_URL). */
  embeddedDataDir: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** Matches the names this module generates; group 1 is the pid of the run's vitest process. */
const RUN_DATABASE_PATTERN = /^vt_(\d+)_[a-z0-9]+_/;

export function newRunPrefix(pid = process.pid): string {
  return `vt_${pid}_${Math.random().toString(36).slice(2, 8)}`;
}

/** `url` pointing at database `name` instead. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Unexpected database name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: "vitest-admin" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * An admin connection string for the server behind `url`. CI points
 * DATABASE_URL at a database that exists (`.../test`); on a developer machine
 * it may not, so fall back to `postgres`, then `template1`, on the same server.
 */
export async function resolveAdminUrl(url: string): Promise<string> {
  const candidates = [url, withDatabase(url, "postgres"), withDatabase(url, "template1")];
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      await withClient(candidate, (client) => client.query("select 1"));
      return candidate;
    } catch (error) {
      lastError = error;
      // 3D000: database does not exist. Anything else (refused, auth) will not get better.
      if ((error as { code?: string }).code !== "3D000") break;
    }
  }
  throw new Error(`Cannot connect to the test PostgreSQL server (${redactUrl(url)}): ${String(lastError)}`, { cause: lastError });
}

export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

/** Creates `name` (empty, or a clone of `template`). */
export async function createDatabase(adminUrl: string, name: string, { template }: { template?: string } = {}): Promise<string> {
  await withClient(adminUrl, async (client) => {
    await client.query(`create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ""}`);
  });
  return withDatabase(adminUrl, name);
}

/** Drops `name` if it exists, ending its connections first. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => dropWith(client, name));
}

async function dropWith(client: pg.Client, name: string): Promise<void> {
  const { rows } = await client.query<{ datistemplate: boolean }>("select datistemplate from pg_database where datname = $1", [name]);
  if (rows.length === 0) return;
  if (rows[0]?.datistemplate) await client.query(`alter database ${quoteIdent(name)} with is_template false`);
  await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}

/** Drops every database whose name starts with `prefix` + "_". Returns their names. */
export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1) order by datname",
      [`${prefix}_`],
    );
    for (const { datname } of rows) await dropWith(client, datname);
    return rows.map((r) => r.datname);
  });
}

/**
 * Drops databases left by earlier runs that were killed before their
 * teardown (their vitest process is gone). Runs of other live processes are
 * left alone.
 */
export async function dropDatabasesOfDeadRuns(adminUrl: string, isAlive: (pid: number) => boolean): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'vt\\_%'");
    const dropped: string[] = [];
    for (const { datname } of rows) {
      const match = RUN_DATABASE_PATTERN.exec(datname);
      if (!match || isAlive(Number(match[1]))) continue;
      await dropWith(client, datname).then(
        () => dropped.push(datname),
        () => {},
      );
    }
    return dropped;
  });
}

/**
 * Empties the given tables (all public tables if none are named), restarting
 * sequences. Seeded content goes too: use `resetTestDatabase()` from
 * setup-db.ts to get back to the seeded state instead.
 */
export async function truncateTables(url: string, tables?: string[]): Promise<void> {
  await withClient(url, async (client) => {
    let names = tables;
    if (!names) {
      const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'");
      names = rows.map((r) => r.tablename);
    }
    if (names.length === 0) return;
    await client.query(`truncate ${names.map((n) => `"public".${quoteIdent(n)}`).join(", ")} restart identity cascade`);
  });
}
