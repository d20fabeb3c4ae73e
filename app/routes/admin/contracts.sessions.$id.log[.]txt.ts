import { create as contentDisposition } from "content-disposition";
import type { Route } from "./+types/contracts.sessions.$id.log[.]txt";
import { companyDay } from "~/domain/contracts/format";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { crawlLogText } from "~/domain/contracts/crawls/crawl-log-text.server";

/**
 * GET /admin/contracts/sessions/:id/log.txt: the whole log of one crawl
 * session as a text file named by date (the debug log panel's Download).
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const text = await crawlLogText(params.id);
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  if (text === null) return new Response("Not found", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(text, {
    headers: {
      ...headers,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": contentDisposition(`crawl-log-${companyDay(new Date())}.txt`),
    },
  });
}
