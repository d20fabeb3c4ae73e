import { z } from "zod";
import type { AdminChange } from "~/lib/admin-action.server";
import { CrawlAlreadyRunningError, InvalidCrawlRequestError, startCrawl } from "../crawler/start-crawl.server";
import { CRAWL_UI_TEXT } from "./types";

/** The Get Contracts form: a source and one of its configurations (ids; empty when none is chosen). */
export const startCrawlFormSchema = z.strictObject({
  intent: z.literal("start-crawl"),
  sourceId: z.string().max(100).default(""),
  searchConfigId: z.string().max(100).default(""),
});
export type StartCrawlForm = z.infer<typeof startCrawlFormSchema>;

/**
 * "Get Contracts" (spec 2 §2, §5): starts a manual crawl of one source with
 * one configuration as a background job (the crawler engine's startCrawl)
 * and answers at once with the "Crawl Started" notice; the page then follows
 * the session's progress. All Sources, or no source: "Please select a
 * source to crawl"; an unknown, inactive source or a configuration not of
 * that source: "Invalid source or configuration"; a crawl of that source
 * already running: says so.
 */
export async function startCrawlFromAdmin(input: StartCrawlForm, actor: { id: string }): Promise<AdminChange> {
  if (!input.sourceId) return { ok: false, status: 422, message: CRAWL_UI_TEXT.selectSource };
  const ids = z.object({ sourceId: z.uuid(), searchConfigId: z.uuid() }).safeParse(input);
  if (!ids.success) return { ok: false, status: 422, message: CRAWL_UI_TEXT.invalidSourceOrConfig };
  try {
    const created = await startCrawl({ ...ids.data, sessionType: "manual", triggeredBy: actor.id });
    return {
      ok: true,
      title: CRAWL_UI_TEXT.startedTitle,
      message: CRAWL_UI_TEXT.started(created.sourceName),
      audit: {
        action: "contracts.crawl.start",
        targetType: "contract_crawl_session",
        targetId: created.sessionId,
        details: { sourceId: created.sourceId, searchConfigId: created.searchConfigId },
      },
    };
  } catch (error) {
    if (error instanceof InvalidCrawlRequestError) return { ok: false, status: 422, message: CRAWL_UI_TEXT.invalidSourceOrConfig };
    if (error instanceof CrawlAlreadyRunningError) return { ok: false, status: 409, message: error.message };
    throw error;
  }
}
