import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { config, ConfigError } from "~/config.server";
import { closeDatabase, databaseUrl, pool } from "~/db/client.server";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { runMigrations } from "~/db/migrate.server";
import { createOrPromoteSuperAdmin } from "./bootstrap.server";

/**
 * `npm run create-admin -- --email you@example.com [--first-name Ann] [--last-name Lee]`
 *
 * Creates a super admin with a one-time password (printed once; the account
 * must choose its own password at first sign-in), or promotes the existing
 * account with that email (approved + super_admin; its password is kept).
 * Uses DATABASE_URL, or the embedded database in DATA_DIR: the running app's
 * if it is up, otherwise it starts it for the duration of the command.
 * Bundled into build/server/index.js (server/app.ts re-exports it) and run by
 * scripts/create-admin.js, so it works in production without dev dependencies.
 */

const USAGE = `Usage: npm run create-admin -- --email <address> [--first-name <name>] [--last-name <name>]

Creates a super admin with a one-time password, or promotes an existing account.
--email defaults to ADMIN_EMAIL.`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function runCreateAdminCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let values: { email?: string; "first-name"?: string; "last-name"?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }

  let cfg;
  try {
    cfg = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const email = values.email ?? cfg.ADMIN_EMAIL;
  if (!email) {
    io.err(`No email given.\n\n${USAGE}\n`);
    return 2;
  }

  let embedded: EmbeddedPostgres | undefined;
  try {
    if (!cfg.DATABASE_URL && !(await canConnect(databaseUrl()))) {
      io.out(`Starting the embedded database in ${cfg.dataDir} ...\n`);
      embedded = await startEmbeddedPostgres({ dataDir: cfg.dataDir, port: cfg.EMBEDDED_PG_PORT });
    }
    await runMigrations(pool());
    const result = await createOrPromoteSuperAdmin({
      email,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    if (result.outcome === "created") {
      io.out(
        [
          "",
          `Super admin created: ${result.email}`,
          `One-time password:   ${result.oneTimePassword}`,
          "",
          "Sign in at /auth with it; you will be asked to choose your own password.",
          "This password is shown only this once.",
          "",
        ].join("\n"),
      );
    } else {
      io.out(
        result.wasSuperAdmin
          ? `${result.email} already was a super admin (account approved; password unchanged).\n`
          : `${result.email} is now an approved super admin. They sign in with their existing password.\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof z.ZodError) {
      io.err(`${error.issues.map((i) => i.message).join("\n")}\n`);
      return 2;
    }
    io.err(`create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
