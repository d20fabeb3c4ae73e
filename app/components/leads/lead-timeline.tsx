import { History, Inbox, StickyNote } from "lucide-react";
import { formatDateTime } from "./format";

/** The timeline of a lead: received, then staff notes and recorded changes, oldest first. */

export interface TimelineItem {
  id: string;
  kind: "note" | "event" | "received";
  body: string;
  /** ISO timestamp. */
  createdAt: string;
  authorName: string | null;
}

const ICONS = { note: StickyNote, event: History, received: Inbox } as const;

export function LeadTimeline({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="grid gap-4" aria-label="Timeline">
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <li key={item.id} className="flex gap-3" data-kind={item.kind}>
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-brand-navy">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xs text-slate-600">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                {item.authorName ? ` · ${item.authorName}` : ""}
                {item.kind === "note" ? " · Note" : ""}
              </p>
              <p className={item.kind === "note" ? "mt-1 whitespace-pre-wrap break-words text-slate-900" : "mt-1 break-words text-slate-700"}>
                {item.body}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
