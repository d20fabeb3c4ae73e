import type { Route } from "./+types/timberline-hdz-colors";
import { gafPageMeta } from "./gaf-meta";
import { ColorSwatches } from "~/components/gaf/color-swatches";
import { GafPageBody, GafPageHeader } from "~/components/gaf/gaf-page";
import { ListNotice } from "~/components/gaf/list-notice";
import { loadGafList } from "~/domain/gaf/load-list.server";
import { publicReadModels } from "~/domain/public-read-models.server";
import { siteOrigin } from "~/lib/site-origin.server";
import gafScript from "~/enhance/gaf.js?url";
import type { PageScriptsHandle } from "~/lib/page-scripts";

/** /gaf/timberline-hdz-colors: swatches that open a colour dialog (spec 1 §2). */

export const handle: PageScriptsHandle = { scripts: [gafScript] };

export async function loader(_args: Route.LoaderArgs) {
  return { colors: await loadGafList("colors", () => publicReadModels.gafColors.get("all")), origin: siteOrigin() };
}

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return gafPageMeta({
    matches,
    origin: loaderData?.origin,
    path: "/gaf/timberline-hdz-colors",
    title: "GAF Timberline HDZ Shingle Colors",
    description:
      "Browse the GAF Timberline HDZ shingle color range, see each color larger with its hex code, and ask a central Ohio GAF-certified contractor about availability.",
  });
}

export default function GafTimberlineHdzColors({ loaderData }: Route.ComponentProps) {
  const { colors } = loaderData;
  return (
    <>
      <GafPageHeader eyebrow="Timberline HDZ colors" title="Timberline HDZ shingle colors">
        <p>
          Select a color to see it larger. Screen colors are approximate and availability varies by region, so we
          always bring physical samples to your inspection.
        </p>
      </GafPageHeader>
      <GafPageBody>
        {!colors.ok ? (
          <ListNotice kind="error">Color information is temporarily unavailable. Please try again later.</ListNotice>
        ) : colors.items.length === 0 ? (
          <ListNotice kind="empty">No colors are listed right now.</ListNotice>
        ) : (
          <ColorSwatches colors={colors.items} />
        )}
      </GafPageBody>
    </>
  );
}
