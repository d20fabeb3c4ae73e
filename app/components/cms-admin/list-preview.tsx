import { Eye, ExternalLink } from "lucide-react";
import type * as React from "react";
import { BackLink } from "~/components/admin/back-link";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { buttonVariants } from "~/components/ui/button";

/**
 * The frame of the Services Manager's and Team Members' previews
 * (/admin/cms/services/preview, /admin/cms/team/preview): the back links,
 * the preview banner naming the drafts shown, and the public page itself,
 * inert (a picture of the page, not a second site). Like the Page Content
 * preview (cms.pages.preview.tsx), whose banner text it shares.
 */

const PREVIEW_BANNER_TEXT = "Preview: includes unpublished drafts";

export function ListPreview({
  pageName,
  publicPath,
  backTo,
  backLabel,
  itemsLabel,
  children,
}: {
  pageName: string;
  publicPath: string;
  backTo: string;
  backLabel: string;
  /** What the drafts are, e.g. "services", "leaders". */
  itemsLabel: string;
  /** The data area: <AdminData> with a <PreviewBody>. */
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <BackToDashboard />
        <BackLink to={backTo}>{backLabel}</BackLink>
      </div>
      <div role="note" aria-labelledby="preview-banner" className="grid gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <p id="preview-banner" className="flex items-center gap-2 text-lg font-bold">
          <Eye className="size-5 shrink-0" aria-hidden="true" />
          {PREVIEW_BANNER_TEXT}
        </p>
        <p className="text-sm">
          This is the {pageName} page with its published and draft {itemsLabel}. Visitors see only what is published.
        </p>
        <div>
          <a href={publicPath} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <ExternalLink aria-hidden="true" />
            Open the public page
          </a>
        </div>
      </div>
      {children}
    </div>
  );
}

/** The drafts shown, named, and the public page's own rendering, inert. */
export function PreviewBody({ pageKey, itemsLabel, drafts, children }: { pageKey: string; itemsLabel: string; drafts: readonly string[]; children: React.ReactNode }) {
  return (
    <>
      <p className="text-sm text-slate-700" data-preview-drafts="">
        {drafts.length > 0 ? (
          <>
            Draft {itemsLabel} on this page: <span className="font-semibold">{drafts.join(", ")}</span>.
          </>
        ) : (
          `No draft ${itemsLabel}: the page looks the same to visitors.`
        )}
      </p>
      <div inert data-preview-page={pageKey} className="overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm">
        {children}
      </div>
    </>
  );
}
