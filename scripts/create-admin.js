#!/usr/bin/env node
// `npm run create-admin -- --email you@example.com [--first-name Ann] [--last-name Lee]`
// Creates a super admin with a one-time password (printed once), or promotes
// an existing account. Runs the production build (no dev dependencies needed):
// the command itself lives in app/domain/accounts/create-admin-cli.server.ts.
import "./check-node.js";
import fs from "node:fs";

// Settings from a `.env` file in the working directory, when there is one: the same variables and
// checks as the environment, whose values win over the file's (README, Configuration).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

process.env.NODE_ENV ??= "production";
// Human-readable output only: keep the JSON logs for warnings and errors.
process.env.LOG_LEVEL ??= "warn";

const entry = new URL("../build/server/index.js", import.meta.url);
if (!fs.existsSync(entry)) {
  process.stderr.write("No production build found. Run `npm run build` first.\n");
  process.exit(1);
}
const { runCreateAdminCli } = await import(entry.href);
const code = await runCreateAdminCli(process.argv.slice(2));
process.exit(code);
