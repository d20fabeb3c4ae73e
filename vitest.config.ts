import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects, both run by a plain `vitest run`:
 *
 * - unit: app, server and cross-domain integration tests in Node, each test
 *   file with its own clone of the migrated + seeded template database
 *   (tests/support/setup-db.ts);
 * - e2e: the production server (`node server.js`, built by `npm test`) and a
 *   real Chromium; heavy, so at most 2 files at once and run after unit.
 *
 * The root global setup (tests/support/global-setup.ts) runs once per run for
 * both projects: it provides the PostgreSQL server (DATABASE_URL's, or an
 * embedded one) and the template, and drops every database the run created.
 * Projects do not `extends` the root, or they would run it again.
 */

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    teardownTimeout: 30_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          setupFiles: ["tests/support/setup-db.ts"],
          testTimeout: 15_000,
          hookTimeout: 60_000,
          // expect.poll waits up to 1 s by default: too short for a busy 2-core machine (a revalidation
          // after an action took longer in a CI run). A poll that succeeds returns at once.
          expect: { poll: { timeout: 10_000 } },
          // Database work is partly I/O-bound: two workers even on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          // Each file runs a server (and maybe PostgreSQL and Chromium): two at once on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
