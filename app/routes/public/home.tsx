import type { Route } from "./+types/home";
import { listHomeServices } from "./home.server";
import { HomeHero } from "~/components/site/home-hero";
import { InsuranceClaimsSection } from "~/components/site/insurance-claims-section";
import { PartnershipSection } from "~/components/site/partnership-section";
import { ServicesSection } from "~/components/site/services-section";
import { type PublicRouteHandle, usePublicSiteSettings } from "~/lib/public-site";

/**
 * Home (spec 1 §2): hero, services, manufacturer partnership, insurance claims.
 * Reviews, team and the inspection form are added by later work.
 */

export const handle: PublicRouteHandle = { heroUnderHeader: true };

export async function loader() {
  return { services: await listHomeServices() };
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const settings = matches[1]?.loaderData?.settings;
  const name = settings?.businessName;
  return [
    {
      title: name
        ? `Veteran-Owned Roofing Contractor in Central Ohio | ${name}`
        : "Veteran-Owned Roofing Contractor in Central Ohio",
    },
    {
      name: "description",
      content: `${name ? `${name} is a veteran-owned` : "Veteran-owned"} roofing contractor serving Columbus and central Ohio: free roof inspections, storm restoration, insurance-claim support, repairs and full roof replacement.`,
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The home page must render inside the public layout");
  return (
    <>
      <HomeHero settings={settings} />
      <ServicesSection services={loaderData.services} phone={settings.phone} phoneHref={settings.phoneHref} />
      <PartnershipSection settings={settings} />
      <InsuranceClaimsSection phone={settings.phone} phoneHref={settings.phoneHref} />
    </>
  );
}
