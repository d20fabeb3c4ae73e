import fs from "node:fs";
import { afterEach, describe, expect, inject, test } from "vitest";
import { spawnServer, type ServerProcess } from "../support/app-server";
import { createDatabase, dropDatabase } from "../support/db";
import { freePort } from "../support/net";
import { makeTempDir } from "../support/temp-dirs";

/**
 * Instances that start together (issue 24): two web instances and a jobs instance started at the same
 * moment on one EMPTY database all come up, in every round. Migrations, the seed, the first super admin and
 * the job queues and schedules are made once, under one advisory lock (app/db/migrate.server.ts). Before,
 * pg-boss's queue creation deadlocked and two of three instances exited.
 *
 * The database server is the run's: the embedded PostgreSQL under `npm test`, the machine's with
 * DATABASE_URL (both in CI). Rounds are few enough to stay under a minute here; the benchmark's
 * instances check runs more.
 */

const ROUNDS = Number(process.env.CONCURRENT_START_ROUNDS ?? 3);
const ROLES = ["web", "web", "jobs"] as const;

const info = inject("testDatabase");
const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
}, 60_000);

describe("several instances started at the same moment on an empty database", () => {
  test(`all answer, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `${info.prefix}_together_${process.pid}_${round}`;
      const databaseUrl = await createDatabase(info.adminUrl, name);
      cleanups.push(() => dropDatabase(info.adminUrl, name));
      const started = await Promise.all(
        ROLES.map(async (role, index) => {
          const port = await freePort();
          const dataDir = makeTempDir(`together-${round}-${index}`);
          cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
          return { url: `http://127.0.0.1:${port}`, port, dataDir, role };
        }),
      );
      // Spawned in one synchronous loop: as close to "the same moment" as processes get.
      const servers = started.map(({ port, dataDir, role }) =>
        spawnServer({
          env: {
            HOST: "127.0.0.1",
            PORT: String(port),
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            INSTANCE_ROLE: role,
            // One of them with a pool of a single connection: the start-up lock holds a connection of its own.
            ...(role === "jobs" ? { DATABASE_POOL_MAX: "1" } : {}),
            BETTER_AUTH_SECRET: "a-secret-shared-by-every-instance-of-this-test-0123456789",
            ADMIN_EMAIL: "owner@example.com",
            LOG_LEVEL: "info",
          },
        }),
      );
      running.push(...servers);
      const outcomes = await Promise.allSettled(servers.map((server, i) => server.waitUntilHealthy(started[i]!.url, 60_000)));
      const failed = outcomes.flatMap((outcome, i) => (outcome.status === "rejected" ? [`${ROLES[i]} #${i}: ${String(outcome.reason)}`] : []));
      expect(failed, `round ${round}`).toEqual([]);
      // Exactly one super admin was made, and nobody was told there is none.
      const logs = servers.map((server) => server.logs()).join("\n");
      expect(logs.match(/First super admin created/g) ?? [], `round ${round}`).toHaveLength(1);
      expect(logs, `round ${round}`).not.toMatch(/There is no super admin yet/);
      await Promise.all(running.splice(0).map((server) => server.stop()));
    }
  }, 240_000);
});
