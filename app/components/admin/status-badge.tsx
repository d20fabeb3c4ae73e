import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";

/** Content statuses (spec 2 §4, §9): published green, draft yellow, archived gray. */
export type ContentStatus = "draft" | "published" | "archived";

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** The statuses as the options of an item's Status select (its Edit dialog). */
export const CONTENT_STATUS_OPTIONS = (["draft", "published", "archived"] as const).map((status) => ({ value: status, label: CONTENT_STATUS_LABELS[status] }));

/** The status filter of a list of content items (spec 2 §2): All, Published, Draft, Archived. */
export const CONTENT_STATUS_FILTER_OPTIONS = [
  { value: "", label: "All" },
  ...(["published", "draft", "archived"] as const).map((status) => ({ value: status, label: CONTENT_STATUS_LABELS[status] })),
];

const CLASSES: Record<ContentStatus, string> = {
  published: "border-transparent bg-success-soft text-success",
  draft: "border-transparent bg-warning-soft text-warning",
  archived: "border-transparent bg-slate-200 text-slate-700",
};

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <Badge className={cn(CLASSES[status])}>{CONTENT_STATUS_LABELS[status]}</Badge>;
}

/** Active / Inactive of a record switched on and off (contract sources, search configurations). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge className={cn(active ? CLASSES.published : CLASSES.archived)}>{active ? "Active" : "Inactive"}</Badge>;
}
