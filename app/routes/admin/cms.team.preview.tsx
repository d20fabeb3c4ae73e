import type { Route } from "./+types/cms.team.preview";
import { AdminData } from "~/components/admin/admin-data";
import { ListPreview, PreviewBody } from "~/components/cms-admin/list-preview";
import { TeamPage } from "~/components/site/pages/team-page";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { loadPublicPageData } from "~/domain/cms/public-page-data.server";
import { PUBLIC_PAGES } from "~/domain/cms/public-pages";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { TEAM_TEXT } from "~/domain/team/admin-schemas";
import { adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/cms/team/preview (spec 2 §2: the hub's preview link of Team
 * Members; issue 9 item 6): the public /team page as it will look, its draft
 * leaders included (archived ones never), so staff see a draft before
 * publishing it. Like the public page it shows the members in the leadership
 * (ADR 016). The page body is the public page's own
 * component over the same read model (`includeDrafts`), inert. Staff only;
 * never indexed or stored by a cache (the admin headers; the public page
 * cache skips /admin).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    preview: adminLoad(async () => {
      const [settings, page] = await Promise.all([getPublicSiteSettings(), loadPublicPageData("team", request, { includeDrafts: true })]);
      return { settings, page, drafts: page.team.filter((member) => member.draft).map((member) => member.name) };
    }, TEAM_TEXT.loadFailed),
  };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: `Preview: ${PUBLIC_PAGES.team.name}` }, { name: "robots", content: "noindex" }];
}

export default function TeamPreview({ loaderData }: Route.ComponentProps) {
  return (
    <ListPreview pageName={PUBLIC_PAGES.team.name} publicPath={PUBLIC_PAGES.team.path} backTo="/admin/cms/team" backLabel="Back to Team Members" itemsLabel="leaders">
      <AdminData resolve={loaderData.preview} loadingText={TEAM_TEXT.loading}>
        {({ settings, page, drafts }) => (
          <PreviewBody pageKey="team" itemsLabel="leaders" drafts={drafts}>
            <TeamPage data={page} settings={settings} />
          </PreviewBody>
        )}
      </AdminData>
    </ListPreview>
  );
}
