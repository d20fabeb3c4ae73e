import { BlockIntro, BlockPageHero, blockTitle } from "~/components/cms/block-parts";
import { ContentIcon } from "~/components/cms/content-icon";
import { RichText } from "~/components/cms/rich-text";
import { TeamPhoto } from "~/components/site/team-photo";
import type { BlockContent } from "~/domain/cms/block-content";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { InspectionCta } from "./inspection-cta";
import { CmsPageFrame } from "./page-frame";

/** Team (spec 1 §2): "Meet Our Veteran Team", the service record, the leader profiles with photos, a call to action. */
export function TeamPage({ data, settings }: { data: PageDataOf<"team">; settings: PublicSiteSettings }) {
  const { content } = data;
  const record = pageBlock(content, "team-record", "feature_grid");
  const leaders = pageBlock(content, "team-leaders", "text");
  return (
    <CmsPageFrame settings={settings}>
      <BlockPageHero block={pageBlock(content, "team-hero", "text")} fallbackTitle={PUBLIC_PAGES.team.name} />
      {record && <ServiceRecord block={record} />}

      <section aria-labelledby="leaders-heading" className="bg-white py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="leaders-heading" className="text-center text-3xl font-extrabold tracking-tight text-brand-navy sm:text-4xl">
            {blockTitle(leaders, "Our leadership").title}
          </h2>
          <BlockIntro block={leaders} className="mx-auto mt-4 max-w-2xl text-center text-lg leading-relaxed text-slate-600" />
          {data.team.length > 0 ? (
            <ul className="mt-14 space-y-10">
              {data.team.map((member, index) => (
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

      <InspectionCta id="team-cta-heading" block={pageBlock(content, "team-cta", "text")} tone="navy" />
    </CmsPageFrame>
  );
}

/** The founders' service record: label and value tiles (the heading is for screen readers). */
function ServiceRecord({ block }: { block: BlockContent<"feature_grid"> }) {
  return (
    <section aria-labelledby="service-record-heading" className="border-b border-brand-cream-dark bg-brand-cream">
      <h2 id="service-record-heading" className="sr-only">
        <RichText text={block.heading ?? "Our service record"} />
      </h2>
      <ul className="mx-auto grid max-w-5xl gap-6 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:px-8">
        {block.features.map((feature, index) => (
          <li key={index} className="flex items-center gap-5 rounded-2xl bg-white p-6 shadow-sm">
            <ContentIcon name={feature.icon} fallback="Medal" className="size-10 shrink-0 text-brand-red" />
            <p>
              <span className="block text-sm font-semibold text-slate-600">
                <RichText text={feature.title} />
              </span>
              <span className="block text-3xl font-extrabold text-brand-navy">
                <RichText text={feature.description} />
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
