import type { Route } from "./+types/media.library";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { listMediaLibrary } from "~/domain/media/list-media-library.server";

/** GET /admin/media/library: the images a content form's picker offers (ready, with alt text). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return Response.json({ images: await listMediaLibrary() }, { headers: { "Cache-Control": "private, no-store" } });
}
