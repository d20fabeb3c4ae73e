import { SiteLink } from "../site-link";
import { BlockIntro, blockTitle } from "~/components/cms/block-parts";
import { INSPECTION_FORM_HREF } from "~/components/site/nav-links";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";

/** The band's classes: white (Our Work) or navy with light text (Team). */
const TONES = {
  white: { section: "bg-white py-16", heading: "text-3xl font-extrabold tracking-tight text-brand-navy", intro: "max-w-2xl text-lg text-slate-600" },
  navy: { section: "bg-brand-navy py-16 text-white", heading: "text-3xl font-extrabold tracking-tight", intro: "max-w-2xl text-lg text-slate-200" },
} as const;

/**
 * A page's closing call to action from its CTA text block: the block's heading (else "Schedule Free
 * Inspection"), its intro, and the "Schedule Free Inspection" button to the inspection form. Nothing
 * when the page has no such block. `id` is the heading's, which names the section.
 */
export function InspectionCta({ id, block, tone }: { id: string; block: BlockContent<"text"> | undefined; tone: keyof typeof TONES }) {
  if (!block) return null;
  const classes = TONES[tone];
  return (
    <section aria-labelledby={id} className={classes.section}>
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 text-center sm:px-6 lg:px-8">
        <h2 id={id} className={classes.heading}>
          {blockTitle(block, "Schedule Free Inspection").title}
        </h2>
        <BlockIntro block={block} className={classes.intro} />
        <SiteLink to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
          Schedule Free Inspection
        </SiteLink>
      </div>
    </section>
  );
}
