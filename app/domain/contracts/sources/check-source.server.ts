import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractSources } from "~/db/schema";
import type { AdminCheck } from "~/lib/admin-action.server";
import { testSource } from "../crawler/test-source.server";
import { SOURCE_TEXT } from "./admin-schemas";

/**
 * The Test button of a source (spec 2 §7, §8): the crawler's source test (one HEAD request to its
 * listing search page through the safe, polite fetcher), reported as the spec's toast: "Success" /
 * "Source is working correctly", or "Failed" / "Source test failed" with what was found (the HTTP
 * status, or why no answer came). Runs outside any transaction (the kit's check).
 */
export async function checkSource(input: { id: string }): Promise<AdminCheck> {
  const [source] = await db().select({ id: contractSources.id, name: contractSources.name }).from(contractSources).where(eq(contractSources.id, input.id));
  if (!source) return { ok: false, status: 404 };
  // One attempt, no retries: the person is waiting for the answer (a crawl retries, ADR 022).
  const result = await testSource(source.id, { retry: { maxRetries: 0 } });
  const audit = {
    action: "contracts.source.test",
    targetType: "contract_source",
    targetId: source.id,
    details: { name: source.name, url: result.url, ok: result.ok, status: result.status, detail: result.detail },
  };
  if (result.ok) return { ok: true, title: "Success", message: SOURCE_TEXT.testOk, audit };
  return { ok: false, title: "Failed", message: SOURCE_TEXT.testNotOk, ...(result.detail ? { detail: result.detail } : {}), audit };
}
