import { listGalleryProjects } from "~/domain/gallery/list-gallery-projects.server";
import { publicReadModels } from "~/domain/public-read-models.server";
import { listPublicReviews } from "~/domain/reviews/list-public-reviews.server";
import { pageCount, pageFromSearchParam, REVIEWS_PAGE_PARAM } from "~/domain/reviews/paging";
import { HOME_SERVICE_COUNT, listPublishedServices } from "~/domain/services/list-published-services.server";
import { listLeadershipTeam } from "~/domain/team/list-leadership-team.server";
import { getPublicPage } from "./get-public-page.server";
import type { PageDataOf, PublicPageData } from "./public-page-data";
import type { PublicPageKey } from "./public-pages";


/**
 * Everything page `pageKey` renders, for `request` (the reviews page of
 * `?reviews=`). Services, leaders, reviews and projects are always the
 * published ones, in their order (the home page: featured services only);
 * `includeDrafts` (the staff previews) adds draft pages and blocks, and
 * draft services, leaders and gallery projects (marked `draft`; archived ones never).
 * The published forms come from the in-process read models (public-read-models.server.ts);
 * the previews read the database every time.
 */
export async function loadPublicPageData<K extends PublicPageKey>(
  pageKey: K,
  request: Request,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): Promise<PageDataOf<K>> {
  const models = publicReadModels;
  const contentPromise = includeDrafts ? getPublicPage(pageKey, { includeDrafts }) : models.page.get(pageKey);
  const loadServices = (which: "all" | "home") =>
    includeDrafts
      ? listPublishedServices(which === "home" ? { featuredOnly: true, limit: HOME_SERVICE_COUNT, includeDrafts } : { includeDrafts })
      : models.services.get(which);
  const loadTeam = () => (includeDrafts ? listLeadershipTeam({ includeDrafts }) : models.team.get("all"));
  const loadProjects = () => (includeDrafts ? listGalleryProjects({ includeDrafts }) : models.gallery.get("all"));
  const reviewsFor = async () => {
    const reviews = await (includeDrafts ? listPublicReviews() : models.reviews.get("all"));
    const param = new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM);
    return { reviews, reviewsPage: pageFromSearchParam(param, pageCount(reviews.length)) };
  };
  let data: PublicPageData;
  switch (pageKey as PublicPageKey) {
    case "home": {
      const [content, services, team, reviews] = await Promise.all([
        contentPromise,
        loadServices("home"),
        loadTeam(),
        reviewsFor(),
      ]);
      data = { pageKey: "home", content, services, team, ...reviews };
      break;
    }
    case "about": {
      const [content, team, reviews] = await Promise.all([contentPromise, loadTeam(), reviewsFor()]);
      data = { pageKey: "about", content, team, ...reviews };
      break;
    }
    case "services": {
      const [content, services] = await Promise.all([contentPromise, loadServices("all")]);
      data = { pageKey: "services", content, services };
      break;
    }
    case "team": {
      const [content, team] = await Promise.all([contentPromise, loadTeam()]);
      data = { pageKey: "team", content, team };
      break;
    }
    case "gallery": {
      const [content, projects] = await Promise.all([contentPromise, loadProjects()]);
      data = { pageKey: "gallery", content, projects };
      break;
    }
    case "contact":
    case "privacy":
    case "terms":
      data = { pageKey, content: await contentPromise } as PublicPageData;
      break;
  }
  return data as PageDataOf<K>;
}
