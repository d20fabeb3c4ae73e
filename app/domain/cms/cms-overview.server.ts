import { count, desc, eq, like, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { SCHEDULE_TEXT } from "~/domain/content-schedule/schedule";
import { auditLog, cmsContentBlocks, cmsGalleryProjects, cmsPages, cmsServices, cmsSiteSettings, cmsTeamMembers, users, mediaAssets } from "~/db/schema";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import type { ContentItemStatus } from "./content-admin-schemas";
import { describeCmsChange, describeWhen } from "./recent-changes";

/** The CMS hub's figures (/admin/cms, spec 2 §2), computed from the data. */

export type StatusCounts = Record<ContentItemStatus, number>;

interface CmsRecentChange {
  id: string;
  /** "Published service “Roof Repairs”". */
  what: string;
  /** The person's name, else their email, else "Someone" (an account deleted since). */
  who: string;
  /** ISO timestamp. */
  occurredAt: string;
  /** "5 minutes ago", or the date for older changes. */
  when: string;
}

export interface CmsOverview {
  counts: { services: number; teamMembers: number; pages: number; blocks: number; gallery: number; settings: number; media: number };
  /** Per kind of content with a status (services, team, pages, blocks, gallery projects), and their total. */
  statuses: { services: StatusCounts; teamMembers: StatusCounts; pages: StatusCounts; blocks: StatusCounts; gallery: StatusCounts; total: StatusCounts };
  recentChanges: CmsRecentChange[];
}

/** How many entries "Recent Changes" lists. */
export const RECENT_CHANGES_LIMIT = 8;

function emptyCounts(): StatusCounts {
  return { published: 0, draft: 0, archived: 0 };
}

async function statusCounts(
  table: typeof cmsServices | typeof cmsTeamMembers | typeof cmsPages | typeof cmsContentBlocks | typeof cmsGalleryProjects,
): Promise<StatusCounts> {
  const rows = await db().select({ status: table.status, n: count() }).from(table).groupBy(table.status);
  const out = emptyCounts();
  for (const row of rows) if (row.status in out) out[row.status] = row.n;
  return out;
}

const total = (counts: StatusCounts) => counts.published + counts.draft + counts.archived;

export async function loadCmsOverview({ now = new Date() }: { now?: Date } = {}): Promise<CmsOverview> {
  const [services, teamMembers, pages, blocks, gallery, [settings], [media], changes] = await Promise.all([
    statusCounts(cmsServices),
    statusCounts(cmsTeamMembers),
    statusCounts(cmsPages),
    statusCounts(cmsContentBlocks),
    statusCounts(cmsGalleryProjects),
    db().select({ n: count() }).from(cmsSiteSettings),
    db().select({ n: count() }).from(mediaAssets),
    db()
      .select({
        id: auditLog.id,
        action: auditLog.action,
        details: auditLog.details,
        occurredAt: auditLog.occurredAt,
        actorEmail: auditLog.actorEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        userEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(sql`${like(auditLog.action, "cms.%")} and ${auditLog.outcome} = 'success'`)
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(RECENT_CHANGES_LIMIT),
  ]);

  const sum = (key: ContentItemStatus) => services[key] + teamMembers[key] + pages[key] + blocks[key] + gallery[key];
  return {
    counts: {
      services: total(services),
      teamMembers: total(teamMembers),
      pages: total(pages),
      blocks: total(blocks),
      gallery: total(gallery),
      settings: settings?.n ?? 0,
      media: media?.n ?? 0,
    },
    statuses: { services, teamMembers, pages, blocks, gallery, total: { published: sum("published"), draft: sum("draft"), archived: sum("archived") } },
    recentChanges: changes.map((change) => {
      const name = [change.firstName, change.lastName].filter((part) => part?.trim()).join(" ").trim();
      return {
        id: change.id,
        what: describeCmsChange(change.action, change.details),
        // A change the publishing schedule made has no person behind it (ADR 029).
        who: change.details?.by === "schedule" ? SCHEDULE_TEXT.actor : name || change.userEmail || change.actorEmail || "Someone",
        occurredAt: change.occurredAt.toISOString(),
        when: describeWhen(change.occurredAt, now, COMPANY_TIME_ZONE),
      };
    }),
  };
}
