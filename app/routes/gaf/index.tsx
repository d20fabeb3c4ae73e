import { ExternalLink } from "~/components/site/icons";
import type { Route } from "./+types/index";
import { gafPageMeta } from "./gaf-meta";
import { GafPageBody, GafPageHeader, NewTabNote } from "~/components/gaf/gaf-page";
import { PortalCards } from "~/components/gaf/portal-cards";
import { siteOrigin } from "~/lib/site-origin.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";

/** /gaf: the manufacturer portal's four cards and "Learn Why We're GAF-Certified" (spec 1 §2). */

export async function loader(_args: Route.LoaderArgs) {
  const settings = await getPublicSiteSettings();
  return { certifiedInfoUrl: settings.partnership.certifiedInfoUrl, origin: siteOrigin() };
}

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return gafPageMeta({
    matches,
    origin: loaderData?.origin,
    path: "/gaf",
    title: "GAF Roofing Portal: Warranties, Shingles, Roof System and Colors",
    description:
      "Explore GAF roofing with a GAF-certified contractor in central Ohio: compare limited warranties and shingles, see every layer of a GAF roof system and browse Timberline HDZ colors.",
  });
}

export default function GafPortal({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <GafPageHeader
        eyebrow="GAF manufacturer portal"
        title="Everything GAF, in one place"
        backLink={false}
        actions={
          <a
            href={loaderData.certifiedInfoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-12 items-center gap-2 rounded-md bg-brand-red px-6 font-semibold text-white shadow-sm outline-none hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Learn Why We&rsquo;re GAF-Certified
            <ExternalLink className="size-4" aria-hidden="true" />
            <NewTabNote />
          </a>
        }
      >
        <p>
          As a GAF-certified contractor we install complete GAF roofing systems. Use these guides to compare
          warranties and shingles, see how each layer of your roof works, and pick a color before we visit.
        </p>
      </GafPageHeader>
      <GafPageBody>
        <PortalCards />
      </GafPageBody>
    </>
  );
}
