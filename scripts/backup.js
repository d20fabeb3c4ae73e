#!/usr/bin/env node
// @ts-check
// `npm run backup`
// One backup archive of the database and the uploaded files; its path is the last line of the output
// (README, "Backups and restore"). The command lives in app/domain/backups/backup-cli.server.ts.
import { runBuiltCommand } from "./run-built-command.js";

await runBuiltCommand("runBackupCli");
