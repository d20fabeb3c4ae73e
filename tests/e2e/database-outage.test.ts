import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { spawnServer, type ServerProcess } from "../support/app-server";
import { freePort } from "../support/net";
import { makeTempDir, removeTempDir } from "../support/temp-dirs";

/**
 * QUALITY R5: PostgreSQL goes away and comes back while the app runs. The app
 * stays up, answers 503 with Retry-After (never a stack trace), and serves
 * pages again within 5 s of the database's return. The test owns the
 * PostgreSQL server (its own embedded cluster) so it can stop and restart it.
 */

let dataDir: string;
let pgPort: number;
let database: EmbeddedPostgres | undefined;
let server: ServerProcess;
let url: string;

// A cookie keeps these requests out of the anonymous page cache, which would
// otherwise (rightly) keep serving the page from memory during the outage.
const uncached = { headers: { cookie: "outage-test=1" } };

beforeAll(async () => {
  dataDir = makeTempDir("outage");
  pgPort = await freePort();
  database = await startEmbeddedPostgres({ dataDir, port: pgPort });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawnServer({
    env: { DATABASE_URL: database.connectionString, PORT: String(port), HOST: "127.0.0.1", JOBS_ENABLED: "false" },
  });
  await server.waitUntilHealthy(url, 60_000);
}, 90_000);

afterAll(async () => {
  await server?.stop("SIGTERM");
  await database?.stop();
  await removeTempDir(dataDir);
});

describe("a database outage", () => {
  test("answers 503 with Retry-After while PostgreSQL is away and recovers within 5 s of its return", async () => {
    expect((await fetch(`${url}/`, uncached)).status).toBe(200);

    await database?.stop();
    database = undefined;

    const page = await fetch(`${url}/`, uncached);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const body = await page.text();
    expect(body).not.toMatch(/\bat .+\.(js|ts):\d+/); // no stack trace
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(server.hasExited()).toBe(false);

    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5_000) {
      status = (await fetch(`${url}/`, uncached)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect(server.hasExited()).toBe(false);
  }, 60_000);
});
