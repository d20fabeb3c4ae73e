import fs from "node:fs";
import { afterEach, describe, expect, inject, test } from "vitest";
import { embeddedConnectionString } from "~/db/embedded-postgres.server";
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

describe("one instance owning the embedded PostgreSQL, two more by DATABASE_URL, all started at once", () => {
  test("all answer: the others wait for the embedded server to come up, then for the start-up lock", async () => {
    const owner = { port: await freePort(), pgPort: await freePort(), dataDir: makeTempDir("together-embedded") };
    cleanups.push(async () => fs.rmSync(owner.dataDir, { recursive: true, force: true }));
    // The owner's generated password, written first so the others can be given the connection string.
    const databaseUrl = embeddedConnectionString(owner.dataDir, owner.pgPort);
    const others = await Promise.all(
      (["web", "jobs"] as const).map(async (role, index) => ({ role, port: await freePort(), dataDir: makeTempDir(`together-by-url-${index}`) })),
    );
    for (const other of others) cleanups.push(async () => fs.rmSync(other.dataDir, { recursive: true, force: true }));
    const common = { HOST: "127.0.0.1", BETTER_AUTH_SECRET: "a-secret-shared-by-every-instance-of-this-test-0123456789", LOG_LEVEL: "info" };
    const servers = [
      spawnServer({
        env: { ...common, PORT: String(owner.port), DATABASE_URL: undefined, DATA_DIR: owner.dataDir, EMBEDDED_PG_PORT: String(owner.pgPort), INSTANCE_ROLE: "web" },
      }),
      ...others.map(({ role, port, dataDir }) =>
        spawnServer({ env: { ...common, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, INSTANCE_ROLE: role } }),
      ),
    ];
    running.push(...servers);
    const urls = [owner.port, ...others.map((other) => other.port)].map((port) => `http://127.0.0.1:${port}`);
    const outcomes = await Promise.allSettled(servers.map((server, i) => server.waitUntilHealthy(urls[i]!, 90_000)));
    const failed = outcomes.flatMap((outcome, i) => (outcome.status === "rejected" ? [`#${i}: ${String(outcome.reason)}`] : []));
    expect(failed).toEqual([]);
    // The owner stops last: the others' pools would otherwise log its going away.
    const [ownerServer, ...rest] = running.splice(0);
    await Promise.all(rest.map((server) => server.stop()));
    await ownerServer!.stop();
  }, 180_000);
});

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
