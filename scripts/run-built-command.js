// @ts-check
// What the command-line scripts share (create-admin, crawl, backup, restore): the Node.js check, the
// `.env` file, production settings with human-readable output, and the command itself, run from the
// production build (no dev dependencies needed) with the script's arguments; the process exits with its code.
import "./check-node.js";
import fs from "node:fs";

/**
 * Runs `exportName` of build/server/index.js with the command line's arguments and exits with its code.
 * @param {string} exportName
 */
export async function runBuiltCommand(exportName) {
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
  const command = (await import(entry.href))[exportName];
  process.exit(await command(process.argv.slice(2)));
}
