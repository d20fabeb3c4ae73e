#!/usr/bin/env node
// @ts-check
// Starts the application: `node server.js` serves the production build,
// `node server.js --dev` runs the Vite dev server with hot reloading, and
// `node server.js --local` (what `npm start` runs) serves the production build
// as a trial on this machine: without APP_URL, the site's address is taken to be
// http://localhost:PORT (a production server otherwise refuses to start
// without APP_URL; ADR 039).
// The real work happens in server/app.ts (bundled into build/server/index.js).
import "./scripts/check-node.js";
import fs from "node:fs";

// Settings from a `.env` file in the working directory, when there is one: the same variables and
// checks as the environment, whose values win over the file's (README, Configuration).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const dev = process.argv.includes("--dev");
const local = process.argv.includes("--local");
process.env.NODE_ENV ??= dev ? "development" : "production";
if (local && !process.env.APP_URL) {
  process.env.APP_URL = `http://localhost:${process.env.PORT || "3000"}`;
  process.stderr.write(
    `APP_URL is not set: serving a local trial on ${process.env.APP_URL} (links in emails and pages point there). Set APP_URL to the site's public address in production.\n`,
  );
}

if (dev) {
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const { main } = await vite.ssrLoadModule("./server/app.ts");
  await main({ vite });
} else {
  const entry = new URL("./build/server/index.js", import.meta.url);
  if (!fs.existsSync(entry)) {
    process.stderr.write("No production build found. Run `npm run build` first (or `npm start`, which builds).\n");
    process.exit(1);
  }
  const { main } = await import(entry.href);
  await main();
}
