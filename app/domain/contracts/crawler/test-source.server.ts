import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { contractSearchConfigs, contractSources } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { adapterFor, UnknownAdapterError } from "./adapters";
import { CrawlFetchError } from "./errors";
import { PoliteClient, type PoliteClientOptions } from "./polite-client.server";
import { sourceRateLimit } from "./run-crawl.server";

/**
 * The "Test" button of a source (spec §7): one HEAD request to the source's
 * listing search page (its adapter's first start page, else the base URL),
 * falling back to GET when HEAD is refused (405, 501). Goes through the same
 * safe, polite client as a crawl (address checks, robots.txt, the host's rate
 * limit). Success when the final answer is 2xx.
 */

export interface SourceTestResult {
  ok: boolean;
  /** Spec §8: "Source is working correctly" / "Source test failed". */
  message: string;
  status: number | null;
  url: string;
  detail: string | null;
}

export async function testSource(sourceId: string, options: Pick<PoliteClientOptions, "retry"> = {}): Promise<SourceTestResult> {
  if (!z.uuid().safeParse(sourceId).success) throw new Error("Invalid source or configuration");
  const [source] = await db().select().from(contractSources).where(eq(contractSources.id, sourceId));
  if (!source) throw new Error("Invalid source or configuration");
  const [config] = await db()
    .select()
    .from(contractSearchConfigs)
    .where(eq(contractSearchConfigs.sourceId, source.id))
    .orderBy(contractSearchConfigs.sortOrder)
    .limit(1);
  let url = source.baseUrl;
  try {
    const first = adapterFor(source.slug).startPages({
      baseUrl: source.baseUrl,
      keywords: config?.keywords ?? ["roof"],
      location: config?.locationConfig ?? {},
      customParameters: config?.customParameters ?? {},
    })[0];
    if (first) url = first.url;
  } catch (error) {
    if (!(error instanceof UnknownAdapterError)) throw error;
  }
  const client = new PoliteClient({ ...options, rateLimit: sourceRateLimit(source.rateLimitConfig) });
  const failed = (status: number | null, detail: string): SourceTestResult => ({ ok: false, message: "Source test failed", status, url, detail });
  try {
    let response = await client.fetch(url, { method: "HEAD" });
    if (response.status === 405 || response.status === 501) response = await client.fetch(url, { method: "GET" });
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, message: "Source is working correctly", status: response.status, url, detail: null };
    }
    return failed(response.status, `HTTP ${response.status} ${response.statusText}`.trim());
  } catch (error) {
    logger.warn({ err: error, sourceId, url }, "source test failed");
    return failed(null, error instanceof CrawlFetchError ? error.message : "unexpected error");
  } finally {
    // Its robots.txt matcher (a parser process, ADR 052).
    await client.close();
  }
}
