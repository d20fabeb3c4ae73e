import type { DbTransaction } from "~/db/client.server";
import { setContentStatus } from "~/domain/cms/set-content-status.server";
import { setGalleryProjectPublished } from "~/domain/gallery/set-gallery-project-published.server";
import { setServicePublished } from "~/domain/services/set-service-published.server";
import { setTeamMemberPublished } from "~/domain/team/set-team-member-published.server";
import type { AdminChange } from "~/lib/admin-action.server";
import type { ScheduleKind } from "./schedule";

/** Where each kind of scheduled item lives, and its own Publish / Unpublish use case. */
export interface ScheduleTarget {
  table: string;
  /** The column that names the item (for the audit entry). */
  nameColumn: string;
  targetType: string;
  /** The audit actions' prefix ("cms.service"). */
  audit: string;
  publish: (tx: DbTransaction, id: string, published: boolean) => Promise<AdminChange>;
}

export const SCHEDULE_TARGETS: Record<ScheduleKind, ScheduleTarget> = {
  service: {
    table: "cms_services",
    nameColumn: "title",
    targetType: "cms_service",
    audit: "cms.service",
    publish: (tx, id, published) => setServicePublished(tx, { id, published }),
  },
  team_member: {
    table: "cms_team_members",
    nameColumn: "name",
    targetType: "cms_team_member",
    audit: "cms.team_member",
    publish: (tx, id, published) => setTeamMemberPublished(tx, { id, published }),
  },
  page: {
    table: "cms_pages",
    nameColumn: "title",
    targetType: "cms_page",
    audit: "cms.page",
    publish: (tx, id, published) => setContentStatus(tx, "page", { id, status: published ? "published" : "draft" }),
  },
  block: {
    table: "cms_content_blocks",
    nameColumn: "title",
    targetType: "cms_block",
    audit: "cms.block",
    publish: (tx, id, published) => setContentStatus(tx, "block", { id, status: published ? "published" : "draft" }),
  },
  gallery_project: {
    table: "cms_gallery_projects",
    nameColumn: "title",
    targetType: "cms_gallery_project",
    audit: "cms.gallery_project",
    publish: (tx, id, published) => setGalleryProjectPublished(tx, { id, published }),
  },
};
