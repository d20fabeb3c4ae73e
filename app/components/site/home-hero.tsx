import { Maximize2, Phone, ShieldCheck } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import { BlockIntro, blockTitle } from "~/components/cms/block-parts";
import { ContentIcon } from "~/components/cms/content-icon";
import { RichText } from "~/components/cms/rich-text";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";
import { ACCREDITATION_BADGE_IMAGE_URL } from "~/domain/site-settings/defaults";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { cn } from "~/lib/cn";
import { ACCREDITATION_DIALOG_ID } from "./accreditation-dialog";
import { CERTIFICATION_DIALOG_ID } from "./certification-dialog";
import { INSPECTION_FORM_HREF } from "./nav-links";

const HERO_IMAGE_URL = "/images/hero/roof-hero.svg";

export interface HomeHeroProps {
  settings: Pick<PublicSiteSettings, "businessName" | "phone" | "phoneHref" | "certification" | "accreditation">;
  /** Eyebrow, `<h1>` and intro (CMS block `home-hero`); without it the `<h1>` is the business name. */
  hero?: BlockContent<"text">;
  /** The fact cards before the two badges (CMS block `home-hero-facts`). */
  facts?: BlockContent<"feature_grid">;
}

/** Id of the hero's heading: the no-JavaScript dialogs' "Close" links return here. */
export const HERO_HEADING_ID = "hero-heading";

const factCardClass =
  "flex h-full flex-col items-start gap-2 rounded-lg border border-white/15 bg-[rgba(20,40,66,0.8)] p-3 shadow-lg shadow-black/10 sm:flex-row sm:gap-3 sm:p-4";
const badgeCardClass =
  "group relative flex h-full flex-col items-start gap-2 rounded-lg border border-white/25 bg-[rgba(20,40,66,0.8)] p-3 shadow-lg shadow-black/10 transition-colors outline-none hover:border-white/60 hover:bg-[rgba(30,58,95,0.95)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:flex-row sm:gap-3 sm:p-4";

/**
 * The home page hero. It sits under the translucent fixed header (the page
 * sets `handle.heroUnderHeader`), so its top padding includes the header height.
 * The image is covered by a navy overlay dark enough for white text (AA).
 *
 * Its two badges open dialogs (the page renders AccreditationDialog and
 * CertificationDialog; app/enhance/dialogs.js opens them). They are links to
 * `#<dialog id>`, so without JavaScript they still show the details, with
 * aria-haspopup="dialog"; their accessible name is their visible text
 * followed by what they open ("A- rating Better Business Bureau accredited
 * View details of our accreditation").
 */
export function HomeHero({ settings, hero, facts }: HomeHeroProps) {
  const { accreditation, certification } = settings;
  const { eyebrow, title } = blockTitle(hero, settings.businessName);
  return (
    <section aria-labelledby={HERO_HEADING_ID} className="relative isolate overflow-hidden bg-brand-navy-dark text-white">
      <img
        src={HERO_IMAGE_URL}
        alt=""
        width={1600}
        height={600}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover object-bottom"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[rgba(20,40,66,0.72)] lg:bg-transparent lg:bg-[linear-gradient(90deg,rgba(20,40,66,0.94)_0%,rgba(20,40,66,0.8)_42%,rgba(20,40,66,0.1)_100%)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-[calc(var(--header-height)+3.5rem)] pb-16 sm:px-6 sm:pb-20 lg:px-8 lg:pt-[calc(var(--header-height)+6rem)] lg:pb-28">
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 px-3.5 py-1.5 text-sm font-semibold text-white">
              <ShieldCheck className="size-4 text-red-300" aria-hidden="true" />
              {eyebrow}
            </p>
          )}
          <h1
            id={HERO_HEADING_ID}
            className={cn(
              "text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl",
              eyebrow && "mt-6",
            )}
          >
            {title}
          </h1>
          <BlockIntro block={hero} className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200 sm:text-xl" />
          <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center">
            <SiteLink to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
              Schedule Free Inspection
            </SiteLink>
            <a
              href={settings.phoneHref}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/40 px-6 text-base font-semibold text-white transition-colors outline-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Phone className="size-5" aria-hidden="true" />
              Call {settings.phone}
            </a>
          </div>
        </div>

        <ul className="mt-12 grid max-w-4xl grid-cols-2 gap-3 sm:gap-4 lg:mt-20 lg:grid-cols-4">
          {facts?.features.map((fact, index) => (
            <li key={index}>
              <div className={factCardClass}>
                <ContentIcon name={fact.icon} fallback="Medal" className="mt-0.5 size-5 shrink-0 text-red-300" />
                <p className="leading-snug">
                  <span className="block font-bold text-white">
                    <RichText text={fact.title} />
                  </span>
                  <span className="text-[0.8125rem] text-slate-300 sm:text-sm">
                    <RichText text={fact.description} />
                  </span>
                </p>
              </div>
            </li>
          ))}
          <li>
            <a
              href={`#${ACCREDITATION_DIALOG_ID}`}
              data-dialog-open={ACCREDITATION_DIALOG_ID}
              aria-haspopup="dialog"
              className={badgeCardClass}
            >
              <img
                src={ACCREDITATION_BADGE_IMAGE_URL}
                alt=""
                width={40}
                height={40}
                decoding="async"
                className="size-10 shrink-0"
              />
              <span className="leading-snug">
                <span className="block font-bold text-white">{accreditation.rating} rating</span>
                <span className="block text-[0.8125rem] text-slate-300 sm:text-sm">{accreditation.bureauName} accredited</span>
                <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-red-200 group-hover:underline">
                  View details
                  <span className="sr-only"> of our accreditation</span>
                  <Maximize2 className="size-3" aria-hidden="true" />
                </span>
              </span>
            </a>
          </li>
          <li>
            <a
              href={`#${CERTIFICATION_DIALOG_ID}`}
              data-dialog-open={CERTIFICATION_DIALOG_ID}
              aria-haspopup="dialog"
              className={badgeCardClass}
            >
              <img
                src={certification.imageUrl}
                alt=""
                width={40}
                height={44}
                decoding="async"
                className="h-11 w-10 shrink-0"
              />
              <span className="leading-snug">
                <span className="block font-bold text-white">{certification.name}</span>
                <span className="block text-[0.8125rem] text-slate-300 sm:text-sm">Factory-trained crews</span>
                <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-red-200 group-hover:underline">
                  View badge
                  <span className="sr-only"> in full size</span>
                  <Maximize2 className="size-3" aria-hidden="true" />
                </span>
              </span>
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
