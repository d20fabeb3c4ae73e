import { ProseBlock } from "~/components/cms/prose-block";
import { LegalPage } from "~/components/site/legal-page";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { CmsPageFrame } from "./page-frame";

/**
 * Privacy policy and terms of service: the hero and "Last updated" blocks,
 * then every numbered section block (`privacy-10-who-we-are`...) in order, as
 * prose. The business's name and contact details are placeholders filled
 * from the settings.
 */
export function LegalContentPage({ data, settings }: { data: PageDataOf<"privacy" | "terms">; settings: PublicSiteSettings }) {
  const { content } = data;
  const key = content.pageKey;
  return (
    <CmsPageFrame settings={settings}>
      <LegalPage
        hero={pageBlock(content, `${key}-hero`, "text")}
        fallbackTitle={PUBLIC_PAGES[key].name}
        updated={pageBlock(content, `${key}-updated`, "text")}
      >
        {content.sections.map((sectionKey) => {
          const block = content.blocks[sectionKey];
          return block ? <ProseBlock key={sectionKey} block={block} /> : null;
        })}
      </LegalPage>
    </CmsPageFrame>
  );
}
