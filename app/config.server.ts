import path from "node:path";
import { z } from "zod";
import { parseRecipients, recipientProblem } from "~/domain/backups/archive-encryption.server";
import { isCronExpression } from "~/lib/cron-expression";

/**
 * The application's configuration, read from the environment once at start.
 * Every variable is documented in `.env.example`. A bad value stops the app
 * with a message that names the variable (see `ConfigError`).
 */

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://");

const smtpUrl = z
  .string()
  .url()
  .refine((v) => /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://");

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);

/** An http(s) origin such as https://www.example.com (a trailing slash is allowed; a path, query or fragment is not). */
const appUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.pathname === "/" && url.search === "" && url.hash === "" && !/[?#]/.test(v);
    } catch {
      return false;
    }
  }, "must be the site's public address: http(s)://host[:port], without a path, e.g. https://www.example.com");

/** Where uploaded files are kept when STORAGE_URL names an S3 bucket. */
export interface S3StorageSettings {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ("" = the bucket's root). */
  prefix: string;
  /** Another endpoint than AWS's (an S3-compatible service), e.g. http://127.0.0.1:4569. */
  endpoint?: string;
  /** Unset: AWS_REGION / AWS_DEFAULT_REGION, else us-east-1. */
  region?: string;
  /** Path-style URLs (http://host/bucket/key): needed by most S3-compatible services. */
  forcePathStyle: boolean;
}

const S3_URL_PARAMS = new Set(["endpoint", "region", "forcePathStyle"]);

/**
 * STORAGE_URL: `s3://bucket[/prefix][?endpoint=http://host:port&region=us-east-1&forcePathStyle=true]`.
 * Credentials are never part of it: the AWS SDK's provider chain finds them
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
const storageUrl = z.string().transform((value, ctx): S3StorageSettings => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(value.trim());
  if (!match) return fail("must look like s3://bucket/optional-prefix?endpoint=...&region=...&forcePathStyle=true");
  const bucket = match[1]!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail("the bucket name must be 3-63 characters: a-z, 0-9, dot, hyphen");
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix && (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix) || prefix.split("/").some((part) => /^\.+$/.test(part)))) return fail("the prefix may only hold A-Z, a-z, 0-9, . _ - and single slashes");
  const params = new URLSearchParams(match[3] ?? "");
  for (const name of params.keys()) if (!S3_URL_PARAMS.has(name)) return fail(`unknown parameter "${name}" (known: endpoint, region, forcePathStyle)`);
  const endpoint = params.get("endpoint") || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) return fail("endpoint must be an http(s) origin such as http://127.0.0.1:4569");
  const forcePathStyle = params.get("forcePathStyle") ?? "false";
  if (!["true", "false"].includes(forcePathStyle)) return fail("forcePathStyle must be true or false");
  const region = params.get("region") || undefined;
  return { bucket, prefix, endpoint: endpoint?.replace(/\/$/, ""), region, forcePathStyle: forcePathStyle === "true" };
});

const configSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  /**
   * The site's public address (an http(s) origin, no path): every absolute link the app writes starts
   * with it (app/lib/site-origin.server.ts). Required when NODE_ENV=production (productionConfigProblems).
   */
  APP_URL: z.preprocess(emptyAsUndefined, appUrl.optional()),
  /**
   * Which proxies may tell us the client address through X-Forwarded-For:
   * "false" (none: use the socket address), a hop count ("1"), or a
   * comma-separated list of addresses/CIDRs ("10.0.0.1, 10.0.1.0/24").
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === "false" || value === "") return false as const;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value.split(",").map((s) => s.trim()).filter(Boolean);
      if (list.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) {
        ctx.addIssue({ code: "custom", message: 'must be "false", a hop count, or a list of IP addresses/CIDRs' });
        return z.NEVER;
      }
      return list;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** At start, how long to wait for DATABASE_URL's server to answer (it may be starting too). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  /** Where the embedded PostgreSQL keeps its files (and other local state). */
  DATA_DIR: z.string().min(1).default("./data"),
  EMBEDDED_PG_PORT: port
    .refine((p) => p !== 5432, "must not be 5432 (the machine's own PostgreSQL listens there)")
    .default(54329),

  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
  MAIL_FROM: z.string().min(3).default("Roofing website <no-reply@localhost>"),

  /** Milliseconds the server waits for in-flight requests on shutdown (the whole shutdown must fit in 10 s). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(7_000).default(5_000),
  /** Run the background job workers in this process. */
  JOBS_ENABLED: z.preprocess(emptyAsUndefined, booleanString.optional()).transform((v) => v ?? true),
  /**
   * What this instance does (README, "Running several instances"): `web` serves HTTP and only sends
   * jobs; `jobs` runs the background job workers and schedules and serves only GET /healthz; `both`.
   */
  INSTANCE_ROLE: z.preprocess(emptyAsUndefined, z.enum(["web", "jobs", "both"]).default("both")),
  /** Uploaded files: unset = the local disk (DATA_DIR/uploads); `s3://bucket/prefix?...` = an S3 bucket. */
  STORAGE_URL: z.preprocess(emptyAsUndefined, storageUrl.optional()),

  /** Where backup archives are kept (default DATA_DIR/backups). */
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** When the scheduled backup runs: a 5-field cron expression in the company's time zone (default 02:30 nightly). */
  BACKUP_SCHEDULE: z.preprocess(
    emptyAsUndefined,
    z.string().trim().refine(isCronExpression, "must be a 5-field cron expression, e.g. 30 2 * * * for 02:30 every night (Eastern time)").default("30 2 * * *"),
  ),
  /** How many archives the scheduled backup keeps in BACKUP_DIR (the oldest beyond are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** Also upload each scheduled archive to this S3 bucket: `s3://bucket/prefix?...`, like STORAGE_URL. */
  BACKUP_URL: z.preprocess(emptyAsUndefined, storageUrl.optional()),
  /**
   * age public keys (`age1...`, commas or spaces between several): every archive is encrypted to them
   * before it is written or copied anywhere (ADR 047). Unset: archives are not encrypted.
   */
  BACKUP_AGE_RECIPIENT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform(parseRecipients)
      .superRefine((recipients, ctx) => {
        if (recipients.length === 0) ctx.addIssue({ code: "custom", message: "names no public key" });
        for (const [i, recipient] of recipients.entries()) {
          const problem = recipientProblem(recipient);
          if (problem) ctx.addIssue({ code: "custom", message: `${recipients.length > 1 ? `key ${i + 1} ` : ""}${problem}` });
        }
      })
      .optional(),
  ),
  /** For `npm run restore` only, never the service: the private key (`AGE-SECRET-KEY-1...`) of encrypted archives. */
  BACKUP_AGE_IDENTITY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** For `npm run restore` only: a file holding that private key, as age-keygen writes it. */
  BACKUP_AGE_IDENTITY_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),

  /**
   * Key that signs session cookies and account email tokens (at least 32
   * characters). When unset, one is generated once into DATA_DIR/auth-secret.
   * Several instances behind one database must share the same value.
   */
  BETTER_AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 48`)").optional(),
  ),
  /** On the first start without any super admin, one is created for this address (see README). */
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email("must be an email address").max(254).optional()),
  /** A session ends after this many minutes without a request. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
  /** A session ends this many hours after sign-in, however active. */
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(12),
  /**
   * Days the outbox keeps the text of a message once it was sent, stored or given up; after that it keeps
   * only the recipient, subject, kind, status and times (issue 29 item 2).
   */
  OUTBOX_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),

  /**
   * A process that runs the job workers writes a heartbeat this often; with none for four periods (two
   * minutes by default) the other instances report the jobs as not running (/healthz, the dashboard).
   */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),

  /** Inspection requests one client address may send per clock minute (0 = no limit). */
  LEAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000_000).default(5),
  /** Inspection requests one client address may send per clock hour (0 = no limit). */
  LEAD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000_000).default(30),

  /**
   * FOR TESTS ONLY: run the scheduled-publishing job (content.publish-schedule) every this many seconds
   * instead of once a minute, so a browser test sees a scheduled publish without waiting minutes. Unset
   * (the default): once a minute, by pg-boss's cron.
   */
  CONTENT_SCHEDULE_TICK_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60).optional()),

  /**
   * How often (seconds, 1-45) pg-boss looks for due schedules and forwards them to their queues. Unset
   * (the default): pg-boss's own (30 s and 5 s). Tests that wait for a schedule to fire shorten it.
   */
  JOBS_CRON_INTERVAL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(45).optional()),

  /**
   * How long (seconds, 5-3600) a crawl of one source may go without reading a page before it stops: a dead
   * or throttling site fails the session after about this long, with the cause (ADR 052). Default 60.
   */
  CRAWL_SOURCE_BUDGET_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),

  /**
   * FOR TESTS ONLY: host names the crawler may reach even though they resolve
   * to a loopback/private address (a local fixture server). Off (empty) by
   * default; a production server refuses to start with it (productionConfigProblems).
   */
  CRAWLER_ALLOW_PRIVATE_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, ""))
        .filter(Boolean),
    ),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Absolute path of BACKUP_DIR (default DATA_DIR/backups). */
  backupDir: string;
  isProduction: boolean;
  /** INSTANCE_ROLE web or both: this process serves the site. */
  servesWeb: boolean;
  /** INSTANCE_ROLE jobs or both, and JOBS_ENABLED: this process runs the job handlers and schedules. */
  runsJobWorkers: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "(environment)";
        const value = typeof issue.path[0] === "string" ? env[issue.path[0]] : undefined;
        const shown = value === undefined ? "" : ` (got ${JSON.stringify(redact(String(issue.path[0]), value))})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const data = result.data;
  if (data.INSTANCE_ROLE === "jobs" && !data.JOBS_ENABLED) {
    throw new ConfigError(["INSTANCE_ROLE: a jobs instance needs JOBS_ENABLED (it would do nothing) (got \"jobs\")"]);
  }
  // The embedded database belongs to the one process that starts it: a jobs process beside the site's would
  // take DATA_DIR's PostgreSQL for one left behind by a crash and stop it (deploy/roofing-site-jobs.service).
  if (data.INSTANCE_ROLE === "jobs" && !data.DATABASE_URL) {
    throw new ConfigError([
      "INSTANCE_ROLE: a jobs instance needs DATABASE_URL, the PostgreSQL server the site's instances use (the embedded database belongs to one process) (got \"jobs\")",
    ]);
  }
  return {
    ...data,
    dataDir: path.resolve(data.DATA_DIR),
    backupDir: path.resolve(data.BACKUP_DIR ?? path.join(data.DATA_DIR, "backups")),
    isProduction: data.NODE_ENV === "production",
    servesWeb: data.INSTANCE_ROLE !== "jobs",
    runsJobWorkers: data.INSTANCE_ROLE !== "web" && data.JOBS_ENABLED,
  };
}

function redact(name: string, value: string): string {
  // A private key pasted into the wrong variable (BACKUP_AGE_RECIPIENT) is not echoed either.
  if (/SECRET|PASSWORD|TOKEN|IDENTITY/i.test(name) || /AGE-SECRET-KEY-/i.test(value)) return "***";
  // Hide passwords inside connection URLs.
  return value.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

/**
 * Settings a production server cannot run with, as messages naming the variable (empty: none). Checked
 * when the server starts (server/app.ts), not by the command-line tools, which write no links.
 */
export function productionConfigProblems(cfg: Config): string[] {
  if (!cfg.isProduction) return [];
  const problems: string[] = [];
  if (!cfg.APP_URL) {
    problems.push(
      "APP_URL: required when NODE_ENV=production: the site's public address, e.g. https://www.example.com. " +
        "Links in emails, canonical and Open Graph tags, the sitemap and robots.txt are built on it, never on a request's Host header. " +
        "(`npm start`, the local trial, sets it to http://localhost:PORT.)",
    );
  }
  if (cfg.CRAWLER_ALLOW_PRIVATE_HOSTS.length > 0) {
    problems.push(
      "CRAWLER_ALLOW_PRIVATE_HOSTS: for tests only; not allowed when NODE_ENV=production (it lets the crawler reach private and loopback addresses)",
    );
  }
  return problems;
}

/**
 * Settings a production server runs without, but that leave something silently off (issue 32 item 3): logged
 * as warnings naming the variable when the server starts, and shown to super admins on the dashboard.
 */
export function productionConfigWarnings(cfg: Config): Array<{ setting: string; message: string }> {
  if (!cfg.isProduction) return [];
  const warnings: Array<{ setting: string; message: string }> = [];
  if (!cfg.SMTP_URL) {
    warnings.push({
      setting: "SMTP_URL",
      message:
        "SMTP_URL is not set: no email is sent (lead alerts, invitations, password resets, appointment emails). " +
        "They are kept in the outbox instead. Set SMTP_URL to your mail server (see .env.example).",
    });
  }
  if (!cfg.BACKUP_URL) {
    warnings.push({
      setting: "BACKUP_URL",
      message: "BACKUP_URL is not set: backup archives are kept on this server only. Set BACKUP_URL to copy each one to a bucket elsewhere.",
    });
  }
  return warnings;
}

let current: Config | undefined;

/** The validated configuration. Parsed on first use, then cached. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** For tests that need to re-read a changed environment. */
export function resetConfigForTests(): void {
  current = undefined;
}
