import type { Route } from "./+types/cms.services.preview";
import { AdminData } from "~/components/admin/admin-data";
import { ListPreview, PreviewBody } from "~/components/cms-admin/list-preview";
import { ServicesPage } from "~/components/site/pages/services-page";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { PUBLIC_PAGES } from "~/domain/cms/public-pages";
import { SERVICE_TEXT } from "~/domain/services/admin-schemas";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/cms/services/preview (spec 2 §2: the hub's preview link of the
 * Services Manager; issue 9 item 6): the public /services page as it will
 * look, its draft services included (archived ones never), so staff see a
 * draft before publishing it. The page body is the public page's own
 * component over the same read model (`includeDrafts`), inert. Staff only;
 * never indexed or stored by a cache (the admin headers; the public page
 * cache skips /admin).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    preview: adminLoad(async () => {
      const [settings, page] = await Promise.all([getPublicSiteSettings(), loadPublicPageData("services", request, { includeDrafts: true })]);
      return { settings, page, drafts: page.services.filter((service) => service.draft).map((service) => service.title) };
    }, SERVICE_TEXT.loadFailed),
  };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: `Preview: ${PUBLIC_PAGES.services.name}` }, { name: "robots", content: "noindex" }];
}

export default function ServicesPreview({ loaderData }: Route.ComponentProps) {
  return (
    <ListPreview pageName={PUBLIC_PAGES.services.name} publicPath={PUBLIC_PAGES.services.path} backTo="/admin/cms/services" backLabel="Back to Services Manager" itemsLabel="services">
      <AdminData resolve={loaderData.preview} loadingText={SERVICE_TEXT.loading}>
        {({ settings, page, drafts }) => (
          <PreviewBody pageKey="services" itemsLabel="services" drafts={drafts}>
            <ServicesPage data={page} settings={settings} />
          </PreviewBody>
        )}
      </AdminData>
    </ListPreview>
  );
}
