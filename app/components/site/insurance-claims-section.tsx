import { Phone } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import { BlockSectionHeading } from "~/components/cms/block-parts";
import { ContentIcon } from "~/components/cms/content-icon";
import { RichText } from "~/components/cms/rich-text";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";
import { INSPECTION_FORM_HREF } from "./nav-links";

export interface InsuranceClaimsSectionProps {
  /** Heading, intro and the steps (CMS block `home-insurance`). */
  block: BlockContent<"card_grid">;
  phone: string;
  phoneHref: string;
}

/** Insurance-claims block of the home page (spec 1 §2): numbered steps, and its "Schedule Free Inspection" button. */
export function InsuranceClaimsSection({ block, phone, phoneHref }: InsuranceClaimsSectionProps) {
  return (
    <section aria-labelledby="insurance-heading" className="bg-brand-navy py-20 text-white sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="insurance-heading" block={block} fallbackTitle="Insurance claims" tone="light" />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {block.cards.map((card, index) => (
            <li key={index} className="rounded-xl border border-white/15 bg-white/5 p-7">
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-red text-white">
                  <ContentIcon name={card.icon} fallback="CheckCircle" className="size-6" />
                </span>
                <span className="text-sm font-bold tracking-widest text-slate-300 uppercase">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-xl font-bold">
                <RichText text={card.title} />
              </h3>
              <p className="mt-2 leading-relaxed text-slate-200">
                <RichText text={card.text} />
              </p>
              {card.link && (
                <p className="mt-3">
                  <a href={card.link.href} className="font-semibold text-white underline underline-offset-4">
                    <RichText text={card.link.label} />
                  </a>
                </p>
              )}
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <SiteLink to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
            Schedule Free Inspection
          </SiteLink>
          <a
            href={phoneHref}
            className="inline-flex h-12 items-center gap-2 rounded-md px-4 text-base font-semibold text-white underline-offset-4 outline-none hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Phone className="size-5" aria-hidden="true" />
            Or call {phone}
          </a>
        </div>
      </div>
    </section>
  );
}
