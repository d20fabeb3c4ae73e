import { Award, CircleCheck, ExternalLink } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import { BlockIntro, BlockSectionHeading } from "~/components/cms/block-parts";
import { RichText } from "~/components/cms/rich-text";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";
import type { PublicSiteSettings } from "~/domain/site-settings/types";

export interface PartnershipSectionProps {
  settings: Pick<PublicSiteSettings, "certification" | "partnership">;
  /** Heading, intro and points (CMS block `home-partnership`). */
  block: BlockContent<"list">;
  /** The navy card beside it (CMS block `home-partnership-card`); left out when missing. */
  card?: BlockContent<"feature_grid">;
}

/**
 * Manufacturer partnership block (anchor #partnerships, spec 1 §2): the texts
 * from the CMS, the manufacturer's links from the settings.
 */
export function PartnershipSection({ settings, block, card }: PartnershipSectionProps) {
  const ListTag = block.ordered ? "ol" : "ul";
  return (
    <section id="partnerships" aria-labelledby="partnerships-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <BlockSectionHeading id="partnerships-heading" block={block} fallbackTitle={settings.certification.name} align="left" />
          <ListTag className="mt-8 space-y-4">
            {block.items.map((point, index) => (
              <li key={index} className="flex gap-3 text-slate-700">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-red" aria-hidden="true" />
                <span>
                  <RichText text={point} />
                </span>
              </li>
            ))}
          </ListTag>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <a
              href={settings.partnership.manufacturerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ size: "lg" })}
            >
              Explore GAF shingles
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <SiteLink to="/gaf" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Visit our GAF portal
            </SiteLink>
          </div>
        </div>

        {card && (
          <div className="relative overflow-hidden rounded-2xl bg-brand-navy p-8 text-white shadow-xl sm:p-10">
            <div aria-hidden="true" className="absolute -top-16 -right-16 size-56 rounded-full bg-white/5" />
            <Award className="size-12 text-red-300" aria-hidden="true" />
            {card.heading && (
              <p className="mt-6 text-2xl font-bold">
                <RichText text={card.heading} />
              </p>
            )}
            <BlockIntro block={card} className="mt-3 leading-relaxed text-slate-200" />
            <dl className="mt-8 grid grid-cols-2 gap-6 border-t border-white/15 pt-8">
              {card.features.map((feature, index) => (
                <div key={index}>
                  <dt className="text-sm text-slate-300">
                    <RichText text={feature.title} />
                  </dt>
                  <dd className="mt-1 text-lg font-semibold">
                    <RichText text={feature.description} />
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}
