import type * as React from "react";
import { BlockPageHero } from "~/components/cms/block-parts";
import { Paragraphs } from "~/components/cms/rich-text";
import type { BlockContent } from "~/domain/cms/block-content";

export interface LegalPageProps {
  /** Eyebrow, title and intro (CMS block `<page>-hero`). */
  hero: BlockContent<"text"> | undefined;
  /** The `<h1>` when the hero block is missing. */
  fallbackTitle: string;
  /** "Last updated: ..." under the intro (CMS block `<page>-updated`). */
  updated?: BlockContent<"text">;
  children: React.ReactNode;
}

/** Privacy and terms pages: a title band, then readable prose (h2 sections, paragraphs, lists). */
export function LegalPage({ hero, fallbackTitle, updated, children }: LegalPageProps) {
  return (
    <>
      <BlockPageHero
        block={hero}
        fallbackTitle={fallbackTitle}
        after={updated && updated.paragraphs.length > 0 ? <Paragraphs paragraphs={updated.paragraphs} className="mt-4 text-base text-slate-300" /> : undefined}
      />
      <div className="bg-white py-14 sm:py-20">
        <div
          className={[
            "mx-auto max-w-3xl px-4 text-base leading-relaxed text-slate-700 sm:px-6 sm:text-lg lg:px-8",
            "[&_h2]:mt-12 [&_h2]:scroll-mt-32 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:tracking-tight [&_h2]:text-brand-navy [&_h2:first-child]:mt-0",
            "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-brand-navy",
            "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
            "[&_a]:font-semibold [&_a]:text-brand-navy [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-red",
            "[&_a]:rounded-sm [&_a]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-ring [&_a:focus-visible]:ring-offset-2",
            "[&_strong]:text-slate-900 [&_a[href^=tel]]:whitespace-nowrap",
          ].join(" ")}
        >
          {children}
        </div>
      </div>
    </>
  );
}
