import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { generateIdentity, identityToRecipient } from "age-encryption";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { embeddedConnectionString } from "~/db/embedded-postgres.server";
import { appDirectory, REPO_ROOT, spawnServer, type ServerProcess } from "../support/app-server";
import { freePort } from "../support/net";
import { livePostmasterPid } from "../support/processes";
import { makeTempDir, removeTempDir } from "../support/temp-dirs";

/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 29, sections 3 and 4), from the
 * production build, beside a real app on the embedded database: a shell without the service's
 * EMBEDDED_PG_PORT must never stop the app's PostgreSQL (the app keeps answering); the archive is
 * encrypted to BACKUP_AGE_RECIPIENT and private to the app's user; a restore refused for a wrong key or
 * a damaged archive leaves an empty data directory empty, and the retry restores without --force.
 */

const run = promisify(execFile);
let source: string;
let target: string;
let pgPort: number;
let wrongPgPort: number;
let port: number;
let url: string;
let server: ServerProcess | undefined;
let identity: string;
let recipient: string;

/** Runs scripts/<name>.js in the app's copy with this environment; resolves its code and output. */
async function command(name: "backup" | "restore", args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST|NODE_ENV$|DATABASE_URL$|DATA_DIR$|EMBEDDED_PG_PORT$|NODE_OPTIONS$|BACKUP_)/.test(key)));
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.js`, ...args], { cwd: appDirectory(), env: { ...base, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

async function healthy(): Promise<number> {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  return response.status;
}

beforeAll(async () => {
  const dir = appDirectory();
  fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
  for (const file of ["backup.js", "restore.js", "run-built-command.js", "check-node.js"]) fs.copyFileSync(path.join(REPO_ROOT, "scripts", file), path.join(dir, "scripts", file));
  source = makeTempDir("backup-cmd-src");
  target = makeTempDir("backup-cmd-dst");
  [pgPort, wrongPgPort, port] = [await freePort(), await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
  server = spawnServer({ env: { DATABASE_URL: undefined, DATA_DIR: source, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port), HOST: "127.0.0.1" } });
  await server.waitUntilHealthy(url);
  // An uploaded file as the local storage keeps it: 0600 in 0700 directories.
  fs.mkdirSync(path.join(source, "uploads", "leads", "lead-1"), { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(source, "uploads", "leads", "lead-1", "photo.jpg"), "photo bytes", { mode: 0o600 });
}, 120_000);

afterAll(async () => {
  if (server && !server.hasExited()) await server.stop();
  await removeTempDir(source);
  await removeTempDir(target);
}, 60_000);

beforeEach((context) => {
  context.onTestFailed(() => {
    if (server) console.error(`---- server log (last 40 lines) ----\n${server.logTail(40)}\n---- end of server log ----`);
  });
});

describe("backup and restore commands beside the running app", () => {
  let archive = "";

  test("a backup from a shell with another EMBEDDED_PG_PORT uses the app's server and leaves it serving; the archive is encrypted and private", async () => {
    const postmaster = livePostmasterPid(path.join(source, "postgres"));
    expect(postmaster).toBeGreaterThan(0);
    // The first start logged every migration it applied, by name.
    const journal = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "app/db/migrations/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    for (const { tag } of journal.entries) expect(server!.logs()).toContain(`"migration":"${tag}","msg":"migration ${tag} applied"`);
    const backup = await command("backup", [], { DATA_DIR: source, EMBEDDED_PG_PORT: String(wrongPgPort), BACKUP_AGE_RECIPIENT: recipient });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Using the database the app runs on ${source} (port ${pgPort}).`);
    archive = backup.stdout.trim().split("\n").at(-1)!;
    expect(path.basename(archive)).toMatch(/^roofing-site-backup-\d{8}T\d{6}Z\.tar\.gz\.age$/);
    expect(fs.readFileSync(archive).subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
    // The same PostgreSQL still runs, and the site answers.
    expect(livePostmasterPid(path.join(source, "postgres"))).toBe(postmaster);
    expect(await healthy()).toBe(200);
  }, 120_000);

  test("a restore over the running app's directory, even with --force, is refused and stops nothing", async () => {
    const postmaster = livePostmasterPid(path.join(source, "postgres"));
    const corrupt = path.join(target, "..", `${path.basename(target)}-corrupt.tar.gz`);
    fs.writeFileSync(corrupt, "not an archive at all");
    try {
      const restore = await command("restore", [corrupt, "--force"], { DATA_DIR: source, EMBEDDED_PG_PORT: String(wrongPgPort) });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`The app (or another command) is running on ${source}: its PostgreSQL (pid ${postmaster}, port ${pgPort}) holds the data directory.`);
    } finally {
      fs.rmSync(corrupt, { force: true });
    }
    expect(livePostmasterPid(path.join(source, "postgres"))).toBe(postmaster);
    expect(await healthy()).toBe(200);
  }, 60_000);

  test("restores into an empty directory with the key; a wrong key, no key or a damaged archive leave it empty", async () => {
    expect(archive).not.toBe("");
    const env = { DATA_DIR: target, EMBEDDED_PG_PORT: String(wrongPgPort) };
    const keys = path.join(target, "..", `${path.basename(target)}-keys`);
    fs.mkdirSync(keys, { mode: 0o700 });
    try {
      fs.writeFileSync(path.join(keys, "wrong.txt"), `# created: by a test\n${await generateIdentity()}\n`, { mode: 0o600 });
      fs.writeFileSync(path.join(keys, "right.txt"), `# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });

      const noKey = await command("restore", [archive], env);
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain("is encrypted (age): give its private key with --identity FILE");
      expect(fs.readdirSync(target)).toEqual([]);

      const wrong = await command("restore", [archive, "--identity", path.join(keys, "wrong.txt")], env);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(`The archive was not encrypted to the key given: ${path.join(keys, "wrong.txt")} (public key age1`);
      expect(fs.readdirSync(target)).toEqual([]);

      // Damaged: its last bytes cut off (an interrupted copy).
      const cut = path.join(keys, "cut.tar.gz.age");
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
      const damaged = await command("restore", [cut, "--identity", path.join(keys, "right.txt")], env);
      expect(damaged.code).toBe(1);
      expect(damaged.stderr).toContain("restore failed:");
      expect(fs.readdirSync(target)).toEqual([]);

      // The retry with the good archive and its key (from the environment): no --force needed.
      const restore = await command("restore", [archive], { ...env, BACKUP_AGE_IDENTITY_FILE: path.join(keys, "right.txt") });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/Restored the backup of .*: \d+ tables, \d+ rows, 1 files/);
      expect(fs.readdirSync(target).sort()).toEqual(["postgres", "postgres-password", "uploads"]);
      // The files keep the modes the app gives them.
      expect(fs.statSync(path.join(target, "uploads", "leads")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(target, "uploads", "leads", "lead-1")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(target, "uploads", "leads", "lead-1", "photo.jpg")).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(path.join(target, "uploads", "leads", "lead-1", "photo.jpg"), "utf8")).toBe("photo bytes");
    } finally {
      fs.rmSync(keys, { recursive: true, force: true });
    }
    // The restored directory starts as an app of its own, with the source's rows.
    const count = async (dir: string, pgPortOf: number) => {
      const client = new pg.Client({ connectionString: embeddedConnectionString(dir, pgPortOf) });
      await client.connect();
      try {
        return (await client.query<{ n: number }>("select count(*)::int as n from cms_site_settings")).rows[0]!.n;
      } finally {
        await client.end();
      }
    };
    const checkPort = await freePort();
    const check = spawnServer({ env: { DATABASE_URL: undefined, DATA_DIR: target, EMBEDDED_PG_PORT: String(wrongPgPort), PORT: String(checkPort), HOST: "127.0.0.1" } });
    try {
      await check.waitUntilHealthy(`http://127.0.0.1:${checkPort}`);
      const restored = await count(target, wrongPgPort);
      expect(restored).toBeGreaterThan(0);
      expect(restored).toBe(await count(source, pgPort));
    } finally {
      await check.stop();
    }
    expect(await healthy()).toBe(200);
  }, 180_000);
});
