import type { KnipConfig } from "knip";

/**
 * Unused files, exports, types and dependencies (issue 21). `npx knip` must stay quiet: whatever it reports
 * is either removed or, when it is a false positive, named here with the reason.
 *
 * What knip finds by itself, through its plugins: React Router (app/routes.ts and every route module in it,
 * app/root.tsx, app/entry.server.tsx; a route module's exports are the framework's to use), Vite
 * (vite.config.ts), Vitest (vitest.config.ts: both projects' test files, the global setup, the setup file),
 * ESLint (eslint.config.js), drizzle-kit (drizzle.config.ts) and the package.json scripts (server.js,
 * scripts/*.js, the benches they run). Route modules import `./+types/<route>`, which `react-router typegen`
 * writes: run knip after `npm run typecheck`, as CI does.
 */
const config: KnipConfig = {
  entry: [
    // The server bundle's entry (vite.config.ts: environments.ssr), loaded by server.js.
    "server/app.ts",
    // Emitted as its own chunk by vite.config.ts (crawlPageParserWorker) and started as the page parser process.
    "app/domain/contracts/crawler/page-parser-worker.server.ts",
    // Every bench is run by hand or by an npm script (bench/README.md); crawler-parse.js is not in a script.
    "bench/*.js",
    // Started as a child process by bench/run.js and by tsx from bench/lighthouse.js, by path.
    "bench/lib/bare-server.js",
    "bench/lib/trivial-server.js",
    "bench/lib/seed-media-photos.ts",
    // Run by hand (README): `node scripts/<name>.js`.
    "scripts/*.js",
  ],
  // bench/lib/wrk.js installs wrk with the system's apt-get when it is missing (ADR 042).
  ignoreBinaries: ["apt-get"],
  ignoreIssues: {
    // The benchmarks' helper library: its exports are the API bench/README.md documents for new benchmarks.
    "bench/lib/**": ["exports"],
  },
};

export default config;
