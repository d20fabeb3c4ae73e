#!/usr/bin/env node
// Starts the application: `node server.js` serves the production build,
// `node server.js --dev` runs the Vite dev server with hot reloading.
// The real work happens in server/app.ts (bundled into build/server/index.js).
import fs from "node:fs";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

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
