import { Compass, Eye, HeartHandshake, ShieldCheck, Trophy } from "lucide-react";
import type { Route } from "./+types/about";
import { publicPageMeta } from "./page-meta";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { PageHero } from "~/components/site/page-hero";
import { REVIEWS_PAGE_PARAM, ReviewsSection } from "~/components/site/reviews-section";
import { SectionHeading } from "~/components/site/section-heading";
import { TeamSection } from "~/components/site/team-section";
import { listPublicReviews } from "~/domain/reviews/list-public-reviews.server";
import { pageCount, pageFromSearchParam } from "~/domain/reviews/paging";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { listLeadershipTeam } from "~/domain/team/list-leadership-team.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { usePublicSiteSettings } from "~/lib/public-site";
import reviewsScript from "~/enhance/reviews.js?url";
import inspectionFormScript from "~/enhance/inspection-form.js?url";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";

/**
 * About (spec 1 §2): hero with the "Ready for Your Inspection?" form place,
 * Mission, Vision, three core values, four goals, the team block, the reviews
 * (#testimonials) and the inspection form's place. The company's statements
 * below are page copy; names, facts and people come from the database.
 */

export const handle: PageScriptsHandle = { scripts: [reviewsScript, inspectionFormScript] };

/** The inspection form posted without JavaScript (app/components/leads/inspection-form.tsx). */
export const action = inspectionPageAction;

const MISSION =
  "To protect central Ohio homes and businesses with honest inspections, well-built roofing systems and the same " +
  "discipline, accountability and care we practiced in uniform.";

const VISION =
  "To be the roofing contractor central Ohio families recommend first: known for telling the truth about a roof, " +
  "standing behind every job, and giving back to the veterans and neighbors in the communities we serve.";

const CORE_VALUES = [
  {
    icon: ShieldCheck,
    title: "Integrity First",
    text:
      "We tell you what your roof actually needs, even when that is a repair instead of a replacement. Every estimate " +
      "is written, itemized and explained before any work begins.",
  },
  {
    icon: HeartHandshake,
    title: "Service Beyond",
    text:
      "From the first call to the final insurance paperwork, we handle the details, return calls the same day and " +
      "leave your property cleaner than we found it.",
  },
  {
    icon: Trophy,
    title: "Excellence Always",
    text:
      "Factory-trained crews, installation to manufacturer specifications and a final quality walk on every roof. " +
      "A job is finished when it meets our standard, not before.",
  },
];

const GOALS = [
  {
    title: "Inspect honestly",
    text: "Give every homeowner a clear, photo-documented picture of their roof's condition, free and without pressure.",
  },
  {
    title: "Make insurance claims simple",
    text: "Guide storm-damage customers through their claim, from the first inspection to the final invoice.",
  },
  {
    title: "Build roofs that last",
    text: "Install complete roofing systems to manufacturer specifications, backed by strong warranties.",
  },
  {
    title: "Serve our community",
    text: "Hire and train veterans, and support the neighborhoods and veteran organizations of central Ohio.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [team, reviews] = await Promise.all([listLeadershipTeam(), listPublicReviews()]);
  const reviewsPage = pageFromSearchParam(new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM), pageCount(reviews.length));
  return { origin: siteOrigin(request), team, reviews, reviewsPage };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, (settings) => ({
    title: "About Us",
    description: `Meet ${settings?.businessName ?? "our company"}, a veteran-owned roofing contractor in central Ohio: our mission, vision and values, and the veterans who lead every job.`,
    path: "/about",
  }));
}

export default function About({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The about page must render inside the public layout");
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`About ${settings.businessName}`}
        aside={<InspectionFormPlace settings={settings} id="about-inspection" title="Ready for Your Inspection?" variant="card" />}
      >
        <p>
          We are a veteran-owned roofing and storm-restoration company based in {settings.address.locality}, Ohio. Our
          founders served {settings.veteranFacts.activeDutyYears} years on active duty between them; today they bring
          the same standards to every roof in central Ohio.
        </p>
      </PageHero>

      <section aria-labelledby="mission-vision-heading" className="bg-white py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="mission-vision-heading" className="sr-only">
            Mission and vision
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <article aria-labelledby="mission-heading" className="rounded-2xl border border-slate-200 bg-brand-cream/50 p-8 sm:p-10">
              <Compass className="size-10 text-brand-red" aria-hidden="true" />
              <h3 id="mission-heading" className="mt-5 text-2xl font-extrabold text-brand-navy">
                Our Mission
              </h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{MISSION}</p>
            </article>
            <article aria-labelledby="vision-heading" className="rounded-2xl bg-brand-navy p-8 text-white sm:p-10">
              <Eye className="size-10 text-red-300" aria-hidden="true" />
              <h3 id="vision-heading" className="mt-5 text-2xl font-extrabold">
                Our Vision
              </h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-200">{VISION}</p>
            </article>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-brand-cream py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="values-heading" eyebrow="What we stand for" title="Our core values">
            <p>Three principles from military service that guide every inspection, estimate and installation.</p>
          </SectionHeading>
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {CORE_VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-brand-cream-dark bg-white p-7 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-navy text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-brand-navy">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="goals-heading" className="bg-white py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="goals-heading" eyebrow="Where we are headed" title="Our goals" />
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {GOALS.map(({ title, text }, index) => (
              <li key={title} className="rounded-xl border border-slate-200 p-7">
                <span className="text-4xl font-extrabold text-brand-red" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-3 text-lg font-bold text-brand-navy">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <TeamSection members={loaderData.team} className="bg-brand-cream" />
      <ReviewsSection reviews={loaderData.reviews} initialPage={loaderData.reviewsPage} className="bg-white" />
      <InspectionFormPlace settings={settings} />
    </>
  );
}
