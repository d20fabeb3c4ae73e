import type { Route } from "./+types/cms.gallery.preview";
import { AdminData } from "~/components/admin/admin-data";
import { ListPreview, PreviewBody } from "~/components/cms-admin/list-preview";
import { GalleryPage } from "~/components/site/pages/gallery-page";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { PUBLIC_PAGES } from "~/domain/cms/public-pages";
import { GALLERY_TEXT } from "~/domain/gallery/admin-schemas";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/cms/gallery/preview (the hub's preview link of the Gallery
 * manager): the public /gallery page as it will look, its draft projects
 * included (archived ones never), so staff see a draft before publishing
 * it. The page body is the public page's own component over the same read
 * model (`includeDrafts`), inert. Staff only; never indexed or stored by a
 * cache (the admin headers; the public page cache skips /admin).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    preview: adminLoad(async () => {
      const [settings, page] = await Promise.all([getPublicSiteSettings(), loadPublicPageData("gallery", request, { includeDrafts: true })]);
      return { settings, page, drafts: page.projects.filter((project) => project.draft).map((project) => project.title) };
    }, GALLERY_TEXT.loadFailed),
  };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: `Preview: ${PUBLIC_PAGES.gallery.name}` }, { name: "robots", content: "noindex" }];
}

export default function GalleryPreview({ loaderData }: Route.ComponentProps) {
  return (
    <ListPreview pageName={PUBLIC_PAGES.gallery.name} publicPath={PUBLIC_PAGES.gallery.path} backTo="/admin/cms/gallery" backLabel="Back to Gallery" itemsLabel="gallery projects">
      <AdminData resolve={loaderData.preview} loadingText={GALLERY_TEXT.loading}>
        {({ settings, page, drafts }) => (
          <PreviewBody pageKey="gallery" itemsLabel="gallery projects" drafts={drafts}>
            <GalleryPage data={page} settings={settings} />
          </PreviewBody>
        )}
      </AdminData>
    </ListPreview>
  );
}
