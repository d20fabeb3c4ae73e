import { z } from "zod";
import type { Route } from "./+types/leads.$id.thumbnails";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { listThumbnailStatuses } from "~/domain/leads/list-thumbnail-statuses.server";
import type { ThumbnailStatuses } from "~/domain/leads/thumbnail-status";

/**
 * GET /admin/leads/:id/thumbnails: where each of the lead's files stands with its thumbnail, as JSON
 * (issue 31 item 5): the lead page asks it every few seconds while a photo's thumbnail is being made.
 * An unknown lead has no files (an empty list, the same as a lead without any).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = z.uuid().safeParse(params.id);
  const body: ThumbnailStatuses = { files: id.success ? await listThumbnailStatuses(id.data) : [] };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}
