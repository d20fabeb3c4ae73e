#!/usr/bin/env node
// @ts-check
// `npm run crawl -- --source bidnet [--config NAME]`
// Runs one crawl of a contract source in the foreground with a progress line, then prints the session's
// counters and log. The command lives in app/domain/contracts/crawler/crawl-cli.server.ts.
import { runBuiltCommand } from "./run-built-command.js";

await runBuiltCommand("runCrawlCli");
