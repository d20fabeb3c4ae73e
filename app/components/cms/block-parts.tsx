import type * as React from "react";
import { PageHero } from "~/components/site/page-hero";
import { SectionHeading } from "~/components/site/section-heading";
import type { BlockContent } from "~/domain/cms/block-content";
import { IntroText, Paragraphs, RichText } from "./rich-text";

/**
 * Pieces of public sections built from CMS blocks: the heading of a section
 * (eyebrow, `<h2>`, intro) and a page's hero (eyebrow, `<h1>`, intro). The
 * texts pass through RichText (placeholders, inline markup; never HTML).
 */

/** The heading fields every block type has, and its intro (text blocks: paragraphs; other types: intro). */
export interface BlockHeader {
  eyebrow?: string;
  heading?: string;
  intro?: string;
  paragraphs?: readonly string[];
}

/** The block's eyebrow and heading as React nodes (undefined when absent). */
export function blockTitle(block: BlockHeader | undefined, fallback?: string): { eyebrow?: React.ReactNode; title?: React.ReactNode } {
  return {
    eyebrow: block?.eyebrow ? <RichText text={block.eyebrow} /> : undefined,
    title: block?.heading ? <RichText text={block.heading} /> : fallback,
  };
}

/** The block's intro: a text block's paragraphs, or another type's intro. */
export function BlockIntro({ block, className }: { block: BlockHeader | undefined; className?: string }) {
  if (!block) return null;
  if (block.paragraphs) return <Paragraphs paragraphs={block.paragraphs} className={className} />;
  return <IntroText text={block.intro} className={className} />;
}

function hasIntro(block: BlockHeader | undefined): boolean {
  return Boolean(block && ((block.paragraphs && block.paragraphs.length > 0) || block.intro));
}

export interface BlockSectionHeadingProps {
  id: string;
  block: BlockHeader | undefined;
  /** The `<h2>` when the block has no heading (a section showing records always has one). */
  fallbackTitle: string;
  tone?: "light" | "dark";
  align?: "center" | "left";
}

/** SectionHeading from a block: eyebrow, `<h2 id>`, intro paragraphs. */
export function BlockSectionHeading({ id, block, fallbackTitle, tone, align }: BlockSectionHeadingProps) {
  const { eyebrow, title } = blockTitle(block, fallbackTitle);
  return (
    <SectionHeading id={id} eyebrow={eyebrow} title={title} tone={tone} align={align}>
      {hasIntro(block) ? <BlockIntro block={block} className="not-first:mt-4" /> : undefined}
    </SectionHeading>
  );
}

export interface BlockPageHeroProps {
  block: BlockContent<"text"> | undefined;
  /** The page's `<h1>` when the block is missing: a page always has one. */
  fallbackTitle: string;
  aside?: React.ReactNode;
  /** Shown after the intro (e.g. the legal pages' "Last updated"). */
  after?: React.ReactNode;
}

/** The navy title band of a page from its hero block. */
export function BlockPageHero({ block, fallbackTitle, aside, after }: BlockPageHeroProps) {
  const { eyebrow, title } = blockTitle(block, fallbackTitle);
  const intro = hasIntro(block) ? <BlockIntro block={block} className="not-first:mt-4" /> : null;
  return (
    <PageHero eyebrow={eyebrow} title={title} aside={aside}>
      {intro || after ? (
        <>
          {intro}
          {after}
        </>
      ) : undefined}
    </PageHero>
  );
}
