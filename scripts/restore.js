#!/usr/bin/env node
// @ts-check
// `npm run restore -- ARCHIVE [--force]`
// Restores a backup archive into an empty data directory or database (README, "Backups and restore").
// The command lives in app/domain/backups/backup-cli.server.ts.
import { runBuiltCommand } from "./run-built-command.js";

await runBuiltCommand("runRestoreCli");
