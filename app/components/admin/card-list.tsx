import { MoreVertical } from "lucide-react";
import { useRef, useState } from "react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/cn";
import { ConfirmDeleteDialog, submitIntent } from "./row-actions";
import { useAdminAction } from "./use-admin-action";

/**
 * The kit's card list (Services Manager, Team Members...): a grid of cards,
 * each with a title, badges, its content and a menu of actions named for the
 * card ("Actions for Roof Repair").
 */

export function CardGrid({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}

export function ItemCard({
  title,
  badges,
  menu,
  media,
  children,
  className,
  ...data
}: {
  title: string;
  badges?: React.ReactNode;
  menu?: React.ReactNode;
  media?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
} & Record<`data-${string}`, string | undefined>) {
  return (
    <li {...data} className={cn("flex min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm", className)}>
      {media}
      <div className="grid flex-1 grid-cols-[minmax(0,1fr)] content-start gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          {/* Shrinks and breaks anywhere: a long setting key (accreditation_profile_url) pushed the menu off a phone's screen. */}
          <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-navy">{title}</h3>
          {menu}
        </div>
        {badges && <div className="flex flex-wrap gap-1.5">{badges}</div>}
        {children}
      </div>
    </li>
  );
}

/** One entry of an ItemMenu: open something (an edit dialog), post an intent, or delete after confirmation. */
export type MenuAction =
  | { label: string; onSelect: () => void }
  | { label: string; intent: string; fields: Record<string, string> }
  | { label: "Delete"; intent: string; fields: Record<string, string>; confirm: { what: string; detail?: string } };

export function ItemMenu({ itemName, actions }: { itemName: string; actions: readonly MenuAction[] }) {
  const { fetcher, pending } = useAdminAction();
  const [confirming, setConfirming] = useState<Extract<MenuAction, { confirm: unknown }> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Dialogs open once the menu has closed, with focus on its button (the menu may still be animating out,
  // its item focused): a dialog without a trigger returns focus to what had it when it opened.
  const afterMenu = (open: () => void) =>
    setTimeout(() => {
      button.current?.focus();
      open();
    }, 0);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={button}
            type="button"
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 size-8 shrink-0"
            aria-label={`Actions for ${itemName}`}
            disabled={pending}
          >
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actions.map((action) => {
            if ("confirm" in action) {
              return [
                <DropdownMenuSeparator key={`${action.label}-separator`} />,
                <DropdownMenuItem key={action.label} className="text-destructive" onSelect={() => afterMenu(() => setConfirming(action))}>
                  {action.label}
                </DropdownMenuItem>,
              ];
            }
            return (
              <DropdownMenuItem
                key={action.label}
                onSelect={() => ("onSelect" in action ? afterMenu(action.onSelect) : submitIntent(fetcher, action.intent, action.fields))}
              >
                {action.label}
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDeleteDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        what={confirming?.confirm.what ?? ""}
        detail={confirming?.confirm.detail}
        itemName={itemName}
        returnFocusTo={button}
        onConfirm={() => confirming && submitIntent(fetcher, confirming.intent, confirming.fields)}
      />
    </>
  );
}

/** Publish / Unpublish of a content item's menu, posting the state to set (never a toggle: ADR 016) with `intent`. */
export function publishMenuAction(item: { id: string; status: string }, intent: string): MenuAction {
  const published = item.status === "published";
  return { label: published ? "Unpublish" : "Publish", intent, fields: { id: item.id, published: published ? "false" : "true" } };
}

/**
 * The Move up / Move down entries of an ItemMenu, for a list ordered by hand
 * that may be shown filtered: the item moves past its neighbour in what is
 * shown (`shownIds`), and the whole list's new order (`allIds`) is posted
 * as `ids` with `intent` (a reorder intent taking every id, like reorder-services).
 * The first shown item has no Move up, the last no Move down.
 */
export function moveMenuActions(id: string, { allIds, shownIds, intent }: { allIds: readonly string[]; shownIds: readonly string[]; intent: string }): MenuAction[] {
  const at = shownIds.indexOf(id);
  if (at < 0) return [];
  const movedNextTo = (neighbour: string, after: boolean) => {
    const next = allIds.filter((other) => other !== id);
    const place = next.indexOf(neighbour);
    next.splice(after ? place + 1 : place, 0, id);
    return next.join(",");
  };
  const actions: MenuAction[] = [];
  if (at > 0) actions.push({ label: "Move up", intent, fields: { ids: movedNextTo(shownIds[at - 1]!, false) } });
  if (at < shownIds.length - 1) actions.push({ label: "Move down", intent, fields: { ids: movedNextTo(shownIds[at + 1]!, true) } });
  return actions;
}
