import { Readable } from "node:stream";
import type { Route } from "./+types/media.$assetId.$file";
import { openMediaVariant } from "~/domain/media/open-media-variant.server";

/**
 * GET /media/:assetId/:file: a resized copy of a media library image (ADR 031), public and cached for a
 * year by browsers and any CDN in front (`immutable`: a variant's address never names other bytes).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await openMediaVariant(params.assetId, params.file);
  if (!file) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "public, max-age=60" } });
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
