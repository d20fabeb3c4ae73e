import { z } from "zod";
import { recordId, TEXT_ERRORS } from "~/lib/text-fields";

/**
 * Version history of the content staff edit (issue 12 item 4, ADR 029): what the browser and the server
 * share. Kept free of database imports so the browser can load it; kinds.test.ts checks the list equals
 * the database's (app/db/schema/content-history.ts).
 */

export const HISTORY_KINDS = ["service", "team_member", "page", "block", "setting", "gallery_project", "site_configuration"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The item id of the one site configuration (it is not a row). */
export const SITE_CONFIGURATION_ITEM_ID = "site-configuration";

/** How many versions an item keeps: the oldest beyond these are deleted when a new one is written. */
export const HISTORY_RETENTION = 50;

/** Who wrote a version that was there before version history was kept (the history reads "by ..."). */
export const BASELINE_ACTOR_LABEL = "someone, before version history was kept";

export const HISTORY_TEXT = {
  menu: "History",
  title: (itemName: string) => `History of “${itemName}”`,
  description: "Every saved version, newest first, with what changed since the version before it. Restoring a version saves its values as a new version.",
  loading: "Loading history...",
  loadFailed: "Failed to load history",
  empty: "No versions saved yet. A version is kept from the next save.",
  current: "Current version",
  first: "Oldest version kept",
  noChanges: "No field changed.",
  emptyValue: "(empty)",
  imageGone: "An image no longer in the media library",
  restore: "Restore",
  restored: "Version restored",
  restoreFailed: "Failed to restore version",
  versionGone: "This version is no longer in the history. Reload the page and try again.",
  alreadyCurrent: "This version is already the current one.",
  notRestorable: (reason: string) => `This version cannot be restored: ${reason}`,
} as const;

/** A version as the history lists it. */
export interface HistoryVersion {
  id: string;
  number: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  actorLabel: string;
  values: Record<string, string>;
}

/** What /admin/history/:kind/:id answers: the versions, newest first. */
export interface ItemHistory {
  versions: HistoryVersion[];
  /** The library images the versions name (id -> file name and alt text); a deleted one is absent. */
  images: Record<string, string>;
}

/** The field of a version that holds a library image's id (a service's, team member's or project's photo). */
export const HISTORY_IMAGE_FIELD = "imageMediaId";

export function isHistoryKind(value: string): value is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(value);
}

/** One changed field between two versions. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The fields whose values differ from `before` to `after`, in `order` first, then the rest by name. */
export function changedFields(before: Record<string, string>, after: Record<string, string>, order: readonly string[] = []): FieldChange[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const ordered = [...order.filter((name) => names.has(name)), ...[...names].filter((name) => !order.includes(name)).sort()];
  return ordered.filter((field) => (before[field] ?? "") !== (after[field] ?? "")).map((field) => ({ field, before: before[field] ?? "", after: after[field] ?? "" }));
}

/** The id of an item that has a history: a record id, or the site configuration's. */
const historyItemId = z.union([recordId, z.literal(SITE_CONFIGURATION_ITEM_ID)]);

/**
 * The Restore button of a version (History dialog): a screen's action takes it for the kinds it manages
 * (`kinds`), and runs it through the item's own save use case.
 */
export function restoreVersionSchema<const K extends readonly [HistoryKind, ...HistoryKind[]]>(kinds: K) {
  return z.strictObject({
    intent: z.literal("restore-version"),
    kind: z.enum(kinds, TEXT_ERRORS.choice),
    id: historyItemId,
    versionId: recordId,
  });
}
export type RestoreVersionInput = { intent: "restore-version"; kind: HistoryKind; id: string; versionId: string };

/** One line of a multi-line value's difference. */
export interface LineChange {
  type: "same" | "removed" | "added";
  text: string;
}

/**
 * The lines removed from `before` and added in `after` (a longest-common-subsequence diff), for reading
 * a change to a long text or JSON value line by line. Values of more than 400 lines are compared as a
 * whole (every line removed, then every line added): still correct, only less compact.
 */
export function lineChanges(before: string, after: string): LineChange[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  if (a.length > 400 || b.length > 400) {
    return [...a.map((text) => ({ type: "removed" as const, text })), ...b.map((text) => ({ type: "added" as const, text }))];
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const out: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ type: "same", text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      out.push({ type: "added", text: b[j]! });
      j++;
    } else {
      out.push({ type: "removed", text: a[i]! });
      i++;
    }
  }
  return out;
}
