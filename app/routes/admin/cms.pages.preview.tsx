import { Eye, ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/cms.pages.preview";
import { AdminData } from "~/components/admin/admin-data";
import { BackLink } from "~/components/admin/back-link";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { PublicPageView } from "~/components/site/pages/public-page-view";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { CONTENT_TEXT } from "~/domain/cms/content-admin-schemas";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { isPublicPageKey, PUBLIC_PAGE_KEYS, PUBLIC_PAGES, type PublicPageKey } from "~/domain/cms/public-pages";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { adminLoad } from "~/lib/admin-action.server";
import { cn } from "~/lib/cn";

/**
 * /admin/cms/pages/preview[/:pageKey] (issue 9 item 6): staff see a public
 * page as it will look, INCLUDING draft pages and blocks (archived ones are
 * retired and never shown), marked as a preview. Without a page key it shows
 * the home page. Never indexed, never stored by any cache: the admin headers
 * (private, no-store, noindex), and the public page cache skips /admin. The
 * page body is the public page's own component, so the preview cannot drift
 * from the site; it is inert (a picture of the page, not a second site).
 */

export { headers } from "./admin-headers";

const PREVIEW_BANNER_TEXT = "Preview: includes unpublished drafts";
const PREVIEW_PATH = "/admin/cms/pages/preview";

function pageKeyOf(params: { pageKey?: string }): PublicPageKey {
  const key = params.pageKey ?? "home";
  if (!isPublicPageKey(key)) throw data("Not Found", { status: 404 });
  return key;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const pageKey = pageKeyOf(params);
  return {
    pageKey,
    preview: adminLoad(async () => {
      const [settings, page] = await Promise.all([getPublicSiteSettings(), loadPublicPageData(pageKey, request, { includeDrafts: true })]);
      const drafts = Object.values(page.content.blocks)
        .filter((block) => block.draft)
        .map((block) => block.key)
        .sort();
      // Draft services and leaders the page shows (loadPublicPageData's includeDrafts), by name.
      if ("services" in page) drafts.push(...page.services.filter((service) => service.draft).map((service) => service.title));
      if ("team" in page) drafts.push(...page.team.filter((member) => member.draft).map((member) => member.name));
      return { settings, page, drafts };
    }, CONTENT_TEXT.loadFailed),
  };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData ? PUBLIC_PAGES[loaderData.pageKey].name : "Page";
  return [{ title: `Preview: ${name}` }, { name: "robots", content: "noindex" }];
}

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { pageKey } = loaderData;
  const definition = PUBLIC_PAGES[pageKey];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <BackToDashboard />
        <BackLink to="/admin/cms/pages">Back to Page Content</BackLink>
      </div>

      <div role="note" aria-labelledby="preview-banner" className="grid gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <p id="preview-banner" className="flex items-center gap-2 text-lg font-bold">
          <Eye className="size-5 shrink-0" aria-hidden="true" />
          {PREVIEW_BANNER_TEXT}
        </p>
        <p className="text-sm">
          This is the {definition.name} page with its published and draft content. Visitors see only what is published.
        </p>
        <nav aria-label="Pages to preview" className="flex flex-wrap items-center gap-2">
          {PUBLIC_PAGE_KEYS.map((key) => (
            <Link
              key={key}
              to={`${PREVIEW_PATH}/${key}`}
              aria-current={key === pageKey ? "page" : undefined}
              className={cn(
                buttonVariants({ variant: key === pageKey ? "default" : "outline", size: "sm" }),
                key !== pageKey && "bg-white",
              )}
            >
              {PUBLIC_PAGES[key].name}
            </Link>
          ))}
          <a href={definition.path} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <ExternalLink aria-hidden="true" />
            Open the public page
          </a>
        </nav>
      </div>

      <AdminData resolve={loaderData.preview} loadingText={CONTENT_TEXT.loading}>
        {({ settings, page, drafts }) => (
          <>
            <p className="text-sm text-slate-700" data-preview-drafts="">
              {drafts.length > 0 ? (
                <>
                  Draft content on this page: <span className="font-mono">{drafts.join(", ")}</span>.
                </>
              ) : (
                "No drafts on this page: it looks the same to visitors."
              )}
            </p>
            <div
              inert
              data-preview-page={pageKey}
              className="overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm"
            >
              <PublicPageView data={page} settings={settings} />
            </div>
          </>
        )}
      </AdminData>
    </div>
  );
}
