#!/usr/bin/env node
// `npm run crawl -- --source bidnet [--config NAME]`
// Runs one crawl of a contract source in the foreground with a progress line,
// then prints the session's counters and log. Runs the production build (no
// dev dependencies needed): the command lives in
// app/domain/contracts/crawler/crawl-cli.server.ts.
import "./check-node.js";
import fs from "node:fs";

// Settings from a `.env` file in the working directory, when there is one: the same variables and
// checks as the environment, whose values win over the file's (README, Configuration).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";

const entry = new URL("../build/server/index.js", import.meta.url);
if (!fs.existsSync(entry)) {
  process.stderr.write("No production build found. Run `npm run build` first.\n");
  process.exit(1);
}
const { runCrawlCli } = await import(entry.href);
const code = await runCrawlCli(process.argv.slice(2));
process.exit(code);
