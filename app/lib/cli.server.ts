import { parseArgs, type ParseArgsConfig } from "node:util";
import { type Config, config, ConfigError } from "~/config.server";
import { pool, setEmbeddedServerPort } from "~/db/client.server";
import { EmbeddedPostgresRunningError, runningPostmaster, startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { runMigrations } from "~/db/migrate.server";

/**
 * What the command-line tools share (`npm run create-admin`, `npm run crawl`): their output, their
 * arguments with --help, the configuration, and the database they work on.
 */

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** A terminal: a progress line can be rewritten in place. */
  tty?: boolean;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  tty: process.stdout.isTTY,
};

type CliOptions = NonNullable<ParseArgsConfig["options"]>;
type CliValues<T extends CliOptions> = ReturnType<typeof parseArgs<{ options: T & { help: { type: "boolean"; short: "h" } }; strict: true; allowPositionals: false }>>["values"];

/**
 * The command's options (plus --help/-h), or the exit code once it has answered: 0 after printing the
 * usage for --help, 2 after an unknown or malformed option (with the usage).
 */
export function parseCliArgs<const T extends CliOptions>(argv: string[], options: T, usage: string, io: CliIo): CliValues<T> | number {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${usage}\n`);
    return 0;
  }
  // parseArgs checked every value against `options` (strict): they have the types it infers from them.
  return values as CliValues<T>;
}

/** The application's configuration, or exit code 1 once its problem is printed. */
export function cliConfig(io: CliIo): Config | number {
  try {
    return config();
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/**
 * Makes the database ready for a command and migrates it: DATABASE_URL's, else the embedded one in
 * DATA_DIR: the server already running on it (the app's, found by the data directory's lock file, on the
 * port that file names), or one started for the command (returned: stop it at the end). A command never
 * stops a server it did not start.
 */
export async function openCliDatabase(cfg: Config, io: CliIo, { migrate = true }: { migrate?: boolean } = {}): Promise<EmbeddedPostgres | undefined> {
  let embedded: EmbeddedPostgres | undefined;
  if (!cfg.DATABASE_URL) {
    let running = runningPostmaster(cfg.dataDir);
    if (!running) {
      io.out(`Starting the embedded database in ${cfg.dataDir} ...\n`);
      try {
        embedded = await startEmbeddedPostgres({ dataDir: cfg.dataDir, port: cfg.EMBEDDED_PG_PORT, runningServer: "refuse" });
      } catch (error) {
        // The app started meanwhile: use its server.
        if (!(error instanceof EmbeddedPostgresRunningError)) throw error;
        running = error.server;
      }
    }
    if (running) {
      if (!Number.isInteger(running.port)) throw new Error(`A PostgreSQL server runs on ${cfg.dataDir} (pid ${running.pid}) but its postmaster.pid names no port.`);
      setEmbeddedServerPort(running.port);
      if (running.port !== cfg.EMBEDDED_PG_PORT) io.out(`Using the database the app runs on ${cfg.dataDir} (port ${running.port}).\n`);
    }
  }
  if (!migrate) return embedded;
  try {
    await runMigrations(pool());
  } catch (error) {
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return embedded;
}
