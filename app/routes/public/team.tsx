import { Medal, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/team";
import { publicPageMeta } from "./page-meta";
import { INSPECTION_FORM_HREF } from "~/components/site/nav-links";
import { PageHero } from "~/components/site/page-hero";
import { TeamPhoto } from "~/components/site/team-photo";
import { buttonVariants } from "~/components/ui/button";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { listLeadershipTeam } from "~/domain/team/list-leadership-team.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/** Team (spec 1 §2): "Meet Our Veteran Team", the service record, three leader profiles with photos. */

export async function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request), team: await listLeadershipTeam() };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, (settings) => ({
    title: "Meet Our Veteran Team",
    description: `The veterans who lead ${settings?.businessName ?? "our company"}: ${settings?.veteranFacts.activeDutyYears ?? 24} years of active duty and ${settings?.veteranFacts.combatDeploymentMonths ?? 36} months of combat deployments, now serving central Ohio homeowners.`,
    path: "/team",
  }));
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The team page must render inside the public layout");
  const { activeDutyYears, combatDeploymentMonths } = settings.veteranFacts;
  return (
    <>
      <PageHero eyebrow="Our team" title="Meet Our Veteran Team">
        <p>
          Together our founders served {activeDutyYears} years of active duty, including {combatDeploymentMonths} months of
          combat deployments. The discipline, planning and accountability of military service now go into every roof we build.
        </p>
      </PageHero>

      <section aria-labelledby="service-record-heading" className="border-b border-brand-cream-dark bg-brand-cream">
        <h2 id="service-record-heading" className="sr-only">
          Our service record
        </h2>
        <ul className="mx-auto grid max-w-5xl gap-6 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:px-8">
          {[
            { icon: Medal, label: "Active duty", value: `${activeDutyYears} years` },
            { icon: ShieldCheck, label: "Combat deployments", value: `${combatDeploymentMonths} months` },
          ].map(({ icon: Icon, label, value }) => (
            <li key={label} className="flex items-center gap-5 rounded-2xl bg-white p-6 shadow-sm">
              <Icon className="size-10 shrink-0 text-brand-red" aria-hidden="true" />
              <p>
                <span className="block text-sm font-semibold text-slate-600">{label}</span>
                <span className="block text-3xl font-extrabold text-brand-navy">{value}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="leaders-heading" className="bg-white py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="leaders-heading" className="text-center text-3xl font-extrabold tracking-tight text-brand-navy sm:text-4xl">
            Our leadership
          </h2>
          {loaderData.team.length > 0 ? (
            <ul className="mt-14 space-y-10">
              {loaderData.team.map((member, index) => (
                <li key={member.slug}>
                  <article
                    aria-labelledby={`leader-${member.slug}`}
                    className="grid items-center gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 md:grid-cols-[16rem_1fr] md:gap-10"
                  >
                    <TeamPhoto
                      member={member}
                      size={256}
                      loading={index === 0 ? "eager" : "lazy"}
                      className="mx-auto aspect-square w-48 rounded-2xl md:w-64"
                    />
                    <div>
                      <h3 id={`leader-${member.slug}`} className="text-2xl font-extrabold text-brand-navy">
                        {member.name}
                      </h3>
                      <p className="mt-1 font-semibold text-brand-red">{member.role}</p>
                      <p className="mt-4 text-lg leading-relaxed text-slate-700">{member.bio}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-12 text-center text-slate-700">Our team profiles are being updated.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="team-cta-heading" className="bg-brand-navy py-16 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 text-center sm:px-6 lg:px-8">
          <h2 id="team-cta-heading" className="text-3xl font-extrabold tracking-tight">
            Put a veteran-led crew on your roof
          </h2>
          <p className="max-w-2xl text-lg text-slate-200">
            Start with a free, no-obligation inspection. We&rsquo;ll show you exactly what we find.
          </p>
          <Link to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
            Schedule Free Inspection
          </Link>
        </div>
      </section>
    </>
  );
}
