import { data } from "react-router";
import type { Route } from "./+types/contracts.sessions.$id";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { getCrawlProgress } from "~/domain/contracts/crawls/get-crawl-progress.server";

/**
 * GET /admin/contracts/sessions/:id: one crawl session's counters and latest
 * log lines as data, polled every second by /admin/contracts while the crawl
 * runs (ADR 028). Staff only; never cached.
 */

const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const progress = await getCrawlProgress(params.id);
  return data({ progress }, { status: progress ? 200 : 404, headers: HEADERS });
}
