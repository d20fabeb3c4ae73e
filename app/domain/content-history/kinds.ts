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

/**
 * The stored author of a version that was there before version history was kept (version 1 of an item
 * first changed after history began). Its rows keep this text; the history shows such a version as
 * `HISTORY_TEXT.baseline` instead of "by ...", since nobody knows who wrote it.
 */
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
  baseline: "saved before version history was kept, by someone not recorded",
  restoredFrom: (number: number) => `Restored from version ${number}`,
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
  /** Version 1 made of the values from before version history was kept (its author is not known). */
  baseline: boolean;
  /** The number of the version this one restored (a Restore makes a new version with its values). */
  restoredFrom: number | null;
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

/** One piece of a text's word-level difference: unchanged, removed from before, or added in after. */
export interface WordChange {
  type: "same" | "removed" | "added";
  text: string;
}

/** Words and the whitespace between them, in order: joining the tokens gives the text back. */
function wordTokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** The most comparisons of one diff (tokens before x tokens after, once the common ends are set aside). */
const WORD_DIFF_MAX_CELLS = 250_000;

/**
 * The difference of two texts word by word (a longest-common-subsequence diff of words and whitespace),
 * for showing what an edit of a long text changed: the words in common once, the removed and added ones
 * marked. The common start and end are set aside first (an edit is usually local); a middle still too
 * large to compare (over WORD_DIFF_MAX_CELLS) is shown as removed, then added: still correct, less exact.
 * Neighbouring pieces of one type are merged.
 */
export function wordChanges(before: string, after: string): WordChange[] {
  const a = wordTokens(before);
  const b = wordTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: WordChange[] = [];
  const push = (type: WordChange["type"], text: string) => {
    const last = out.at(-1);
    if (last?.type === type) last.text += text;
    else if (text !== "") out.push({ type, text });
  };
  push("same", a.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > WORD_DIFF_MAX_CELLS) {
    push("removed", midA.join(""));
    push("added", midB.join(""));
  } else {
    // lengths[i * width + j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lengths[i * width + j] = midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        push("same", midA[i]!);
        i++;
        j++;
      } else if (i < midA.length && (j === midB.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        push("removed", midA[i]!);
        i++;
      } else {
        push("added", midB[j]!);
        j++;
      }
    }
  }
  push("same", a.slice(endA).join(""));
  return out;
}
