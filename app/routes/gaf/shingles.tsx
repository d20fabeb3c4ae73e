import type { Route } from "./+types/shingles";
import { gafPageMeta } from "./gaf-meta";
import { GafPageBody, GafPageHeader } from "~/components/gaf/gaf-page";
import { ListNotice } from "~/components/gaf/list-notice";
import { ShingleList } from "~/components/gaf/shingle-list";
import { loadGafList } from "~/domain/gaf/load-list.server";
import { publicReadModels } from "~/domain/public-read-models.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";

/**
 * /gaf/shingles: one card per active shingle model (spec 1 §2). A shingle
 * without an official URL links "Learn More" to the manufacturer's shingles
 * page from the site settings.
 */

export async function loader(_args: Route.LoaderArgs) {
  const [shingles, settings] = await Promise.all([loadGafList("shingles", () => publicReadModels.gafShingles.get("all")), getPublicSiteSettings()]);
  return { shingles, manufacturerUrl: settings.partnership.manufacturerUrl, origin: siteOrigin() };
}

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return gafPageMeta({
    matches,
    origin: loaderData?.origin,
    path: "/gaf/shingles",
    title: "Compare GAF Shingles",
    description:
      "Compare GAF shingles, from Timberline architectural to designer and 3-tab: price tier, LayerLock, WindProven, lifetime warranty, algae protection and Title 24.",
  });
}

export default function GafShingles({ loaderData }: Route.ComponentProps) {
  const { shingles, manufacturerUrl } = loaderData;
  return (
    <>
      <GafPageHeader eyebrow="Compare shingles" title="Find the right GAF shingle">
        <p>
          Price tiers are relative ($ to $$$$). A dash means we could not confirm the value from GAF&rsquo;s
          documents; ask us and we will check it for your project.
        </p>
      </GafPageHeader>
      <GafPageBody>
        {!shingles.ok ? (
          <ListNotice kind="error">Shingle information is temporarily unavailable. Please try again later.</ListNotice>
        ) : shingles.items.length === 0 ? (
          <ListNotice kind="empty">No shingles are listed right now.</ListNotice>
        ) : (
          <ShingleList shingles={shingles.items} fallbackLearnMoreUrl={manufacturerUrl} />
        )}
      </GafPageBody>
    </>
  );
}
