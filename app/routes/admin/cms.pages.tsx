import { z } from "zod";
import { Eye, FileText, LayoutGrid, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/cms.pages";
import { AdminData } from "~/components/admin/admin-data";
import type { AdminFormProps, FieldSpec } from "~/components/admin/admin-form";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { ItemMenu, type MenuAction } from "~/components/admin/card-list";
import { DataTable, type Column } from "~/components/admin/data-table";
import { FormDialog, useEditDialog } from "~/components/admin/form-dialog";
import { useHistoryDialog } from "~/components/admin/history-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ListToolbar, useListFilter } from "~/components/admin/list-toolbar";
import { CONTENT_STATUS_LABELS, StatusBadge } from "~/components/admin/status-badge";
import { BlockContentEditor } from "~/components/cms-admin/block-content-editor";
import { PageMetadataEditor } from "~/components/cms-admin/page-metadata-editor";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { BLOCK_TYPE_LABELS, BLOCK_TYPES } from "~/domain/cms/block-content";
import {
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  CONTENT_TEXT,
  contentActionSchema,
  NEW_BLOCK_DEFAULTS,
  NEW_PAGE_DEFAULTS,
  saveBlockSchema,
  savePageSchema,
} from "~/domain/cms/content-admin-schemas";
import { blockPreview, pagePreview } from "~/domain/cms/content-preview";
import type { AdminContentBlock, AdminContentLists, AdminContentPage } from "~/domain/cms/content-types";
import { deleteContent } from "~/domain/cms/delete-content.server";
import { listContentForAdmin } from "~/domain/cms/list-content-for-admin.server";
import { saveBlock } from "~/domain/cms/save-block.server";
import { savePage } from "~/domain/cms/save-page.server";
import { setContentStatus } from "~/domain/cms/set-content-status.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { ScheduleNote, useScheduleDialog } from "~/components/admin/schedule-dialog";
import { contentItemIntents } from "~/lib/content-item-intents.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * Page Content, /admin/cms/pages (spec 2 §2 "Page Content"): the pages and
 * the content blocks of the public site in two tabs with their counts, one
 * search (title or key) and status filter for both, and per item a menu:
 * Edit (dialog), Publish/Unpublish, Delete after confirmation. A block's
 * content is edited with a form that fits its type, or as raw JSON; JSON that
 * does not parse or does not fit the type is a field error and nothing is
 * saved. Only published pages and blocks reach the public site, which follows
 * each change at once.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { content: adminLoad(listContentForAdmin, CONTENT_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, Restore of its History dialog, and its schedules (ADR 029). */
const contentItem = contentItemIntents(["page", "block"]);
const actionSchema = z.discriminatedUnion("intent", [...contentActionSchema.options, ...contentItem.schemas]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    ...contentItem.intents,
    "save-page": { history: "page", failure: CONTENT_TEXT.saveFailed, run: (input, { tx }) => savePage(tx, input) },
    "set-page-status": { history: "page", failure: CONTENT_TEXT.statusFailed, run: (input, { tx }) => setContentStatus(tx, "page", input) },
    "delete-page": { history: "page", failure: CONTENT_TEXT.deleteFailed, run: (input, { tx }) => deleteContent(tx, "page", input) },
    "save-block": { history: "block", failure: CONTENT_TEXT.saveFailed, run: (input, { tx }) => saveBlock(tx, input) },
    "set-block-status": { history: "block", failure: CONTENT_TEXT.statusFailed, run: (input, { tx }) => setContentStatus(tx, "block", input) },
    "delete-block": { history: "block", failure: CONTENT_TEXT.deleteFailed, run: (input, { tx }) => deleteContent(tx, "block", input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: CONTENT_TEXT.title }, { name: "robots", content: "noindex" }];
}

const PREVIEW_PATH = "/admin/cms/pages/preview";

const STATUS_OPTIONS = CONTENT_STATUSES.map((status) => ({ value: status, label: CONTENT_STATUS_LABELS[status] }));
const TYPE_OPTIONS = BLOCK_TYPES.map((type) => ({ value: type, label: BLOCK_TYPE_LABELS[type] }));

const KEY_HINT = "Lowercase letters, numbers, hyphens and underscores. The website finds it by this key: change it only with care.";

const STATUS_FIELD: FieldSpec = {
  name: "status",
  label: "Status",
  kind: "select",
  options: STATUS_OPTIONS,
  hint: "Only published content is on the website.",
};

const PAGE_FIELDS: readonly FieldSpec[] = [
  { name: "pageKey", label: "Key", kind: "text", required: true, maxLength: CONTENT_LIMITS.key, hint: KEY_HINT },
  { name: "title", label: "Title", kind: "text", required: true, maxLength: CONTENT_LIMITS.title },
  { name: "content", label: "Content", kind: "textarea", required: true, maxLength: CONTENT_LIMITS.pageContent },
  {
    name: "metadata",
    label: "Metadata",
    kind: "custom",
    group: true,
    hint: "The page's title and description in search results, and its image when shared. Edit them in the form or as JSON.",
    render: (props) => <PageMetadataEditor {...props} />,
  },
];
const EDIT_PAGE_FIELDS: readonly FieldSpec[] = [...PAGE_FIELDS.slice(0, 2), STATUS_FIELD, ...PAGE_FIELDS.slice(2)];

const BLOCK_FIELDS: readonly FieldSpec[] = [
  { name: "blockKey", label: "Key", kind: "text", required: true, maxLength: CONTENT_LIMITS.key, hint: KEY_HINT },
  { name: "title", label: "Title", kind: "text", required: true, maxLength: CONTENT_LIMITS.title, hint: "How staff know the block; visitors see its content." },
  { name: "blockType", label: "Type", kind: "select", required: true, options: TYPE_OPTIONS, hint: "Changing the type keeps what fits the new one." },
  {
    name: "content",
    label: "Content",
    kind: "custom",
    group: true,
    required: true,
    watch: ["blockType"],
    hint: "In any text: **bold**, [link text](/page) and {businessName}-style names of public settings.",
    render: (props) => <BlockContentEditor {...props} />,
  },
];
const EDIT_BLOCK_FIELDS: readonly FieldSpec[] = [...BLOCK_FIELDS.slice(0, 3), STATUS_FIELD, ...BLOCK_FIELDS.slice(3)];

const NEW_PAGE_VALUES: Record<string, string> = { ...NEW_PAGE_DEFAULTS };
const NEW_BLOCK_VALUES: Record<string, string> = { ...NEW_BLOCK_DEFAULTS };

function pageValues(page: AdminContentPage): Record<string, string> {
  return {
    pageKey: page.pageKey,
    title: page.title,
    status: page.status,
    content: page.content,
    metadata: Object.keys(page.metadata).length > 0 ? JSON.stringify(page.metadata, null, 2) : "",
  };
}

function blockValues(block: AdminContentBlock): Record<string, string> {
  return {
    blockKey: block.blockKey,
    title: block.title,
    blockType: block.blockType,
    status: block.status,
    content: JSON.stringify(block.content, null, 2),
  };
}

const DELETE_QUESTION = "content";

export default function PageContent({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title={CONTENT_TEXT.title}
      count={<AdminCount resolve={loaderData.content} count={(content) => content.pages.length + content.blocks.length} />}
      description="The texts of the website's pages: a page's settings, and the content blocks its sections show. Only published content is on the website."
      links={
        <>
          <BackLink to="/admin/cms">Back to Content Management</BackLink>
          <Link to={PREVIEW_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <Eye aria-hidden="true" />
            Preview pages
          </Link>
        </>
      }
    >
      <AdminData resolve={loaderData.content} loadingText={CONTENT_TEXT.loading}>
        {(content) => <ContentTabs content={content} />}
      </AdminData>
    </AdminPage>
  );
}

function ContentTabs({ content }: { content: AdminContentLists }) {
  const [tab, setTab] = useState<"pages" | "blocks">("pages");
  const pages = useListFilter(content.pages, { text: (page) => [page.title, page.pageKey], filters: { status: (page) => page.status } });
  const blocks = useListFilter(content.blocks, { text: (block) => [block.title, block.blockKey], filters: { status: (block) => block.status } });
  // One search and one status filter for both tabs.
  const status = pages.filter("status");
  const blockStatus = blocks.filter("status");
  const active = tab === "pages" ? pages : blocks;
  const total = tab === "pages" ? content.pages.length : content.blocks.length;
  const clear = () => {
    pages.clear();
    blocks.clear();
  };

  return (
    <div className="grid gap-4">
      <ListToolbar
        search={{
          label: "Search pages and blocks",
          placeholder: "Search by title or key",
          value: pages.search.value,
          onChange: (value) => {
            pages.search.onChange(value);
            blocks.search.onChange(value);
          },
        }}
        filters={[
          {
            label: "Status",
            options: [{ value: "", label: "All" }, ...STATUS_OPTIONS],
            value: status.value,
            onChange: (value) => {
              status.onChange(value);
              blockStatus.onChange(value);
            },
          },
        ]}
        shown={active.items.length}
        total={total}
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value === "blocks" ? "blocks" : "pages")}>
        <TabsList>
          <TabsTrigger value="pages">
            <FileText aria-hidden="true" />
            Pages ({pages.items.length})
          </TabsTrigger>
          <TabsTrigger value="blocks">
            <LayoutGrid aria-hidden="true" />
            Blocks ({blocks.items.length})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pages" className="grid gap-4">
          <ContentPanel spec={PAGES_PANEL} items={pages.items} total={content.pages.length} filtered={pages.active} onClear={clear} />
        </TabsContent>
        <TabsContent value="blocks" className="grid gap-4">
          <ContentPanel spec={BLOCKS_PANEL} items={blocks.items} total={content.blocks.length} filtered={blocks.active} onClear={clear} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      action={
        <Button type="button" variant="outline" onClick={onClear}>
          Clear search and filter
        </Button>
      }
    >
      Nothing matches the search and filter.
    </EmptyState>
  );
}

function ContentCell({ title, itemKey, preview }: { title: string; itemKey: string; preview: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <span className="font-medium break-words whitespace-normal text-slate-900">{title}</span>
      <code className="w-fit rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{itemKey}</code>
      {preview ? (
        <p className="text-sm break-words whitespace-normal text-slate-600">{preview}</p>
      ) : (
        <p className="text-sm text-slate-500 italic">No content</p>
      )}
    </div>
  );
}

const UPDATED = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: COMPANY_TIME_ZONE });
const updatedColumn = <T extends { updatedAt: string }>(): Column<T> => ({
  header: "Updated",
  cell: (row) => <time dateTime={row.updatedAt}>{UPDATED.format(new Date(row.updatedAt))}</time>,
  className: "whitespace-nowrap",
});

function publishAction(kind: "page" | "block", item: { id: string; status: string }): MenuAction {
  const published = item.status === "published";
  return { label: published ? "Unpublish" : "Publish", intent: `set-${kind}-status`, fields: { id: item.id, status: published ? "draft" : "published" } };
}

/* ------------------------------------------------------------------------ */
/* Pages                                                                    */
/* ------------------------------------------------------------------------ */

const PAGE_COLUMNS: ReadonlyArray<Column<AdminContentPage>> = [
  {
    header: "Page",
    className: "min-w-72 max-w-xl",
    cell: (page) => <ContentCell title={page.title} itemKey={page.pageKey} preview={pagePreview(page.content)} />,
  },
  {
    header: "Status",
    cell: (page) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={page.status} />
        <ScheduleNote publishAt={page.publishAt} unpublishAt={page.unpublishAt} />
      </div>
    ),
  },
  updatedColumn<AdminContentPage>(),
];

const PAGES_PANEL: ContentPanelSpec<AdminContentPage> = {
  kind: "page",
  noun: "Page",
  intro: "A page’s key names it on the website (home, about...); its metadata gives its search title and description.",
  caption: "Pages",
  empty: CONTENT_TEXT.noPages,
  columns: PAGE_COLUMNS,
  schema: savePageSchema,
  fields: PAGE_FIELDS,
  editFields: EDIT_PAGE_FIELDS,
  newValues: NEW_PAGE_VALUES,
  values: pageValues,
  itemKey: (page) => page.pageKey,
};

/* ------------------------------------------------------------------------ */
/* Blocks                                                                   */
/* ------------------------------------------------------------------------ */

const BLOCK_COLUMNS: ReadonlyArray<Column<AdminContentBlock>> = [
  {
    header: "Block",
    className: "min-w-72 max-w-xl",
    cell: (block) => <ContentCell title={block.title} itemKey={block.blockKey} preview={blockPreview(block.content)} />,
  },
  { header: "Type", cell: (block) => <Badge variant="outline">{BLOCK_TYPE_LABELS[block.blockType] ?? block.blockType}</Badge> },
  {
    header: "Status",
    cell: (block) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={block.status} />
        <ScheduleNote publishAt={block.publishAt} unpublishAt={block.unpublishAt} />
      </div>
    ),
  },
  updatedColumn<AdminContentBlock>(),
];

const BLOCKS_PANEL: ContentPanelSpec<AdminContentBlock> = {
  kind: "block",
  noun: "Block",
  intro: "Each block is a section of a page: a text, a grid of cards, a list, features, or an image with text.",
  caption: "Content blocks",
  empty: CONTENT_TEXT.noBlocks,
  columns: BLOCK_COLUMNS,
  schema: saveBlockSchema,
  fields: BLOCK_FIELDS,
  editFields: EDIT_BLOCK_FIELDS,
  newValues: NEW_BLOCK_VALUES,
  values: blockValues,
  itemKey: (block) => block.blockKey,
};

/** What differs between the Pages and the Content Blocks tab: the rest of the panel is the same. */
interface ContentPanelSpec<T extends { id: string; title: string; status: string; publishAt: string | null; unpublishAt: string | null }> {
  kind: "page" | "block";
  noun: "Page" | "Block";
  intro: string;
  caption: string;
  empty: string;
  columns: ReadonlyArray<Column<T>>;
  schema: AdminFormProps["schema"];
  fields: readonly FieldSpec[];
  editFields: readonly FieldSpec[];
  newValues: Record<string, string>;
  values: (item: T) => Record<string, string>;
  /** The page's or block's key (home, about...; hero, why-us...). */
  itemKey: (item: T) => string;
}

function ContentPanel<T extends { id: string; title: string; status: string; publishAt: string | null; unpublishAt: string | null }>({
  spec,
  items,
  total,
  filtered,
  onClear,
}: {
  spec: ContentPanelSpec<T>;
  items: T[];
  total: number;
  filtered: boolean;
  onClear: () => void;
}) {
  const { kind, noun } = spec;
  const [addOpen, setAddOpen] = useState(false);
  const editDialog = useEditDialog((item: T) => ({
    title: `Edit ${noun}`,
    schema: spec.schema,
    intent: `save-${kind}`,
    fields: spec.editFields,
    values: spec.values(item),
    submitLabel: `Update ${noun}`,
    wide: true,
  }));
  const history = useHistoryDialog(kind, spec.editFields);
  const schedule = useScheduleDialog(kind);
  const addButton = (
    <Button type="button">
      <Plus aria-hidden="true" />
      Add {noun}
    </Button>
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{spec.intro}</p>
        <FormDialog
          open={addOpen}
          onOpenChange={setAddOpen}
          title={`Add ${noun}`}
          description={`A new ${kind} starts as a draft: publish it when it is ready.`}
          trigger={addButton}
          schema={spec.schema}
          intent={`save-${kind}`}
          fields={spec.fields}
          values={spec.newValues}
          submitLabel={`Add ${noun}`}
          wide
        />
      </div>
      {items.length === 0 ? (
        filtered && total > 0 ? (
          <NoMatch onClear={onClear} />
        ) : (
          <EmptyState>{spec.empty}</EmptyState>
        )
      ) : (
        <DataTable
          caption={spec.caption}
          columns={spec.columns}
          rows={items}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ "data-item": spec.itemKey(item) })}
          empty={null}
          actions={(item) => (
            <ItemMenu
              itemName={item.title}
              actions={[
                { label: "Edit", onSelect: () => editDialog.edit(item) },
                history.action(item.id, item.title),
                publishAction(kind, item),
                ...schedule.actions(item),
                {
                  label: "Delete",
                  intent: `delete-${kind}`,
                  fields: { id: item.id },
                  confirm: {
                    what: DELETE_QUESTION,
                    detail: `The ${kind} “${item.title}” (${spec.itemKey(item)}) will be deleted. This cannot be undone.`,
                  },
                },
              ]}
            />
          )}
        />
      )}
      {history.dialog}
      {schedule.dialog}
      {editDialog.dialog}
    </>
  );
}
