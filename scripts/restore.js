#!/usr/bin/env node
// `npm run restore -- ARCHIVE [--force]`
// Runs the production build (no dev dependencies needed): the command lives in
// app/domain/backups/backup-cli.server.ts (README, "Backups and restore").
import "./check-node.js";
import fs from "node:fs";

// Settings from a `.env` file in the working directory, when there is one (README, Configuration).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

process.env.NODE_ENV ??= "production";
// Human-readable output only: keep the JSON logs for warnings and errors.
process.env.LOG_LEVEL ??= "warn";

const entry = new URL("../build/server/index.js", import.meta.url);
if (!fs.existsSync(entry)) {
  process.stderr.write("No production build found. Run `npm run build` first.\n");
  process.exit(1);
}
const { runRestoreCli } = await import(entry.href);
const code = await runRestoreCli(process.argv.slice(2));
process.exit(code);
