import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * The CMS hub's "Recent Changes" (spec 2 §2): audit entries of content
 * changes (actions `cms.<entity>.<verb>`, details.title = the item as staff
 * know it) as sentences people read. Pure: shared by the server and tests.
 */

/** The hub's texts; its load failure is the catalogue's for content (spec 2 §8). */
export const CMS_HUB_TEXT = {
  title: "Content Management",
  loading: "Loading content management...",
  loadFailed: "Failed to load content",
  noRecentChanges: "No recent changes",
} as const;

const ENTITY_NAMES: Record<string, string> = {
  service: "service",
  team_member: "team member",
  page: "page",
  block: "content block",
  setting: "setting",
  gallery_project: "gallery project",
};

const ENTITY_PLURALS: Record<string, string> = {
  service: "services",
  team_member: "team members",
  page: "pages",
  block: "content blocks",
  setting: "settings",
  gallery_project: "gallery projects",
};

/** "cms.service.publish" + "Roof Repairs" -> "Published service “Roof Repairs”". */
export function describeCmsChange(action: string, details: Record<string, unknown> | null | undefined): string {
  const [, entity = "", verb = "", ...rest] = action.split(".");
  const name = ENTITY_NAMES[entity] ?? entity.replace(/_/g, " ");
  const rawTitle = details?.title ?? details?.name ?? details?.key;
  const title = typeof rawTitle === "string" && rawTitle.trim() ? `“${rawTitle.trim()}”` : "";
  const item = title ? `${name} ${title}` : `a ${name}`;
  const fullVerb = [verb, ...rest].join("_");
  switch (fullVerb) {
    case "create":
      return `Created ${item}`;
    case "update":
      return `Updated ${item}`;
    case "delete":
      return `Deleted ${item}`;
    case "publish":
      return `Published ${item}`;
    case "unpublish":
      return `Unpublished ${item}`;
    case "feature":
      return `Featured ${item}`;
    case "unfeature":
      return `Removed the feature from ${item}`;
    case "add_leadership":
      return `Added ${item} to leadership`;
    case "remove_leadership":
      return `Removed ${item} from leadership`;
    case "make_public":
      return `Made ${item} public`;
    case "make_private":
      return `Made ${item} private`;
    case "restore":
      return `Restored an earlier version of ${item}`;
    case "schedule":
      return `Scheduled ${item}`;
    case "unschedule":
      return `Cancelled the schedule of ${item}`;
    case "reorder":
      return `Reordered ${ENTITY_PLURALS[entity] ?? `${name}s`}`;
    default: {
      const words = fullVerb.replace(/_/g, " ").trim() || "changed";
      return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${item}`;
    }
  }
}

const UNITS: Array<[limit: number, seconds: number, unit: Intl.RelativeTimeFormatUnit]> = [
  [60, 1, "second"],
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [7 * 86_400, 86_400, "day"],
];

/**
 * When, for people: "just now", "5 minutes ago", "yesterday", "3 days ago",
 * then the date ("Nov 3, 2026", in the business's time zone).
 */
export function describeWhen(occurredAt: Date, now: Date, timeZone = COMPANY_TIME_ZONE): string {
  const seconds = Math.max(0, Math.round((now.getTime() - occurredAt.getTime()) / 1000));
  if (seconds < 45) return "just now";
  const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [limit, size, unit] of UNITS) {
    if (seconds < limit) return relative.format(-Math.max(1, Math.round(seconds / size)), unit);
  }
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).format(occurredAt);
}
