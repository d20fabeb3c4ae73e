import { and, eq } from "drizzle-orm";
import { closeDatabase, db } from "~/db/client.server";
import type { EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { seedDatabase } from "~/db/seed/index.server";
import { contractCrawlLogs, contractSearchConfigs, contractSources } from "~/db/schema";
import { cliConfig, type CliIo, openCliDatabase, parseCliArgs, processIo } from "~/lib/cli.server";
import { closeCrawlerAgents } from "./fetcher.server";
import { type CrawlCounters, runCrawl, type RunCrawlOptions } from "./run-crawl.server";
import { closeStaleSessions, CrawlAlreadyRunningError, createCrawlSession, InvalidCrawlRequestError } from "./start-crawl.server";

/**
 * `npm run crawl -- --source bidnet [--config NAME]`: runs one crawl in the
 * foreground (no job queue), with a progress line, then prints the session's
 * counters and its log. Uses DATABASE_URL, or the embedded database in
 * DATA_DIR (started for the command when the app is not running). The session
 * is a normal `manual` session: one crawl per source at a time still holds.
 * Ctrl+C stops the crawl; the session is closed as failed ("Interrupted").
 */

const USAGE = `Usage: npm run crawl -- --source <slug> [--config <configuration name>] [--quiet]

Runs one crawl of a contract source in the foreground and prints its counters.`;

function progressLine(c: CrawlCounters): string {
  return `pages ${c.pagesProcessed} · found ${c.totalFound} · new ${c.newContracts} · updated ${c.updatedContracts} · failed ${c.failedContracts} · requests ${c.requestsMade} · rate-limit hits ${c.rateLimitHits}`;
}

export async function runCrawlCli(
  argv: string[],
  io: CliIo = processIo,
  options: { run?: Omit<RunCrawlOptions, "signal" | "onProgress">; signal?: AbortSignal; ownDatabase?: boolean } = {},
): Promise<number> {
  const values = parseCliArgs(argv, { source: { type: "string" }, config: { type: "string" }, quiet: { type: "boolean" } }, USAGE, io);
  if (typeof values === "number") return values;
  if (!values.source || !/^[a-z0-9-]{1,100}$/.test(values.source)) {
    io.err(`--source <slug> is required (e.g. bidnet or govcb).\n\n${USAGE}\n`);
    return 2;
  }
  if (values.config !== undefined && (values.config.length < 1 || values.config.length > 200)) {
    io.err(`--config must be a configuration name.\n`);
    return 2;
  }
  const cfg = cliConfig(io);
  if (typeof cfg === "number") return cfg;

  let embedded: EmbeddedPostgres | undefined;
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error("interrupted"));
  const manageDatabase = options.ownDatabase ?? true;
  if (manageDatabase) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  }
  try {
    if (manageDatabase) {
      embedded = await openCliDatabase(cfg, io);
      // The sources and their configurations come with the seed (a no-op once applied).
      await seedDatabase(db());
    }
    const [source] = await db().select().from(contractSources).where(eq(contractSources.slug, values.source));
    if (!source) {
      io.err(`No source with slug "${values.source}".\n`);
      return 2;
    }
    let searchConfigId: string | undefined;
    if (values.config) {
      const [found] = await db()
        .select({ id: contractSearchConfigs.id })
        .from(contractSearchConfigs)
        .where(and(eq(contractSearchConfigs.sourceId, source.id), eq(contractSearchConfigs.name, values.config)));
      if (!found) {
        io.err(`${source.name} has no configuration named "${values.config}".\n`);
        return 2;
      }
      searchConfigId = found.id;
    }
    const created = await createCrawlSession({ sourceId: source.id, searchConfigId, sessionType: "manual", triggeredBy: "cli" });
    io.out(`Crawling ${source.name} (session ${created.sessionId}) ...\n`);
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    let outcome;
    try {
      outcome = await runCrawl(created.sessionId, {
        ...options.run,
        signal,
        onProgress: (counters) => {
          if (values.quiet) return;
          io.out(io.tty ? `\r${progressLine(counters)}\x1b[K` : `${progressLine(counters)}\n`);
        },
      });
    } catch (error) {
      await closeStaleSessions(db(), { sourceId: source.id, quietSeconds: 0 }).catch(() => {});
      throw error;
    }
    if (io.tty && !values.quiet) io.out("\n");
    const c = outcome.counters;
    const logs = await db()
      .select()
      .from(contractCrawlLogs)
      .where(eq(contractCrawlLogs.sessionId, created.sessionId))
      .orderBy(contractCrawlLogs.loggedAt);
    io.out(
      [
        "",
        `Session ${created.sessionId}: ${outcome.status}${outcome.errorMessage ? ` — ${outcome.errorMessage}` : ""}`,
        `  total_found        ${c.totalFound}`,
        `  new_contracts      ${c.newContracts}`,
        `  updated_contracts  ${c.updatedContracts}`,
        `  failed_contracts   ${c.failedContracts}`,
        `  requests_made      ${c.requestsMade}`,
        `  pages_processed    ${c.pagesProcessed}`,
        `  rate_limit_hits    ${c.rateLimitHits}`,
        "",
        "Log:",
        ...logs.map((l) => `  ${l.loggedAt.toISOString()} ${l.logLevel.padEnd(5)} ${l.message}`),
        "",
      ].join("\n"),
    );
    return outcome.status === "completed" ? 0 : 1;
  } catch (error) {
    if (error instanceof CrawlAlreadyRunningError || error instanceof InvalidCrawlRequestError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    io.err(`crawl failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    if (manageDatabase) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await closeCrawlerAgents();
      await closeDatabase().catch(() => {});
      await embedded?.stop().catch(() => {});
    }
  }
}
