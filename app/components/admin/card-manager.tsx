import { Plus } from "lucide-react";
import { Fragment, useEffect, useState } from "react";
import type * as React from "react";
import type { z } from "zod";
import type { HistoryKind } from "~/domain/content-history/kinds";
import type { ScheduleKind } from "~/domain/content-schedule/schedule";
import { useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminData, type AdminLoadedData } from "./admin-data";
import type { FieldSpec } from "./admin-form";
import { AdminCount, AdminPage } from "./admin-page";
import { BackLink } from "./back-link";
import { CardGrid, ItemCard, ItemMenu, moveMenuActions, type MenuAction } from "./card-list";
import { FormDialog, useEditDialog } from "./form-dialog";
import { useHistoryDialog } from "./history-dialog";
import { ScheduleNote, useScheduleDialog, type Schedulable } from "./schedule-dialog";
import { EmptyState } from "./list-states";
import { ListToolbar, useListFilter, type FilterOption } from "./list-toolbar";
import { StatusBadge, type ContentStatus } from "./status-badge";

/**
 * A whole card-list screen of the kit (the Services Manager and Team Members, spec 2 §2): the page frame
 * with its count, back link and Add button; search and one status filter; the cards, each with a menu of
 * Edit, the screen's own actions, Move up / Move down and Delete after confirmation; the add and edit
 * dialogs; the empty states. `{path}/new` is the same screen with the add dialog open (a quick action of
 * the hub); closing it returns to `path`. The route keeps what is its own: texts, fields, the card.
 */

export interface CardManagerProps<T extends { id: string }> {
  title: string;
  description: string;
  /** The screen's route; `${path}/new` opens the add dialog. */
  path: string;
  back: { to: string; label: string };
  /** The loader's `adminLoad(...)` promise. */
  items: Promise<AdminLoadedData<T[]>>;
  text: { loading: string; empty: string; addFirst: string; noMatch: string };
  /** Accessible name of the card grid ("Services"). */
  gridLabel: string;
  search: { label: string; placeholder: string; text: (item: T) => ReadonlyArray<string | null | undefined> };
  status: { of: (item: T) => string; options: readonly FilterOption[] };
  add: { label: string; description: string; schema: z.ZodType; intent: string; fields: readonly FieldSpec[]; values: Record<string, string> };
  edit: { title: string; submitLabel: string; schema: z.ZodType; intent: string; fields: readonly FieldSpec[]; values: (item: T) => Record<string, string> };
  /** The menu entries between Edit and Move up (Publish/Unpublish...). */
  actions: (item: T) => MenuAction[];
  reorderIntent: string;
  remove: { intent: string; what: string; detail: (item: T) => string };
  /**
   * The item's version history (ADR 029): a "History" menu entry opening the kit's HistoryDialog, whose
   * Restore posts `restore-version` to the screen's action. `name` names the item in the dialog.
   */
  history?: { kind: HistoryKind; name: (item: T) => string };
  /**
   * Scheduled publishing (ADR 029): "Schedule" and, while one is set, "Cancel schedule" menu entries,
   * posting `set-schedule` / `cancel-schedule` to the screen's action. The card shows the schedule itself
   * (ScheduleNote).
   */
  schedule?: { kind: ScheduleKind; of: (item: T) => Schedulable };
  card: (item: T, menu: MenuAction[]) => React.ReactNode;
}

export function CardManager<T extends { id: string }>(props: CardManagerProps<T>) {
  const { add, path } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const adding = location.pathname.replace(/\/$/, "") === `${path}/new`;
  const [addOpen, setAddOpen] = useState(adding);
  useEffect(() => {
    if (adding) setAddOpen(true);
  }, [adding]);
  const onAddOpenChange = (open: boolean) => {
    setAddOpen(open);
    if (!open && adding) void navigate(path, { replace: true });
  };

  return (
    <AdminPage
      title={props.title}
      count={<AdminCount resolve={props.items} count={(items) => items.length} />}
      description={props.description}
      links={<BackLink to={props.back.to}>{props.back.label}</BackLink>}
      action={
        <FormDialog
          open={addOpen}
          onOpenChange={onAddOpenChange}
          title={add.label}
          description={add.description}
          trigger={
            <Button type="button">
              <Plus aria-hidden="true" />
              {add.label}
            </Button>
          }
          schema={add.schema}
          intent={add.intent}
          fields={add.fields}
          values={add.values}
          submitLabel={add.label}
        />
      }
    >
      <AdminData resolve={props.items} loadingText={props.text.loading}>
        {(items) => <CardManagerList {...props} items={items} onAdd={() => setAddOpen(true)} />}
      </AdminData>
    </AdminPage>
  );
}

function CardManagerList<T extends { id: string }>({
  items,
  onAdd,
  text,
  gridLabel,
  search,
  status,
  edit,
  actions,
  reorderIntent,
  remove,
  history,
  schedule,
  card,
}: Omit<CardManagerProps<T>, "items"> & { items: T[]; onAdd: () => void }) {
  const list = useListFilter(items, { text: search.text, filters: { status: status.of } });
  const editDialog = useEditDialog((item: T) => ({
    title: edit.title,
    schema: edit.schema,
    intent: edit.intent,
    fields: edit.fields,
    values: edit.values(item),
    submitLabel: edit.submitLabel,
  }));
  const historyDialog = useHistoryDialog(history?.kind ?? "service", edit.fields);
  const scheduleDialog = useScheduleDialog(schedule?.kind ?? "service");

  if (items.length === 0) {
    return (
      <EmptyState
        action={
          <Button type="button" onClick={onAdd}>
            <Plus aria-hidden="true" />
            {text.addFirst}
          </Button>
        }
      >
        {text.empty}
      </EmptyState>
    );
  }

  const allIds = items.map((item) => item.id);
  const shownIds = list.items.map((item) => item.id);
  const menuOf = (item: T): MenuAction[] => [
    { label: "Edit", onSelect: () => editDialog.edit(item) },
    ...(history ? [historyDialog.action(item.id, history.name(item))] : []),
    ...actions(item),
    ...(schedule ? scheduleDialog.actions(schedule.of(item)) : []),
    ...moveMenuActions(item.id, { allIds, shownIds, intent: reorderIntent }),
    { label: "Delete", intent: remove.intent, fields: { id: item.id }, confirm: { what: remove.what, detail: remove.detail(item) } },
  ];
  return (
    <div className="grid gap-4">
      <ListToolbar
        search={{ label: search.label, placeholder: search.placeholder, ...list.search }}
        filters={[{ label: "Status", options: status.options, ...list.filter("status") }]}
        shown={list.items.length}
        total={items.length}
      />
      {list.items.length === 0 ? (
        <EmptyState
          action={
            <Button type="button" variant="outline" onClick={list.clear}>
              Clear search and filter
            </Button>
          }
        >
          {text.noMatch}
        </EmptyState>
      ) : (
        <CardGrid label={gridLabel}>
          {list.items.map((item) => (
            <Fragment key={item.id}>{card(item, menuOf(item))}</Fragment>
          ))}
        </CardGrid>
      )}
      {editDialog.dialog}
      {historyDialog.dialog}
      {scheduleDialog.dialog}
    </div>
  );
}

/**
 * The card of a content item on a CardManager screen: its name (the card's title, `data-item` and the name
 * of its menu), its status and pending schedule as badges, then the screen's own badges and content.
 */
export function ContentItemCard({
  item,
  name,
  actions,
  media,
  badges,
  children,
}: {
  item: Schedulable & { status: ContentStatus };
  name: string;
  /** The card's menu (CardManager's `card` gets it). */
  actions: MenuAction[];
  media?: React.ReactNode;
  /** Badges after the status and the schedule (Featured, Leadership, the category). */
  badges?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <ItemCard
      data-item={name}
      title={name}
      media={media}
      menu={<ItemMenu itemName={name} actions={actions} />}
      badges={
        <>
          <StatusBadge status={item.status} />
          <ScheduleNote publishAt={item.publishAt} unpublishAt={item.unpublishAt} />
          {badges}
        </>
      }
    >
      {children}
    </ItemCard>
  );
}
