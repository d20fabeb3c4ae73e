import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { config, ConfigError, productionConfigProblems, productionConfigWarnings } from "~/config.server";
import { waitForDatabase } from "~/db/availability.server";
import { closeDatabase, databaseUrl, db, pool } from "~/db/client.server";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { applyMigrations, withStartupLock } from "~/db/migrate.server";
import { seedDatabase } from "~/db/seed/index.server";
import { ensureFirstSuperAdmin } from "~/domain/accounts/bootstrap.server";
import { ESTIMATE_QUERY_PARAMS } from "~/domain/estimate/inputs";
import { INSPECTION_SENT_PARAM } from "~/domain/leads/form-state";
import { invalidateLeadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { invalidateServiceAreaZips } from "~/domain/leads/service-area.server";
import { REVIEWS_PAGE_PARAM } from "~/domain/reviews/paging";
import { startJobsHeartbeat, stopJobsHeartbeat, stopWatchingJobsHeartbeat, watchJobsHeartbeat } from "~/domain/operations/jobs-heartbeat.server";
import { PUBLIC_ROUTES } from "~/domain/seo/public-routes";
import { invalidatePublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { startJobs, stopJobs } from "~/jobs/worker.server";
import { onContentChange, startContentChangeListener, stopContentChangeListener } from "~/lib/content-changes.server";
import { cspRenderContext } from "~/lib/csp-context";
import { logger } from "~/lib/logger.server";
import { setListeningOrigin } from "~/lib/site-origin.server";
import { healthCheck, unavailableWhileDatabaseIsAway } from "./health";
import { PageCache } from "./page-cache";
import { publicFiles } from "./public-files";
import { reactRouterHandler } from "./react-router-handler";
import { limitRequestBodies } from "./request-body-limit";
import { clientAddress, sameOriginWrites } from "./request-origin";
import { requestLogging } from "./request-logging";
import { securityHeaders } from "./security-headers";
import { closeAfterUnreadBody } from "./unread-body";

/**
 * The Node entry of the application (bundled by Vite with the React Router
 * server build; `server.js` at the repository root calls `start()`).
 *
 * Start: validate configuration -> database (embedded unless DATABASE_URL) ->
 * migrations -> seed -> background jobs -> HTTP.
 * INSTANCE_ROLE (ADR 033): `web` serves the site and only sends jobs; `jobs`
 * runs the job workers and schedules, and its HTTP server answers only
 * GET /healthz; `both` (the default) does everything.
 * Stop (SIGTERM/SIGINT): stop accepting, finish in-flight requests, stop jobs,
 * close the pool, stop the embedded database, exit 0 — all within 10 s.
 */

// `npm run create-admin` (scripts/create-admin.js) runs this from the production bundle.
export { runCreateAdminCli } from "~/domain/accounts/create-admin-cli.server";
export { runCrawlCli } from "~/domain/contracts/crawler/crawl-cli.server";
// `npm run backup` and `npm run restore` (scripts/backup.js, scripts/restore.js).
export { runBackupCli, runRestoreCli } from "~/domain/backups/backup-cli.server";

export interface StartOptions {
  /** Vite dev server in development (`npm run dev`); absent in production. */
  vite?: ViteDevServer;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  shutdown(signal?: string): Promise<void>;
}

const CLIENT_DIR = path.resolve(process.cwd(), "build/client");

export function createApp({ vite, pageCache, serverBuild }: { vite?: ViteDevServer; pageCache?: PageCache; serverBuild?: ServerBuild } = {}) {
  const cfg = config();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", cfg.TRUST_PROXY);

  app.use(requestLogging());
  app.use(closeAfterUnreadBody());
  app.use(clientAddress());
  app.use(securityHeaders({ production: cfg.isProduction, dev: Boolean(vite) }));
  app.use(sameOriginWrites({ allowedOrigins: cfg.APP_URL ? [new URL(cfg.APP_URL).origin] : [] }));
  app.use(limitRequestBodies());
  // Responses compressed here are the ones made per request (signed-in pages, the admin, a public page's
  // first render): gzip level 4 costs about a quarter less CPU than the default 6 for about 5% more bytes
  // (the home page: 15.6 KB instead of 14.9 KB). Pages served from the page cache are compressed once,
  // at the highest levels, when stored (server/page-cache.ts). Brotli keeps the library's quality 4.
  app.use(compression({ level: 4 }));
  // React Router flushes after every streamed chunk; through gzip that makes many tiny
  // deflate blocks (a 60 KB page compressed to 20 KB instead of 11 KB). Our pages render
  // their whole shell at once, so let the compressor decide when to write.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    (res as Response & { flush?: () => void }).flush = () => {};
    next();
  });
  app.get("/healthz", healthCheck);

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed build output never changes under the same name: cache it for a year.
    // A missing hashed file is a plain 404, not a rendered page.
    app.use(
      "/assets",
      express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    app.use(publicFiles(CLIENT_DIR));
  }

  app.use(unavailableWhileDatabaseIsAway());

  // Anonymous public pages from memory (not in development: edits must show at once).
  if (pageCache && !vite) app.use(pageCache.middleware());

  // Production: the build as an object, loaded once. Given a function, React Router derives its request
  // handler again on every request (it ranks every route of the app: ~1 ms per request, issue 13).
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : (serverBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>));

  app.use(
    reactRouterHandler({
      build,
      mode: cfg.isProduction ? "production" : "development",
      getLoadContext: (_req, res) => {
        const nonce = res.locals.cspNonce as (() => string) | undefined;
        // Read only by the renderer of a page that hydrates (app/entry.server.tsx).
        return new RouterContextProvider(new Map([[cspRenderContext, { nonce: () => nonce?.() ?? "", dev: res.locals.cspDev === true }]]));
      },
    }),
  );

  // Errors that escape React Router: log with the request id, answer generically. An HTTP error of the
  // client's making (a missing hashed asset is a 404 from the file server) keeps its status.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (res.headersSent) return next(error);
      res.status(status).type("text/plain").send(status === 404 ? "Not found." : "Bad request.");
      return;
    }
    logger.error({ err: error }, "unhandled request error");
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send(`Something went wrong. Request id: ${String(res.locals.requestId)}`);
  });
  return app;
}

/**
 * The HTTP server of a web instance.
 * Anonymous public pages from memory come first, before Express (the hot path: ADR 030, issue 13);
 * everything else, misses included, goes through the app. Not in development: edits must show at once.
 */
function webServer(vite: ViteDevServer | undefined, pageCache: PageCache, serverBuild: ServerBuild | undefined): http.Server {
  const app = createApp({ vite, pageCache, serverBuild });
  if (vite) return http.createServer(app);
  return http.createServer((req, res) => {
    if (!pageCache.serveHit(req, res)) app(req, res);
  });
}

/** A jobs-only instance (INSTANCE_ROLE=jobs) answers GET /healthz for its orchestrator, and 404 to anything else. */
export function jobsOnlyApp() {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders({ production: config().isProduction, dev: false }));
  app.get("/healthz", healthCheck);
  app.use((_req: Request, res: Response) => {
    res.status(404).type("text/plain").send("This instance runs background jobs only (INSTANCE_ROLE=jobs).");
  });
  return app;
}

export async function start(options: StartOptions = {}): Promise<RunningServer> {
  let cfg;
  try {
    cfg = config();
    const problems = productionConfigProblems(cfg);
    if (problems.length > 0) throw new ConfigError(problems);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }

  const startedAt = performance.now();
  // A jobs-only instance renders no page: it never loads the React Router build (the routes, React, ADR 058).
  const serverBuild = options.vite || !cfg.servesWeb ? undefined : ((await import("virtual:react-router/server-build")) as ServerBuild);
  let embedded: EmbeddedPostgres | undefined;
  if (!cfg.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: cfg.dataDir,
      port: cfg.EMBEDDED_PG_PORT,
      log: (message) => logger.info({ component: "embedded-postgres" }, message),
      // The database this app owns comes back by itself after its process is killed (issue 32 item 5).
      watch: true,
      warn: (message) => logger.warn({ component: "embedded-postgres" }, message),
    });
  }

  // The public pages, the sitemap and robots.txt. The query parameters that change a page (ADR 039): the
  // inspection form's "sent" notice and the reviews' paging, both for visitors without JavaScript, and the
  // instant estimate's answers (its result is computed for each request: ADR 054).
  const pageCache = cfg.servesWeb
    ? new PageCache({
        paths: [...PUBLIC_ROUTES.map((route) => route.path), "/sitemap.xml", "/robots.txt"],
        bypassParams: [INSPECTION_SENT_PARAM, REVIEWS_PAGE_PARAM, ...ESTIMATE_QUERY_PARAMS],
      })
    : undefined;
  const server = pageCache ? webServer(options.vite, pageCache, serverBuild) : http.createServer(jobsOnlyApp());
  server.keepAliveTimeout = 65_000;
  try {
    // DATABASE_URL's server may be starting at the same time as this instance (issue 24).
    if (!embedded) {
      await waitForDatabase(() => pool().query("select 1"), {
        timeoutMs: cfg.DATABASE_WAIT_SECONDS * 1000,
        onWait: (error) => logger.warn({ err: error, waitSeconds: cfg.DATABASE_WAIT_SECONDS }, "waiting for the database to answer"),
      });
    }
    // One instance at a time, however many start together (issue 24): the others wait, then find it done.
    await withStartupLock(pool(), async (client) => {
      await applyMigrations(client);
      const seeded = await seedDatabase(db());
      if (seeded.applied) logger.info("seed content applied to the new database");
      // No super admin yet: create one from ADMIN_EMAIL with a one-time password (README, "Accounts").
      await ensureFirstSuperAdmin();
      // A web-only instance still sends jobs (pg-boss without workers, maintenance or schedules).
      await startJobs({ workers: cfg.runsJobWorkers });
    });
    // Tells the other instances (and /healthz, the dashboard) that the jobs run (issue 24).
    if (cfg.runsJobWorkers) await startJobsHeartbeat();
    // A process that leaves the jobs to others says in its log when nobody runs them (issue 32 item 3).
    else watchJobsHeartbeat();
    // Content edited anywhere (this instance, another one, a SQL console) clears the caches. Every role
    // listens: job handlers read the cached settings too (the emails' sender and alert address).
    onContentChange((table) => {
      if (table === "cms_site_settings" || table === "*") {
        invalidatePublicSiteSettings();
        invalidateLeadAlertRecipient();
        invalidateServiceAreaZips();
      }
      pageCache?.invalidate(table);
    });
    await startContentChangeListener(databaseUrl());
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(cfg.PORT, cfg.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // Leave nothing behind: a failed start must not keep PostgreSQL running.
    logger.fatal({ err: error }, "start-up failed");
    await stopJobs().catch(() => {});
    await stopJobsHeartbeat().catch(() => {});
    stopWatchingJobsHeartbeat();
    await stopContentChangeListener().catch(() => {});
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.PORT;
  const host = cfg.HOST === "0.0.0.0" || cfg.HOST === "::" ? "localhost" : cfg.HOST.includes(":") ? `[${cfg.HOST}]` : cfg.HOST;
  const url = `http://${host}:${port}`;
  // Without APP_URL (development, tests) links are built on the address this server answers on.
  setListeningOrigin(url);
  logger.info(
    {
      url,
      role: cfg.INSTANCE_ROLE,
      jobWorkers: cfg.runsJobWorkers,
      database: embedded ? "embedded" : "DATABASE_URL",
      storage: cfg.STORAGE_URL ? "s3" : "local disk",
      startupMs: Math.round(performance.now() - startedAt),
    },
    "server listening",
  );
  // Nothing silently off in production: what runs without a setting says so (issue 32 item 3).
  for (const warning of productionConfigWarnings(cfg)) logger.warn({ setting: warning.setting }, warning.message);

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (signal = "shutdown") => {
    shuttingDown ??= (async () => {
      logger.info({ signal }, "shutting down: no new connections, finishing in-flight requests");
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Job workers stop while requests drain (at most ~3.5 s); an email
      // queued by a late request stays in the outbox for the next start.
      const jobsStopped = stopJobs().catch((error) => logger.error({ err: error }, "stopping jobs failed"));
      const timedOut = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), cfg.SHUTDOWN_TIMEOUT_MS).unref()),
      ]);
      if (timedOut) {
        logger.warn("in-flight requests did not finish in time; closing their connections");
        server.closeAllConnections();
      }
      await jobsStopped;
      await stopJobsHeartbeat();
      stopWatchingJobsHeartbeat();
      await stopContentChangeListener().catch((error) => logger.error({ err: error }, "stopping the change listener failed"));
      await closeDatabase().catch((error) => logger.error({ err: error }, "closing the pool failed"));
      await embedded?.stop().catch((error) => logger.error({ err: error }, "stopping PostgreSQL failed"));
      logger.info("shutdown complete");
    })();
    return shuttingDown;
  };

  // Keep-alive clients are told to reconnect elsewhere once we are stopping.
  // First of the request listeners: a page-cache hit is answered whole by the next one (serveHit), and a
  // header set after it would throw (ERR_HTTP_HEADERS_SENT, which stopped the server mid-shutdown).
  server.prependListener("request", (_req, res: http.ServerResponse) => {
    if (shuttingDown && !res.headersSent) res.setHeader("Connection", "close");
  });

  return { url, server, shutdown };
}

/** Process wiring used by server.js: signals, fatal errors, exit codes. */
export async function main(options: StartOptions = {}): Promise<void> {
  let running: RunningServer;
  try {
    running = await start(options);
  } catch (error) {
    logger.fatal({ err: error }, "the server could not start");
    process.exit(1);
  }
  const onSignal = (signal: NodeJS.Signals) => {
    // Whatever happens, never outlive the 10 s the platform gives us.
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 9_500).unref();
    running
      .shutdown(signal)
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
}
