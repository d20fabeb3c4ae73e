import * as React from "react";
import { ContentTokensProvider } from "~/components/cms/rich-text";
import { contentTokenValues } from "~/domain/cms/content-tokens";
import type { PublicSiteSettings } from "~/domain/site-settings/types";

/** Wraps a public page's body: CMS texts below it fill `{name}` placeholders from these settings. */
export function CmsPageFrame({ settings, children }: { settings: PublicSiteSettings; children: React.ReactNode }) {
  const values = React.useMemo(() => contentTokenValues(settings), [settings]);
  return <ContentTokensProvider values={values}>{children}</ContentTokensProvider>;
}
