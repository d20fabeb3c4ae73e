#!/usr/bin/env node
// @ts-check
// `npm run create-admin -- --email you@example.com [--first-name Ann] [--last-name Lee]`
// Creates a super admin with a one-time password (printed once), or promotes an existing account. The
// command lives in app/domain/accounts/create-admin-cli.server.ts.
import { runBuiltCommand } from "./run-built-command.js";

await runBuiltCommand("runCreateAdminCli");
