import { ExternalLink } from "~/components/site/icons";
import type { Route } from "./+types/warranties";
import { gafPageMeta } from "./gaf-meta";
import { GafPageBody, GafPageHeader, gafHeaderLinkClass, NewTabNote } from "~/components/gaf/gaf-page";
import { ListNotice } from "~/components/gaf/list-notice";
import { WarrantyList } from "~/components/gaf/warranty-list";
import { loadGafList } from "~/domain/gaf/load-list.server";
import { publicReadModels } from "~/domain/public-read-models.server";
import { siteOrigin } from "~/lib/site-origin.server";

/** /gaf/warranties: one card per active warranty, "Show all details" on by default (spec 1 §2). */

/** GAF's own page listing every limited warranty (the short link printed on GAF's warranty documents). */
export const GAF_ALL_WARRANTIES_URL = "https://www.gaf.com/warranty";

export async function loader(_args: Route.LoaderArgs) {
  return { warranties: await loadGafList("warranties", () => publicReadModels.gafWarranties.get("all")), origin: siteOrigin() };
}

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return gafPageMeta({
    matches,
    origin: loaderData?.origin,
    path: "/gaf/warranties",
    title: "GAF Roofing Warranties Compared",
    description:
      "Compare GAF limited warranties side by side: coverage period, manufacturing defects, workmanship, wind protection, algae protection and transferability.",
  });
}

export default function GafWarranties({ loaderData }: Route.ComponentProps) {
  const { warranties } = loaderData;
  return (
    <>
      <GafPageHeader
        eyebrow="GAF warranties"
        title="Roofing warranties, compared"
        actions={
          <a href={GAF_ALL_WARRANTIES_URL} target="_blank" rel="noopener noreferrer" className={gafHeaderLinkClass}>
            View all GAF limited warranties
            <ExternalLink className="size-4" aria-hidden="true" />
            <NewTabNote />
          </a>
        }
      >
        <p>
          What each GAF warranty covers and for how long. Enhanced warranties depend on the products installed and
          on the contractor&rsquo;s certification; the warranty in force at installation governs.
        </p>
      </GafPageHeader>
      <GafPageBody>
        {!warranties.ok ? (
          <ListNotice kind="error">Warranty information is temporarily unavailable. Please try again later.</ListNotice>
        ) : warranties.items.length === 0 ? (
          <ListNotice kind="empty">No warranties are listed right now.</ListNotice>
        ) : (
          <WarrantyList warranties={warranties.items} />
        )}
      </GafPageBody>
    </>
  );
}
