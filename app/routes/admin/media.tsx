import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { useEffect, useMemo, useState } from "react";
import type { Route } from "./+types/media";
import type { FieldSpec } from "~/components/admin/admin-form";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { showAdminToast } from "~/components/admin/use-admin-action";
import { AdminData } from "~/components/admin/admin-data";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { CardGrid, ItemCard, ItemMenu, type MenuAction } from "~/components/admin/card-list";
import { FormDialog } from "~/components/admin/form-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ListToolbar, useListFilter } from "~/components/admin/list-toolbar";
import { FocalPointEditor } from "~/components/media/focal-point-editor";
import { MediaUploader } from "~/components/media/media-uploader";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { mediaActionSchema, updateMediaSchema } from "~/domain/media/admin-schemas";
import { MEDIA_ALT_MAX, MEDIA_STATUS_LABELS, MEDIA_TEXT } from "~/domain/media/constants";
import { deleteMedia } from "~/domain/media/delete-media.server";
import { listMediaForAdmin } from "~/domain/media/list-media-for-admin.server";
import { thumbnailSrcSet, thumbnailUrl } from "~/domain/media/picture";
import { retryMedia } from "~/domain/media/retry-media.server";
import type { AdminMediaAsset } from "~/domain/media/types";
import { updateMedia } from "~/domain/media/update-media.server";
import { uploadMediaAction } from "~/domain/media/upload-media-action.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import type { AdminActionData } from "~/lib/admin-result";
import { cn } from "~/lib/cn";

/**
 * Media Library, /admin/media (issue 12 item 1, ADR 031): upload photos by
 * drag and drop or the file picker; each gets resized copies made in the
 * background (Processing, then Ready or Failed with the reason); alt text and
 * focal point in the Edit dialog; where each image is used; Delete refused
 * while it is used. Services, team members and gallery projects choose their
 * photo from here (their forms' image field), and may upload from there too.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { media: adminLoad(listMediaForAdmin, MEDIA_TEXT.loadFailed) };
}

const changes = adminAction({
  schema: mediaActionSchema,
  intents: {
    "update-media": { failure: MEDIA_TEXT.saveFailed, run: (input, { tx }) => updateMedia(tx, input) },
    "delete-media": { failure: MEDIA_TEXT.deleteFailed, run: (input, { tx }) => deleteMedia(tx, input) },
    "retry-media": { failure: MEDIA_TEXT.retryFailed, run: (input, { tx }) => retryMedia(tx, input) },
  },
});

/** The kit's changes, and the upload (the one multipart form of the admin: one image per request). */
export async function action(args: Route.ActionArgs) {
  if (/^\s*multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) {
    const actor = await requireAdmin(args.request);
    return uploadMediaAction({ request: args.request, params: args.params, actor });
  }
  return changes(args);
}

/**
 * The kit's clientAction, and no error page for an upload: the upload's own refusals are the action's
 * data (a 4xx with the reason), but an answer that is not (the body limit's plain-text 413 in front of
 * the router, a proxy's refusal, a connection cut off mid-upload) makes React Router throw. That becomes
 * a refusal like the others, which the uploader's message area and the toast show. A 413 on any other
 * form of this screen does the same, with the server's text.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const upload = /^\s*multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  try {
    return await adminClientAction({ serverAction });
  } catch (error) {
    const tooLarge = isRouteErrorResponse(error) && error.status === 413;
    if (!upload && !tooLarge) throw error;
    // The limit's plain text ("This request is too large."), when it is one.
    const said = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data.trim().slice(0, 200) : "";
    // A cut connection is no answer at all; any other answer (a proxy's 403, a 500) is not the network's fault.
    const answered = isRouteErrorResponse(error);
    const uploadDetail = tooLarge ? MEDIA_TEXT.tooLarge : answered ? `${MEDIA_TEXT.notTaken} (HTTP ${error.status})` : MEDIA_TEXT.interrupted;
    const detail = upload ? uploadDetail : said || MEDIA_TEXT.tooLarge;
    const answer: AdminActionData = {
      ok: false,
      intent: upload ? "upload-media" : "",
      toast: { variant: "error", title: "Error", text: upload ? MEDIA_TEXT.uploadFailed : MEDIA_TEXT.saveFailed, detail },
    };
    showAdminToast(answer.toast);
    return answer;
  }
}

export function meta(): Route.MetaDescriptors {
  return [{ title: MEDIA_TEXT.title }, { name: "robots", content: "noindex" }];
}

const STATUS_FILTER = [
  { value: "", label: "All" },
  { value: "ready", label: "Ready to use" },
  { value: "processing", label: "Processing" },
  { value: "failed", label: "Failed" },
  { value: "no-alt", label: "Missing alt text" },
];

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title={MEDIA_TEXT.title}
      count={<AdminCount resolve={loaderData.media} count={(items) => items.length} />}
      description="Photos for services, team members and gallery projects. Each upload gets resized copies for fast pages; add alt text before using an image."
      links={<BackLink to="/admin/cms">Back to Content Management</BackLink>}
    >
      <div className="grid gap-6">
        <MediaUploader />
        <AdminData resolve={loaderData.media} loadingText={MEDIA_TEXT.loading}>
          {(items) => <MediaList items={items} />}
        </AdminData>
      </div>
    </AdminPage>
  );
}

/** The status filter's value of an image: ready to use (alt text given), missing alt text, processing, failed. */
function filterValue(item: AdminMediaAsset): string {
  return item.status === "ready" && item.altText.trim() === "" ? "no-alt" : item.status;
}

function MediaList({ items }: { items: AdminMediaAsset[] }) {
  const list = useListFilter(items, {
    text: (item) => [item.originalName, item.altText],
    filters: { status: filterValue },
  });
  const [editing, setEditing] = useState<AdminMediaAsset | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const revalidator = useRevalidator();
  const processing = items.some((item) => item.status === "processing");

  // While an image is being processed, look again every 2 seconds (the job takes a few).
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  const shown = list.items;

  if (items.length === 0) return <EmptyState>No images yet. Upload your first photos above.</EmptyState>;

  const menuOf = (item: AdminMediaAsset): MenuAction[] => [
    {
      label: "Edit",
      onSelect: () => {
        setEditing(item);
        setEditOpen(true);
      },
    },
    ...(item.status === "failed" ? [{ label: "Process again", intent: "retry-media", fields: { id: item.id } }] : []),
    // An image in use cannot be deleted (the server refuses it too): instead of a Delete that would ask,
    // then refuse, the menu leads to where it is used, which the card lists with links.
    item.uses.length > 0
      ? {
          label: "Where used",
          onSelect: () => focusAfterMenu(usesId(item.id)),
        }
      : {
          label: "Delete",
          intent: "delete-media",
          fields: { id: item.id },
          confirm: { what: "image", detail: `“${item.originalName}” and its resized copies will be deleted. This cannot be undone.` },
        },
  ];

  return (
    <div className="grid gap-4">
      <ListToolbar
        search={{ label: "Search images", placeholder: "Search by file name or alt text", ...list.search }}
        filters={[{ label: "Status", options: STATUS_FILTER, ...list.filter("status") }]}
        shown={shown.length}
        total={items.length}
      />
      {shown.length === 0 ? (
        <EmptyState
          action={
            <Button type="button" variant="outline" onClick={list.clear}>
              Clear search and filter
            </Button>
          }
        >
          No images match your search or filter.
        </EmptyState>
      ) : (
        <CardGrid label="Images">
          {shown.map((item) => (
            <MediaCard key={item.id} item={item} actions={menuOf(item)} />
          ))}
        </CardGrid>
      )}
      {editing && <EditMediaDialog key={editing.id} item={editing} open={editOpen} onOpenChange={setEditOpen} />}
    </div>
  );
}

const STATUS_CLASSES = {
  ready: "border-transparent bg-success-soft text-success",
  processing: "border-transparent bg-warning-soft text-warning",
  failed: "border-transparent bg-destructive/10 text-destructive",
} as const;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Focus `id` once the card's menu has gone: the menu gives focus back to its button as it leaves (after its
 * closing animation), which would undo a focus moved any earlier.
 */
function focusAfterMenu(id: string) {
  const tick = () => {
    if (document.querySelector('[role="menu"]')) requestAnimationFrame(tick);
    else requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  requestAnimationFrame(tick);
}

/** The id of an image card's "Where used" list (the menu's "Where used" moves focus there). */
const usesId = (id: string) => `media-uses-${id}`;

/**
 * How wide a card's photo is shown: a third of the 1216 px content column (3 columns, 16 px gaps) from 1280 px,
 * half of the screen less its padding from 640 px, the screen less its padding below.
 */
const THUMB_SIZES = "(min-width: 1280px) 395px, (min-width: 640px) calc((100vw - 80px) / 2), calc(100vw - 32px)";

function MediaCard({ item, actions }: { item: AdminMediaAsset; actions: MenuAction[] }) {
  const thumb = item.status === "ready" ? thumbnailUrl(item) : null;
  const srcSet = item.status === "ready" ? thumbnailSrcSet(item) : "";
  const largest = item.variants.filter((v) => v.format === "webp").reduce((max, v) => Math.max(max, v.bytes), 0);
  return (
    <ItemCard
      data-media={item.originalName}
      title={item.originalName}
      media={
        thumb ? (
          <img
            src={thumb}
            srcSet={srcSet || undefined}
            sizes={srcSet ? THUMB_SIZES : undefined}
            alt={item.altText}
            width={item.width}
            height={item.height}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
            style={{ objectPosition: `${item.focalX}% ${item.focalY}%` }}
          />
        ) : (
          <div className="grid aspect-[4/3] w-full place-items-center bg-slate-100 text-sm text-slate-600">
            {item.status === "processing" ? "Making resized copies..." : "No preview"}
          </div>
        )
      }
      menu={<ItemMenu itemName={item.originalName} actions={actions} />}
      badges={
        <>
          <Badge className={cn(STATUS_CLASSES[item.status])}>{MEDIA_STATUS_LABELS[item.status]}</Badge>
          {item.altText.trim() === "" && <Badge variant="outline">Missing alt text</Badge>}
          <Badge variant="secondary">{item.uses.length === 0 ? "Not used" : item.uses.length === 1 ? "Used in 1 place" : `Used in ${item.uses.length} places`}</Badge>
        </>
      }
    >
      <p className="text-sm text-slate-700">{item.altText.trim() ? item.altText : <span className="text-muted-foreground">No alt text yet: add it before using this image.</span>}</p>
      <p className="text-xs text-muted-foreground">
        {item.width} × {item.height} · original {formatBytes(item.byteSize)}
        {item.status === "ready" && largest > 0 ? ` · largest WebP copy ${formatBytes(largest)}` : ""}
      </p>
      {item.status === "failed" && item.failureMessage && <p className="text-sm text-destructive">{item.failureMessage}</p>}
      {item.uses.length > 0 && (
        <div id={usesId(item.id)} tabIndex={-1} className="rounded-sm text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring" data-media-uses="">
          <p className="font-medium text-slate-800">Where used</p>
          <p className="text-slate-700">To delete this image, choose another image in {item.uses.length === 1 ? "this place" : "these places"} first.</p>
          <ul className="list-disc pl-5 text-slate-700">
            {item.uses.map((use) => (
              <li key={`${use.kind}-${use.name}`}>
                <Link to={use.href} className="underline underline-offset-2">
                  {use.kind}: {use.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ItemCard>
  );
}

function EditMediaDialog({ item, open, onOpenChange }: { item: AdminMediaAsset; open: boolean; onOpenChange: (open: boolean) => void }) {
  const preview = item.status === "ready" ? thumbnailUrl(item, 960) : null;
  const fields = useMemo<FieldSpec[]>(
    () => [
      {
        name: "altText",
        label: "Alt text",
        kind: "textarea",
        required: true,
        maxLength: MEDIA_ALT_MAX,
        hint: "What the photo shows, for people who cannot see it (e.g. “New architectural shingle roof on a two-story home in Dublin”).",
      },
      {
        name: "focalPoint",
        label: "Focal point",
        kind: "custom",
        group: true,
        hint: "Kept in view when a page shows the photo cropped (cards, round team photos).",
        render: (props) => <FocalPointEditor {...props} imageUrl={preview} imageAlt={item.altText} />,
      },
    ],
    [preview, item.altText],
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Image"
      description={item.originalName}
      schema={updateMediaSchema}
      intent="update-media"
      fields={fields}
      values={{ altText: item.altText, focalPoint: `${item.focalX},${item.focalY}` }}
      hidden={{ id: item.id }}
      submitLabel="Save Image"
    />
  );
}
