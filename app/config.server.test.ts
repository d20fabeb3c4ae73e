import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { config, ConfigError, parseConfig, productionConfigWarnings, resetConfigForTests } from "./config.server";

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe("parseConfig", () => {
  test("an empty environment gives the documented defaults", () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({
      NODE_ENV: "production",
      isProduction: true,
      HOST: "0.0.0.0",
      PORT: 3000,
      LOG_LEVEL: "info",
      DATABASE_POOL_MAX: 10,
      DATA_DIR: "./data",
      EMBEDDED_PG_PORT: 54329,
      SHUTDOWN_TIMEOUT_MS: 5_000,
      JOBS_ENABLED: true,
    });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.APP_URL).toBeUndefined();
    expect(cfg.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(cfg.dataDir)).toBe(true);
  });

  test("values are parsed and coerced", () => {
    const cfg = parseConfig({
      NODE_ENV: "development",
      PORT: "8080",
      DATABASE_URL: "postgresql://app:pw@db.internal:5433/roofing",
      DATA_DIR: "/var/lib/roofing",
      EMBEDDED_PG_PORT: "55000",
      SHUTDOWN_TIMEOUT_MS: "2000",
      JOBS_ENABLED: "false",
    });
    expect(cfg).toMatchObject({
      NODE_ENV: "development",
      isProduction: false,
      PORT: 8080,
      DATABASE_URL: "postgresql://app:pw@db.internal:5433/roofing",
      dataDir: "/var/lib/roofing",
      EMBEDDED_PG_PORT: 55000,
      SHUTDOWN_TIMEOUT_MS: 2000,
      JOBS_ENABLED: false,
    });
  });

  test("empty optional values count as unset", () => {
    const cfg = parseConfig({ DATABASE_URL: "", SMTP_URL: "", APP_URL: "", JOBS_ENABLED: "" });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.APP_URL).toBeUndefined();
    expect(cfg.JOBS_ENABLED).toBe(true);
  });

  test.each([
    ["true", true],
    ["1", true],
    ["yes", true],
    ["false", false],
    ["0", false],
    ["no", false],
  ])("JOBS_ENABLED=%s is %s", (value, expected) => {
    expect(parseConfig({ JOBS_ENABLED: value }).JOBS_ENABLED).toBe(expected);
  });

  test("INSTANCE_ROLE: both by default; web serves only, jobs runs only the workers", () => {
    expect(parseConfig({})).toMatchObject({ INSTANCE_ROLE: "both", servesWeb: true, runsJobWorkers: true });
    expect(parseConfig({ INSTANCE_ROLE: "" })).toMatchObject({ INSTANCE_ROLE: "both" });
    expect(parseConfig({ INSTANCE_ROLE: "web" })).toMatchObject({ servesWeb: true, runsJobWorkers: false });
    expect(parseConfig({ INSTANCE_ROLE: "jobs", DATABASE_URL: "postgres://app@db.internal/roofing" })).toMatchObject({ servesWeb: false, runsJobWorkers: true });
    expect(parseConfig({ INSTANCE_ROLE: "both", JOBS_ENABLED: "false" })).toMatchObject({ servesWeb: true, runsJobWorkers: false });
    expect(configErrorOf({ INSTANCE_ROLE: "worker" }).issues[0]).toMatch(/^INSTANCE_ROLE: /);
    expect(configErrorOf({ INSTANCE_ROLE: "jobs", JOBS_ENABLED: "false" }).issues[0]).toMatch(/^INSTANCE_ROLE: .*JOBS_ENABLED/);
    // Without DATABASE_URL it would start (and, finding the site's running, stop) the embedded database.
    expect(configErrorOf({ INSTANCE_ROLE: "jobs" }).issues[0]).toMatch(/^INSTANCE_ROLE: a jobs instance needs DATABASE_URL/);
  });

  test("STORAGE_URL: unset is the local disk; s3://bucket/prefix?options names a bucket", () => {
    expect(parseConfig({}).STORAGE_URL).toBeUndefined();
    expect(parseConfig({ STORAGE_URL: "" }).STORAGE_URL).toBeUndefined();
    expect(parseConfig({ STORAGE_URL: "s3://roofing-uploads" }).STORAGE_URL).toEqual({
      bucket: "roofing-uploads",
      prefix: "",
      endpoint: undefined,
      region: undefined,
      forcePathStyle: false,
    });
    expect(
      parseConfig({ STORAGE_URL: "s3://uploads.test/site/prod/?endpoint=http://127.0.0.1:4569/&region=eu-west-1&forcePathStyle=true" })
        .STORAGE_URL,
    ).toEqual({ bucket: "uploads.test", prefix: "site/prod", endpoint: "http://127.0.0.1:4569", region: "eu-west-1", forcePathStyle: true });
    for (const bad of [
      "https://bucket/x",
      "s3://",
      "s3://UPPER",
      "s3://ab",
      "s3://bucket/../x?",
      "s3://bucket/a//b",
      "s3://bucket?endpoint=ftp://host",
      "s3://bucket?endpoint=http://host/path",
      "s3://bucket?forcePathStyle=yes",
      "s3://bucket?accessKey=x",
    ]) {
      expect(configErrorOf({ STORAGE_URL: bad }).issues[0], bad).toMatch(/^STORAGE_URL: /);
    }
  });

  test.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["EMBEDDED_PG_PORT", "5432"],
    ["EMBEDDED_PG_PORT", "-1"],
    ["DATABASE_URL", "mysql://root@127.0.0.1/db"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_POOL_MAX", "0"],
    ["SMTP_URL", "http://mail.example.com"],
    ["SHUTDOWN_TIMEOUT_MS", "20000"],
    ["JOBS_ENABLED", "maybe"],
    ["NODE_ENV", "staging"],
    ["LOG_LEVEL", "verbose"],
  ])("a bad %s (%s) is rejected with a message naming the variable", (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) expect(issue).toMatch(new RegExp(`^${name}: `));
    expect(error.message).toContain(name);
  });

  test("EMBEDDED_PG_PORT=5432 explains why", () => {
    expect(configErrorOf({ EMBEDDED_PG_PORT: "5432" }).message).toContain("must not be 5432");
  });

  test("every bad variable is reported at once", () => {
    const error = configErrorOf({ PORT: "abc", EMBEDDED_PG_PORT: "5432", JOBS_ENABLED: "maybe" });
    expect(error.issues.map((i) => i.split(":")[0]).sort()).toEqual(["EMBEDDED_PG_PORT", "JOBS_ENABLED", "PORT"]);
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  test("the rejected value is shown, with passwords in URLs redacted", () => {
    const db = configErrorOf({ DATABASE_URL: "mysql://app:s3cr3t-P%40ss@db.internal:3306/roofing" });
    expect(db.message).not.toContain("s3cr3t");
    expect(db.message).toContain('(got "mysql://app:***@db.internal:3306/roofing")');

    const smtp = configErrorOf({ SMTP_URL: "https://mailer:hunter2hunter2@smtp.example.com:465" });
    expect(smtp.message).not.toContain("hunter2");
    expect(smtp.message).toContain("mailer:***@smtp.example.com");
  });

  test("a value without a password is shown as is", () => {
    expect(configErrorOf({ PORT: "abc" }).message).toContain('(got "abc")');
  });
});

describe("config()", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  test("is read once and cached until resetConfigForTests()", () => {
    vi.stubEnv("PORT", "4321");
    resetConfigForTests();
    const first = config();
    expect(first.PORT).toBe(4321);

    vi.stubEnv("PORT", "4322");
    expect(config()).toBe(first);

    resetConfigForTests();
    expect(config().PORT).toBe(4322);
  });

  test("throws ConfigError for a bad environment", () => {
    vi.stubEnv("PORT", "abc");
    resetConfigForTests();
    expect(() => config()).toThrow(ConfigError);
    expect(() => config()).toThrow(/PORT/);
  });

  test("in tests it points at this file's own database", () => {
    expect(config().NODE_ENV).toBe("test");
    expect(config().DATABASE_URL).toMatch(/\/vt_\d+_[a-z0-9]+_unit_w\d+$/);
  });
});

describe("CRAWLER_ALLOW_PRIVATE_HOSTS (tests only)", () => {
  test("is empty by default and a lower-cased list when set", () => {
    expect(parseConfig({}).CRAWLER_ALLOW_PRIVATE_HOSTS).toEqual([]);
    expect(parseConfig({ CRAWLER_ALLOW_PRIVATE_HOSTS: " 127.0.0.1, Fixture.Local ,[::1]" }).CRAWLER_ALLOW_PRIVATE_HOSTS).toEqual([
      "127.0.0.1",
      "fixture.local",
      "::1",
    ]);
  });
});

describe("CONTENT_SCHEDULE_TICK_SECONDS (tests only)", () => {
  test("is unset by default (the job runs once a minute) and a whole number of seconds from 1 to 60 when set", () => {
    expect(parseConfig({}).CONTENT_SCHEDULE_TICK_SECONDS).toBeUndefined();
    expect(parseConfig({ CONTENT_SCHEDULE_TICK_SECONDS: "" }).CONTENT_SCHEDULE_TICK_SECONDS).toBeUndefined();
    expect(parseConfig({ CONTENT_SCHEDULE_TICK_SECONDS: "2" }).CONTENT_SCHEDULE_TICK_SECONDS).toBe(2);
    for (const bad of ["0", "61", "1.5", "soon"]) expect(() => parseConfig({ CONTENT_SCHEDULE_TICK_SECONDS: bad }), bad).toThrow(/CONTENT_SCHEDULE_TICK_SECONDS/);
  });
});

describe("productionConfigWarnings (issue 32 item 3)", () => {
  test("a production server without SMTP_URL or BACKUP_URL is told so, naming each; outside production nothing", () => {
    const bare = parseConfig({ NODE_ENV: "production", APP_URL: "https://www.example.com" });
    expect(productionConfigWarnings(bare).map((w) => w.setting)).toEqual(["SMTP_URL", "BACKUP_URL"]);
    expect(productionConfigWarnings(bare)[0]!.message).toMatch(/^SMTP_URL is not set: no email is sent/);
    const set = parseConfig({
      NODE_ENV: "production",
      APP_URL: "https://www.example.com",
      SMTP_URL: "smtp://mailer:secret@127.0.0.1:2525",
      BACKUP_URL: "s3://backups/site?region=us-east-2",
    });
    expect(productionConfigWarnings(set)).toEqual([]);
    expect(productionConfigWarnings(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
  });
});
