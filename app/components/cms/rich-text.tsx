import * as React from "react";
import type { ContentTokenValues } from "~/domain/cms/content-tokens";
import { parseInline, splitParagraphs } from "~/domain/cms/inline-markup";
import { isHttpUrl } from "~/lib/url-safety";

/**
 * Renders CMS texts: the inline markup of block-content.ts as React elements
 * (never as HTML: React escapes every text, and link addresses were checked
 * by parseInline), with the `{name}` placeholders filled from the settings
 * provided by <ContentTokensProvider>.
 */

const TokensContext = React.createContext<ContentTokenValues | undefined>(undefined);

export function ContentTokensProvider({ values, children }: { values: ContentTokenValues; children: React.ReactNode }) {
  return <TokensContext.Provider value={values}>{children}</TokensContext.Provider>;
}

function useContentTokens(): ContentTokenValues | undefined {
  return React.useContext(TokensContext);
}

/** One CMS text, inline (inside a heading, paragraph or list item). */
export function RichText({ text }: { text: string }) {
  const tokens = useContentTokens();
  return (
    <>
      {parseInline(text, tokens).map((piece, index) => {
        switch (piece.kind) {
          case "text":
            return <React.Fragment key={index}>{piece.text}</React.Fragment>;
          case "strong":
            return <strong key={index}>{piece.text}</strong>;
          case "break":
            return <br key={index} />;
          case "link":
            return (
              <a
                key={index}
                href={piece.href}
                className="font-semibold underline underline-offset-4"
                {...(isHttpUrl(piece.href) ? { rel: "noopener noreferrer" } : {})}
              >
                {piece.text}
              </a>
            );
        }
      })}
    </>
  );
}

/** Paragraphs, each a `<p>` with `className`. */
export function Paragraphs({ paragraphs, className }: { paragraphs: readonly string[]; className?: string }) {
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          <RichText text={paragraph} />
        </p>
      ))}
    </>
  );
}

/** A multi-line intro: its paragraphs (split at blank lines). */
export function IntroText({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return <Paragraphs paragraphs={splitParagraphs(text)} className={className} />;
}
