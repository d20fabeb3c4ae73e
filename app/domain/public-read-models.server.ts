import { getPublicPage } from "~/domain/cms/get-public-page.server";
import type { PublicPageKey } from "~/domain/cms/public-pages";
import { readActiveColors } from "~/domain/gaf/list-active-colors.server";
import { readActiveRoofLayers } from "~/domain/gaf/list-active-roof-layers.server";
import { readActiveShingles } from "~/domain/gaf/list-active-shingles.server";
import { readActiveWarranties } from "~/domain/gaf/list-active-warranties.server";
import { listGalleryProjects } from "~/domain/gallery/list-gallery-projects.server";
import { listPublicReviews } from "~/domain/reviews/list-public-reviews.server";
import { HOME_SERVICE_COUNT, listPublishedServices } from "~/domain/services/list-published-services.server";
import { listLeadershipTeam } from "~/domain/team/list-leadership-team.server";
import { createReadModel } from "~/lib/read-model-cache.server";

/**
 * The published content the public pages render, cached in this process (ADR 032, QUALITY P4).
 *
 * Each read model names every table its query reads: a change to one of them (this instance's admin
 * actions at once, other instances' through the database's NOTIFY) drops its values. A query that
 * starts reading another table (a join, e.g. on media assets) must add that table here, and the table
 * needs the content-change trigger of migration 0001 (or its own emitContentChange) for changes to
 * reach the cache.
 *
 * Only the public (published) forms are cached; staff previews (`includeDrafts`) and the admin screens
 * call the list functions directly. Values are shared by every request: never mutate them.
 */
export const publicReadModels = {
  /** A public page's metadata and published blocks (cms/get-public-page.server.ts). */
  page: createReadModel({
    name: "cms.public-page",
    tables: ["cms_pages", "cms_content_blocks"],
    load: (pageKey: PublicPageKey) => getPublicPage(pageKey),
  }),
  /** Published services: every one (/services), or the home page's featured ones. */
  services: createReadModel({
    name: "services.published",
    // Joined with the library photos they use (ADR 031; media_assets has the content-change trigger: migration 0009).
    tables: ["cms_services", "media_assets"],
    load: (which: "all" | "home") =>
      which === "home" ? listPublishedServices({ featuredOnly: true, limit: HOME_SERVICE_COUNT }) : listPublishedServices(),
  }),
  /** Published leadership team members. */
  team: createReadModel({
    name: "team.leadership",
    // Joined with the library photos they use (ADR 031; media_assets has the content-change trigger: migration 0009).
    tables: ["cms_team_members", "media_assets"],
    load: (_: "all") => listLeadershipTeam(),
  }),
  /** Published gallery projects. */
  gallery: createReadModel({
    name: "gallery.published",
    // Joined with the library photos they use (ADR 031; media_assets has the content-change trigger: migration 0009).
    tables: ["cms_gallery_projects", "media_assets"],
    load: (_: "all") => listGalleryProjects(),
  }),
  /** Active reviews, newest first (the paging by `?reviews=` is done per request). */
  reviews: createReadModel({
    name: "reviews.public",
    tables: ["google_reviews"],
    load: (_: "all") => listPublicReviews(),
  }),
  /** GAF portal lists (their failure is turned into a notice outside the cache: gaf/load-list.server.ts). */
  gafColors: createReadModel({ name: "gaf.colors", tables: ["gaf_colors"], load: (_: "all") => readActiveColors() }),
  gafWarranties: createReadModel({ name: "gaf.warranties", tables: ["gaf_warranties"], load: (_: "all") => readActiveWarranties() }),
  gafShingles: createReadModel({ name: "gaf.shingles", tables: ["gaf_shingles"], load: (_: "all") => readActiveShingles() }),
  gafRoofLayers: createReadModel({
    name: "gaf.roof-layers",
    tables: ["gaf_roof_layers", "gaf_roof_products"],
    load: (_: "all") => readActiveRoofLayers(),
  }),
};
