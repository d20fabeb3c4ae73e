import { Clock } from "~/components/site/icons";
import { BlockIntro, blockTitle } from "~/components/cms/block-parts";
import { RichText } from "~/components/cms/rich-text";
import { InspectionForm } from "~/components/leads/inspection-form";
import type { BlockContent } from "~/domain/cms/block-content";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { cn } from "~/lib/cn";
import { formatDays, formatTime } from "./format";

/** The id every "Schedule Inspection" link points at (INSPECTION_FORM_HREF). */
const INSPECTION_FORM_ID = "inspection-form";
const INSPECTION_FORM_TITLE = "Request Your Free Inspection";

type ContactSettings = Pick<PublicSiteSettings, "phone" | "phoneHref" | "email" | "openingHours" | "businessName">;

export interface InspectionFormPlaceProps {
  settings: ContactSettings;
  /** Unique per page; the main place keeps the default "inspection-form". */
  id?: string;
  /**
   * The texts: for the `section` variant the CMS block `shared-inspection`
   * (eyebrow, heading, intro, and its first card's title and text over the
   * form); for the `card` variant a text block (heading and paragraphs).
   * Without it the heading is "Request Your Free Inspection": the form is
   * always there for every "Schedule Inspection" link.
   */
  block?: BlockContent<"card_grid"> | BlockContent<"text">;
  /** `section`: a full-width page section; `card`: a compact card (the /about hero). */
  variant?: "section" | "card";
  className?: string;
}

/**
 * A section with the inspection-request form (app/components/leads/inspection-form.tsx).
 * The page must also export the form's action and load its script: see that file.
 */
export function InspectionFormPlace({
  settings,
  id = INSPECTION_FORM_ID,
  block,
  variant = "section",
  className,
}: InspectionFormPlaceProps) {
  const headingId = `${id}-heading`;
  const { eyebrow, title } = blockTitle(block, INSPECTION_FORM_TITLE);
  const formCard = block && "cards" in block ? block.cards[0] : undefined;

  if (variant === "card") {
    return (
      <section
        id={id}
        aria-labelledby={headingId}
        className={cn("rounded-2xl bg-white p-6 text-foreground shadow-2xl shadow-black/30 sm:p-8", className)}
      >
        <h2 id={headingId} className="text-2xl font-extrabold tracking-tight text-brand-navy">
          {title}
        </h2>
        <BlockIntro block={block} className="mt-2 leading-relaxed text-slate-600" />
        <InspectionForm formId={id} settings={settings} className="mt-6" />
      </section>
    );
  }

  return (
    <section id={id} aria-labelledby={headingId} className={cn("bg-brand-navy py-20 text-white sm:py-24", className)}>
      {/* items-start: the texts keep their place while the form grows (the live slot picker, a file list, messages), so the page does not shift under the reader (scroll anchoring follows the heading). */}
      <div className="mx-auto grid max-w-7xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          {eyebrow && <p className="mb-3 text-sm font-bold tracking-[0.18em] text-red-300 uppercase">{eyebrow}</p>}
          <h2 id={headingId} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <BlockIntro block={block} className="mt-4 text-lg leading-relaxed text-slate-200" />
          {settings.openingHours.length > 0 && (
            <div className="mt-8 flex gap-3 text-slate-200">
              <Clock className="mt-0.5 size-5 shrink-0 text-red-300" aria-hidden="true" />
              <div>
                <p className="font-semibold text-white">Office hours</p>
                <ul className="mt-1 text-sm leading-relaxed">
                  {settings.openingHours.map((hours) => (
                    <li key={hours.days.join()}>
                      {formatDays(hours.days)}: {formatTime(hours.opens)} – {formatTime(hours.closes)}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </div>
        <div className="rounded-2xl bg-white p-6 text-foreground shadow-xl sm:p-8">
          {formCard && (
            <>
              <p className="text-lg font-bold text-brand-navy">
                <RichText text={formCard.title} />
              </p>
              <p className="mt-2 text-slate-600">
                <RichText text={formCard.text} />
              </p>
            </>
          )}
          <InspectionForm formId={id} settings={settings} className={formCard ? "mt-6" : undefined} />
        </div>
      </div>
    </section>
  );
}
