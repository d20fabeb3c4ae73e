import type { PublicBlock } from "~/domain/cms/public-pages";
import { IntroText, Paragraphs, RichText } from "./rich-text";

/**
 * Any block as a section of running text (the numbered sections of the legal
 * pages): an `<h2>` from its heading, then its paragraphs, list, cards or
 * features as plain prose. No wrapper element: the surrounding prose styles
 * (LegalPage) space the headings, paragraphs and lists.
 */
export function ProseBlock({ block }: { block: PublicBlock }) {
  const { content } = block;
  return (
    <>
      {content.eyebrow && (
        <p className="text-sm font-bold tracking-[0.18em] text-brand-red uppercase">
          <RichText text={content.eyebrow} />
        </p>
      )}
      {content.heading && (
        <h2>
          <RichText text={content.heading} />
        </h2>
      )}
      <ProseBody block={block} />
    </>
  );
}

function ProseBody({ block }: { block: PublicBlock }) {
  switch (block.type) {
    case "text":
      return <Paragraphs paragraphs={block.content.paragraphs} />;
    case "list": {
      const List = block.content.ordered ? "ol" : "ul";
      return (
        <>
          <IntroText text={block.content.intro} />
          <List>
            {block.content.items.map((item, index) => (
              <li key={index}>
                <RichText text={item} />
              </li>
            ))}
          </List>
        </>
      );
    }
    case "card_grid":
      return (
        <>
          <IntroText text={block.content.intro} />
          {block.content.cards.map((card, index) => (
            <div key={index}>
              <h3>
                <RichText text={card.title} />
              </h3>
              <p>
                <RichText text={card.text} />
              </p>
              {card.link && (
                <p>
                  <a href={card.link.href}>
                    <RichText text={card.link.label} />
                  </a>
                </p>
              )}
            </div>
          ))}
        </>
      );
    case "feature_list":
    case "feature_grid":
      return (
        <>
          <IntroText text={block.content.intro} />
          {block.content.features.map((feature, index) => (
            <div key={index}>
              <h3>
                <RichText text={feature.title} />
              </h3>
              <p>
                <RichText text={feature.description} />
              </p>
            </div>
          ))}
        </>
      );
    case "image_text":
      return (
        <>
          <img
            src={block.content.imageUrl}
            alt={block.content.imageAlt}
            loading="lazy"
            decoding="async"
            className="mt-6 h-auto w-full rounded-xl"
          />
          <Paragraphs paragraphs={block.content.paragraphs} />
        </>
      );
  }
}
