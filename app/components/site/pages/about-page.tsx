import { BlockPageHero, BlockSectionHeading } from "~/components/cms/block-parts";
import { ContentIcon } from "~/components/cms/content-icon";
import { RichText } from "~/components/cms/rich-text";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import { ReviewsSection } from "~/components/site/reviews-section";
import { TeamSection } from "~/components/site/team-section";
import type { BlockContent } from "~/domain/cms/block-content";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES, SHARED_BLOCK_KEYS } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { cn } from "~/lib/cn";
import { CmsPageFrame } from "./page-frame";

/**
 * About (spec 1 §2): hero with the "Ready for Your Inspection?" form place,
 * Mission and Vision, the core values, the goals, the team block, the reviews
 * (#testimonials) and the inspection form's place.
 */
export function AboutPage({ data, settings }: { data: PageDataOf<"about">; settings: PublicSiteSettings }) {
  const { content } = data;
  const missionVision = pageBlock(content, "about-mission-vision", "card_grid");
  const values = pageBlock(content, "about-values", "card_grid");
  const goals = pageBlock(content, "about-goals", "feature_list");
  return (
    <CmsPageFrame settings={settings}>
      <BlockPageHero
        block={pageBlock(content, "about-hero", "text")}
        fallbackTitle={PUBLIC_PAGES.about.name}
        aside={
          <InspectionFormPlace settings={settings} id="about-inspection" block={pageBlock(content, "about-inspection", "text")} variant="card" />
        }
      />
      {missionVision && <MissionVision block={missionVision} />}
      {values && <CoreValues block={values} />}
      {goals && <Goals block={goals} />}
      <TeamSection members={data.team} heading={pageBlock(content, SHARED_BLOCK_KEYS.team, "text")} className="bg-brand-cream" />
      <ReviewsSection
        reviews={data.reviews}
        heading={pageBlock(content, SHARED_BLOCK_KEYS.reviews, "text")}
        initialPage={data.reviewsPage}
        className="bg-white"
      />
      <InspectionFormPlace settings={settings} block={pageBlock(content, SHARED_BLOCK_KEYS.inspection, "card_grid")} />
    </CmsPageFrame>
  );
}

/** Mission and vision side by side (the heading is for screen readers); cards alternate light and navy. */
function MissionVision({ block }: { block: BlockContent<"card_grid"> }) {
  return (
    <section aria-labelledby="mission-vision-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="mission-vision-heading" className="sr-only">
          <RichText text={block.heading ?? "Mission and vision"} />
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          {block.cards.map((card, index) => {
            const dark = index % 2 === 1;
            const headingId = `mission-vision-${index + 1}-heading`;
            return (
              <article
                key={index}
                aria-labelledby={headingId}
                className={cn(
                  "rounded-2xl p-8 sm:p-10",
                  dark ? "bg-brand-navy text-white" : "border border-slate-200 bg-brand-cream/50",
                )}
              >
                <ContentIcon name={card.icon} fallback="Compass" className={cn("size-10", dark ? "text-red-300" : "text-brand-red")} />
                <h3 id={headingId} className={cn("mt-5 text-2xl font-extrabold", !dark && "text-brand-navy")}>
                  <RichText text={card.title} />
                </h3>
                <p className={cn("mt-3 text-lg leading-relaxed", dark ? "text-slate-200" : "text-slate-700")}>
                  <RichText text={card.text} />
                </p>
                {card.link && (
                  <p className="mt-4">
                    <a href={card.link.href} className="font-semibold underline underline-offset-4">
                      <RichText text={card.link.label} />
                    </a>
                  </p>
                )}
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function CoreValues({ block }: { block: BlockContent<"card_grid"> }) {
  return (
    <section aria-labelledby="values-heading" className="bg-brand-cream py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="values-heading" block={block} fallbackTitle="Our core values" />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {block.cards.map((card, index) => (
            <li key={index} className="rounded-xl border border-brand-cream-dark bg-white p-7 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-lg bg-brand-navy text-white">
                <ContentIcon name={card.icon} fallback="ShieldCheck" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-brand-navy">
                <RichText text={card.title} />
              </h3>
              <p className="mt-2 leading-relaxed text-slate-600">
                <RichText text={card.text} />
              </p>
              {card.link && (
                <p className="mt-3">
                  <a href={card.link.href} className="font-semibold text-brand-navy underline underline-offset-4">
                    <RichText text={card.link.label} />
                  </a>
                </p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Goals({ block }: { block: BlockContent<"feature_list"> }) {
  return (
    <section aria-labelledby="goals-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="goals-heading" block={block} fallbackTitle="Our goals" />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {block.features.map((feature, index) => (
            <li key={index} className="rounded-xl border border-slate-200 p-7">
              <span className="text-4xl font-extrabold text-brand-red" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-lg font-bold text-brand-navy">
                <RichText text={feature.title} />
              </h3>
              <p className="mt-2 leading-relaxed text-slate-600">
                <RichText text={feature.description} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
