import { Bookmark, BookmarkCheck } from "lucide-react";
import { useId } from "react";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from "~/domain/contracts/contract-filters";

/**
 * The bookmark button: "Bookmark" / "Remove bookmark" (the label says the state, so no aria-pressed on
 * top). On the detail page it posts to that page's action; a contract card of the list names its
 * contract (`itemName`) and posts to the contract's page (`action`), whose answer raises the toast.
 */
export function BookmarkToggle({ bookmarked, action, itemName, size }: { bookmarked: boolean; action?: string; itemName?: string; size?: "sm" }) {
  const { fetcher, pending } = useAdminAction();
  const Icon = bookmarked ? BookmarkCheck : Bookmark;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="bookmarked" value={bookmarked ? "false" : "true"} />
      <Button type="submit" size={size} variant={bookmarked ? "secondary" : "outline"} disabled={pending} aria-busy={pending || undefined}>
        <Icon aria-hidden="true" />
        {bookmarked ? "Remove bookmark" : "Bookmark"}
        {itemName ? <span className="sr-only"> {itemName}</span> : null}
      </Button>
    </fetcher.Form>
  );
}

const selectClass =
  "h-10 rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40";

/** The pipeline stage: a select and its Save button. */
export function StageForm({ stage }: { stage: PipelineStage }) {
  const id = useId();
  const { fetcher, pending } = useAdminAction();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" key={stage}>
      <input type="hidden" name="intent" value="stage" />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Pipeline stage
        </label>
        <select id={id} name="stage" defaultValue={stage} className={selectClass} disabled={pending}>
          {PIPELINE_STAGES.map((value) => (
            <option key={value} value={value}>
              {PIPELINE_STAGE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Saving..." : "Save stage"}
      </Button>
    </fetcher.Form>
  );
}
