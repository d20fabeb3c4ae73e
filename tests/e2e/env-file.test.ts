import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";
import { appDirectory, spawnServer, type ServerProcess } from "../support/app-server";
import { createDatabase, dropDatabase } from "../support/db";
import { freePort } from "../support/net";
import { makeTempDir } from "../support/temp-dirs";

/**
 * `.env` (issue 24): `node server.js` reads a `.env` file in its working directory, with the same checks
 * and messages as the environment, and a variable set in the real environment wins over the file's.
 * Each test runs the server from its own directory (the build linked in), so its `.env` is its own.
 */

function appDirWithEnvFile(contents: string): string {
  const source = appDirectory();
  const dir = makeTempDir("env-file");
  fs.copyFileSync(path.join(source, "server.js"), path.join(dir, "server.js"));
  fs.copyFileSync(path.join(source, "package.json"), path.join(dir, "package.json"));
  for (const linked of ["build", "app", "scripts", "node_modules"]) fs.symlinkSync(path.join(source, linked), path.join(dir, linked), "dir");
  fs.writeFileSync(path.join(dir, ".env"), contents);
  return dir;
}

describe(".env in the working directory", () => {
  const info = inject("testDatabase");
  const databaseName = `${info.prefix}_envfile_${process.pid}`;
  let databaseUrl = "";
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await createDatabase(info.adminUrl, databaseName);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase(info.adminUrl, databaseName);
  }, 60_000);

  test("a bad value in .env stops the start with the message that names the variable", async () => {
    const cwd = appDirWithEnvFile("# settings\nLOG_LEVEL=bogus\n");
    const server = spawnServer({ cwd, env: { HOST: "127.0.0.1", PORT: String(await freePort()), DATABASE_URL: databaseUrl } });
    servers.push(server);
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.logs()).toMatch(/LOG_LEVEL: .*\(got "bogus"\)/);
  }, 30_000);

  test("its values are used, and the real environment's win over them", async () => {
    const port = await freePort();
    const cwd = appDirWithEnvFile(`APP_URL=https://from-dotenv.example\nLOG_LEVEL=bogus\nJOBS_ENABLED=false\n`);
    // LOG_LEVEL from the environment wins over the file's bad one; APP_URL comes from the file.
    const server = spawnServer({ cwd, env: { HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: databaseUrl, APP_URL: undefined, LOG_LEVEL: "warn" } });
    servers.push(server);
    const url = `http://127.0.0.1:${port}`;
    await server.waitUntilHealthy(url);
    const robots = await (await fetch(`${url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://from-dotenv.example/sitemap.xml");
  }, 120_000);
});
