import { data } from "react-router";
import type { Route } from "./+types/history.$kind.$id";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { HISTORY_TEXT, isHistoryKind, type ItemHistory } from "~/domain/content-history/kinds";
import { listVersions } from "~/domain/content-history/list-versions.server";
import { adminLoad, type AdminLoaded } from "~/lib/admin-action.server";

/**
 * GET /admin/history/:kind/:id: an item's versions, newest first, as data for the History dialog of its
 * screen (ADR 029). Staff only; never cached. An unknown kind is 404; an item without versions has an
 * empty list (a deleted item's history goes with it).
 */

const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isHistoryKind(params.kind) || params.id.length > 100) {
    const notFound: AdminLoaded<ItemHistory> = { ok: false, message: HISTORY_TEXT.loadFailed };
    return data({ history: notFound }, { status: 404, headers: HEADERS });
  }
  const kind = params.kind;
  const history = await adminLoad(() => listVersions(kind, params.id), HISTORY_TEXT.loadFailed);
  return data({ history }, { status: history.ok ? 200 : 500, headers: HEADERS });
}
