import { z } from "zod";
import { closeDatabase } from "~/db/client.server";
import type { EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { cliConfig, type CliIo, openCliDatabase, parseCliArgs, processIo } from "~/lib/cli.server";
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

export async function runCreateAdminCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const values = parseCliArgs(argv, { email: { type: "string" }, "first-name": { type: "string" }, "last-name": { type: "string" } }, USAGE, io);
  if (typeof values === "number") return values;
  const cfg = cliConfig(io);
  if (typeof cfg === "number") return cfg;
  const email = values.email ?? cfg.ADMIN_EMAIL;
  if (!email) {
    io.err(`No email given.\n\n${USAGE}\n`);
    return 2;
  }

  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await openCliDatabase(cfg, io);
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
      if (!result.emailVerified) {
        io.out(
          "Its email address is not confirmed yet: signing in emails a confirmation link, and whoever opens it chooses the password.\n",
        );
      }
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
