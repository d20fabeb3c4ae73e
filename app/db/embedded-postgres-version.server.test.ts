import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../../tests/support/net";
import { livePostmasterPid, postgresPidsFor } from "../../tests/support/processes";
import { makeTempDir, removeTempDir } from "../../tests/support/temp-dirs";
import { EmbeddedPostgresVersionError, startEmbeddedPostgres } from "./embedded-postgres.server";

/**
 * A data directory made by another PostgreSQL major version (issue 20, part 5). One real directory,
 * made by the embedded binaries' own initdb; its PG_VERSION is rewritten to play an older or a newer
 * server's directory, the only thing PostgreSQL and the check read to tell a directory's major version.
 */

let dataDir: string;
let cluster: string;
let versionFile: string;
let port: number;
/** The binaries' major version, as their initdb wrote it. */
let major: string;

beforeAll(async () => {
  dataDir = makeTempDir("pg-version");
  cluster = path.join(dataDir, "postgres");
  versionFile = path.join(cluster, "PG_VERSION");
  port = await freePort();
  const first = await startEmbeddedPostgres({ dataDir, port });
  try {
    await withClient(first.connectionString, (client) => client.query("create table kept (note text); insert into kept values ('made before the refused starts')"));
  } finally {
    await first.stop();
  }
  major = fs.readFileSync(versionFile, "utf8").trim();
});

afterAll(async () => {
  if (dataDir) await removeTempDir(dataDir);
});

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every file under DATA_DIR with its size and modification time: what a refused start must leave as it was. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    files[path.relative(dir, file)] = `${stat.size}:${stat.mtimeMs}`;
  }
  return files;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("a data directory made by another PostgreSQL major version", () => {
  test.for([
    ["older", (m: number) => String(m - 1)],
    ["newer", (m: number) => String(m + 1)],
    ["older, before 10's two-part majors", () => "9.6"],
  ] as const)("%s: the start stops with the way to move the data, and no server runs", async ([, otherOf]) => {
    const other = otherOf(Number(major));
    fs.writeFileSync(versionFile, `${other}\n`);
    try {
      const before = snapshot(dataDir);
      const started = Date.now();
      const error = await startEmbeddedPostgres({ dataDir, port }).then(
        async (server) => {
          await server.stop();
          throw new Error("the server started on a directory of another major version");
        },
        (error: unknown) => error,
      );

      expect(error).toBeInstanceOf(EmbeddedPostgresVersionError);
      const versionError = error as EmbeddedPostgresVersionError;
      expect(versionError).toMatchObject({ directory: cluster, dataVersion: other, serverVersion: major });
      expect(versionError.message).toContain(cluster);
      expect(versionError.message).toContain(`PostgreSQL ${other}`);
      expect(versionError.message).toContain(`PostgreSQL ${major}`);
      expect(versionError.message).toContain("`npm run backup`");
      expect(versionError.message).toContain("`npm run restore -- ARCHIVE`");
      expect(versionError.message).toMatch(/empty directory/);
      // Cheap: the check reads one file and asks the binaries their version (no initdb, no server).
      expect(Date.now() - started).toBeLessThan(2_000);

      // Nothing started, nothing changed: not initialised afresh, no pid file, no process, nothing on the port.
      expect(postgresPidsFor(dataDir)).toEqual([]);
      expect(livePostmasterPid(cluster)).toBeUndefined();
      expect(fs.existsSync(path.join(cluster, "postmaster.pid"))).toBe(false);
      expect(await portAnswers(port)).toBe(false);
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      fs.writeFileSync(versionFile, `${major}\n`);
    }
  });

  test("the message for a newer directory says to run the newer app again first", async () => {
    const newer = String(Number(major) + 1);
    fs.writeFileSync(versionFile, `${newer}\n`);
    try {
      await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(/newer version of the app/);
    } finally {
      fs.writeFileSync(versionFile, `${major}\n`);
    }
  });
});

test("a directory of the binaries' own major version starts, with its data", async () => {
  const server = await startEmbeddedPostgres({ dataDir, port });
  try {
    await withClient(server.connectionString, async (client) => {
      const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
      expect(String(Math.floor(Number(rows[0]!.server_version_num) / 10_000))).toBe(major);
      expect((await client.query("select note from kept")).rows).toEqual([{ note: "made before the refused starts" }]);
    });
  } finally {
    await server.stop();
  }
  expect(postgresPidsFor(dataDir)).toEqual([]);
});
