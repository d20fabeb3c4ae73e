import type { Route } from "./+types/roof-system";
import { gafPageMeta } from "./gaf-meta";
import { GafPageBody, GafPageHeader } from "~/components/gaf/gaf-page";
import { ListNotice } from "~/components/gaf/list-notice";
import { RoofSystem } from "~/components/gaf/roof-system";
import { loadGafList } from "~/domain/gaf/load-list.server";
import { publicReadModels } from "~/domain/public-read-models.server";
import { siteOrigin } from "~/lib/site-origin.server";

/** /gaf/roof-system: numbered layers with their products (spec 1 §2). */

export async function loader(_args: Route.LoaderArgs) {
  return { layers: await loadGafList("roof-layers", () => publicReadModels.gafRoofLayers.get("all")), origin: siteOrigin() };
}

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return gafPageMeta({
    matches,
    origin: loaderData?.origin,
    path: "/gaf/roof-system",
    title: "GAF Roof System Explorer",
    description:
      "See every layer of a complete GAF roofing system, from leak barrier and deck protection to shingles, ventilation and ridge caps, and the GAF products in each.",
  });
}

export default function GafRoofSystem({ loaderData }: Route.ComponentProps) {
  const { layers } = loaderData;
  return (
    <>
      <GafPageHeader eyebrow="Roof system explorer" title="A complete roof, layer by layer">
        <p>
          A roof is more than shingles. Each GAF layer below does its own job, and together they qualify for GAF&rsquo;s
          system warranties.
        </p>
      </GafPageHeader>
      <GafPageBody>
        {!layers.ok ? (
          <ListNotice kind="error">Roof system information is temporarily unavailable. Please try again later.</ListNotice>
        ) : layers.items.length === 0 ? (
          <ListNotice kind="empty">No roof layers are listed right now.</ListNotice>
        ) : (
          <RoofSystem layers={layers.items} />
        )}
      </GafPageBody>
    </>
  );
}
