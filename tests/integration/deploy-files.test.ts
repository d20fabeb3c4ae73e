import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { ConfigError, parseConfig, productionConfigProblems } from "~/config.server";

/**
 * deploy/ (issue 32 item 1): what an operator copies to the server. The systemd units pass
 * `systemd-analyze verify` (its paths pointed at this checkout, so their ExecStart exists), and the settings
 * template is a valid production configuration as it stands, for the website and for the jobs unit. Caddy
 * runs deploy/Caddyfile in tests/e2e/https-proxy.test.ts.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEPLOY = path.join(ROOT, "deploy");
const UNITS = ["roofing-site.service", "roofing-site-jobs.service"];
const SYSTEMD_ANALYZE = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((candidate) => fs.existsSync(candidate));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-units-"));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A unit's `Environment=` settings. */
function unitEnvironment(unit: string): Record<string, string> {
  const text = fs.readFileSync(path.join(DEPLOY, unit), "utf8");
  return Object.fromEntries([...text.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

const template = parseEnv(fs.readFileSync(path.join(DEPLOY, "roofing-site.env"), "utf8"));

describe("the systemd units", () => {
  test.for(UNITS)("%s passes systemd-analyze verify", (unit, context) => {
    if (!SYSTEMD_ANALYZE) context.skip("systemd-analyze is not installed (Debian: apt-get install systemd)");
    const text = fs.readFileSync(path.join(DEPLOY, unit), "utf8");
    expect(text).toContain("ExecStart=/srv/roofing-site/node_modules/.bin/node --max-semi-space-size=16 server.js");
    const copy = path.join(dir, unit);
    fs.writeFileSync(copy, text.replaceAll("/srv/roofing-site", ROOT));
    const result = spawnSync(SYSTEMD_ANALYZE!, ["verify", copy], { encoding: "utf8", timeout: 60_000 });
    expect(`${result.stdout}${result.stderr}`.trim(), unit).toBe("");
    expect(result.status, unit).toBe(0);
  });

  test("stopping sends SIGTERM to the app alone, within the 10 s it needs; it is started again when it exits", () => {
    for (const unit of UNITS) {
      const text = fs.readFileSync(path.join(DEPLOY, unit), "utf8");
      expect(text, unit).toMatch(/^KillMode=mixed$/m);
      expect(text, unit).toMatch(/^Restart=always$/m);
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]), unit).toBeGreaterThan(10);
    }
  });
});

describe("the settings template", () => {
  test("is a production configuration that starts: APP_URL on https, on 127.0.0.1 behind one trusted proxy", () => {
    const cfg = parseConfig({ ...template, ...unitEnvironment("roofing-site.service") });
    expect(productionConfigProblems(cfg)).toEqual([]);
    expect(cfg).toMatchObject({ isProduction: true, HOST: "127.0.0.1", PORT: 3000, TRUST_PROXY: ["127.0.0.1"], INSTANCE_ROLE: "both" });
    expect(new URL(cfg.APP_URL!).protocol).toBe("https:");
    // In the settings file, so that the commands run in the app's directory find the same data as the service.
    expect(cfg.dataDir).toBe("/var/lib/roofing-site");
  });

  test("the jobs unit runs the jobs on another port, and needs DATABASE_URL (the embedded database is the website's)", () => {
    const jobs = unitEnvironment("roofing-site-jobs.service");
    expect(() => parseConfig({ ...template, ...jobs })).toThrow(ConfigError);
    const cfg = parseConfig({ ...template, DATABASE_URL: "postgres://roofing:secret@127.0.0.1:5432/roofing", ...jobs });
    expect(cfg).toMatchObject({ INSTANCE_ROLE: "jobs", servesWeb: false, runsJobWorkers: true, PORT: 3001, HOST: "127.0.0.1" });
  });
});
