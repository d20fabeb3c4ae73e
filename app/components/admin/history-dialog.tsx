import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { changedFields, HISTORY_IMAGE_FIELD, HISTORY_TEXT, wordChanges, type HistoryKind, type HistoryVersion, type ItemHistory } from "~/domain/content-history/kinds";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import type { AdminLoadedData } from "./admin-data";
import type { FieldSpec } from "./admin-form";
import type { MenuAction } from "./card-list";
import { IntentButton } from "./row-actions";

/**
 * The History dialog of the kit (ADR 029): an item's saved versions, newest first, each with who saved it
 * and when (company time, America/New_York), and what changed against the version before it, field by
 * field (long texts word by word: the unchanged words once, the removed and added ones marked). Every version but the current one has a Restore button, which posts
 * `restore-version` to the screen's action: the item's own save use case writes the old values as a new
 * version. The list is loaded from /admin/history/:kind/:id when the dialog opens, and again after a
 * restore (React Router reloads loaded fetchers after an action).
 *
 * `fields` are the screen's edit form fields: their labels name the changed fields, and their options
 * show a choice's label ("Yes" / "No" for a checkbox).
 */

export interface HistoryTarget {
  kind: HistoryKind;
  id: string;
  /** The item's name, for the title and the buttons' accessible names. */
  name: string;
}

/**
 * A screen's History entries: `action(id, name)` is the "History" entry of an item's menu, `dialog` the
 * dialog it opens (render it once, next to the list).
 */
export function useHistoryDialog(kind: HistoryKind, fields: readonly FieldSpec[]): { action: (id: string, name: string) => MenuAction; dialog: React.ReactNode } {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  const [open, setOpen] = useState(false);
  return {
    action: (id, name) => ({
      label: HISTORY_TEXT.menu,
      onSelect: () => {
        setTarget({ kind, id, name });
        setOpen(true);
      },
    }),
    dialog: target ? <HistoryDialog key={`${target.kind}:${target.id}`} target={target} open={open} onOpenChange={setOpen} fields={fields} /> : null,
  };
}

const WHEN = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
  timeZone: COMPANY_TIME_ZONE,
});

/** Fields no edit form shows, but a version holds (the setting's visibility, from its menu). */
const EXTRA_LABELS: Record<string, string> = { isPublic: "Public" };

function labelOf(fields: readonly FieldSpec[], name: string): string {
  return fields.find((field) => field.name === name)?.label ?? EXTRA_LABELS[name] ?? name.replace(/([a-z])([A-Z])/g, "$1 $2");
}

/**
 * A value as a person reads it: a choice's label, Yes/No for a flag, a library image by its file name and
 * alt text, "(empty)" for nothing.
 */
function display(fields: readonly FieldSpec[], images: Record<string, string>, name: string, value: string): string {
  if (name === HISTORY_IMAGE_FIELD && value) return images[value] ?? HISTORY_TEXT.imageGone;
  const field = fields.find((f) => f.name === name);
  if (field?.kind === "checkbox" || (!field && name in EXTRA_LABELS)) return value === "on" ? "Yes" : "No";
  if (field?.kind === "select") return field.options.find((option) => option.value === value)?.label ?? (value || HISTORY_TEXT.emptyValue);
  return value === "" ? HISTORY_TEXT.emptyValue : value;
}

export function HistoryDialog({
  target,
  open,
  onOpenChange,
  fields,
}: {
  target: HistoryTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: readonly FieldSpec[];
}) {
  const fetcher = useFetcher<{ history: AdminLoadedData<ItemHistory> }>();
  const url = `/admin/history/${target.kind}/${encodeURIComponent(target.id)}`;
  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(url);
  }, [open, url, load]);

  // Opened from a menu (no trigger): focus goes back to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };

  const history = fetcher.data?.history;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{HISTORY_TEXT.title(target.name)}</DialogTitle>
          <DialogDescription>{HISTORY_TEXT.description}</DialogDescription>
        </DialogHeader>
        {!history ? (
          <p role="status" className="text-sm text-slate-600">
            {HISTORY_TEXT.loading}
          </p>
        ) : !history.ok ? (
          <p role="alert" className="text-sm text-destructive">
            {history.message}
            {history.reference ? <span className="block text-xs">Reference: {history.reference}</span> : null}
          </p>
        ) : history.data.versions.length === 0 ? (
          <p className="text-sm text-slate-600">{HISTORY_TEXT.empty}</p>
        ) : (
          <ol className="grid gap-4" aria-label="Versions, newest first">
            {history.data.versions.map((version, index, versions) => (
              <VersionEntry
                key={version.id}
                version={version}
                previous={versions[index + 1]}
                current={index === 0}
                oldest={index === versions.length - 1}
                target={target}
                fields={fields}
                images={history.data.images}
              />
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

function VersionEntry({
  version,
  previous,
  current,
  oldest,
  target,
  fields,
  images,
}: {
  version: HistoryVersion;
  previous: HistoryVersion | undefined;
  current: boolean;
  oldest: boolean;
  target: HistoryTarget;
  fields: readonly FieldSpec[];
  images: Record<string, string>;
}) {
  const order = fields.map((field) => field.name);
  const headingId = `version-${version.id}`;
  return (
    <li className="rounded-lg border border-border p-4" aria-labelledby={headingId} data-version={version.number}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 font-semibold">
            Version {version.number}
            {current && <Badge variant="secondary">{HISTORY_TEXT.current}</Badge>}
          </h3>
          <p className="text-sm text-slate-600">
            <time dateTime={version.createdAt}>{WHEN.format(new Date(version.createdAt))}</time>
            {version.baseline ? `, ${HISTORY_TEXT.baseline}` : ` by ${version.actorLabel}`}
          </p>
          {version.restoredFrom !== null && (
            <p className="text-sm text-slate-700" data-restored-from={version.restoredFrom}>
              {HISTORY_TEXT.restoredFrom(version.restoredFrom)}
            </p>
          )}
        </div>
        {!current && (
          <IntentButton
            intent="restore-version"
            fields={{ kind: target.kind, id: target.id, versionId: version.id }}
            label={HISTORY_TEXT.restore}
            itemName={`version ${version.number} of ${target.name}`}
          />
        )}
      </div>
      {previous ? (
        <Changes before={previous.values} after={version.values} order={order} fields={fields} images={images} number={version.number} />
      ) : (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">{oldest ? `${HISTORY_TEXT.first}: show its values` : "Show its values"}</summary>
          <dl className="mt-2 grid gap-2">
            {Object.keys(version.values)
              .sort((a, b) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999))
              .map((name) => (
                <div key={name}>
                  <dt className="font-medium">{labelOf(fields, name)}</dt>
                  <dd className="break-words whitespace-pre-wrap text-slate-700">{display(fields, images, name, version.values[name] ?? "")}</dd>
                </div>
              ))}
          </dl>
        </details>
      )}
    </li>
  );
}

function Changes({
  before,
  after,
  order,
  fields,
  images,
  number,
}: {
  before: Record<string, string>;
  after: Record<string, string>;
  order: readonly string[];
  fields: readonly FieldSpec[];
  images: Record<string, string>;
  number: number;
}) {
  const changes = changedFields(before, after, order);
  if (changes.length === 0) return <p className="mt-2 text-sm text-slate-600">{HISTORY_TEXT.noChanges}</p>;
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">Changes in version {number} since version before it</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="w-1/5 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className="border-b border-border align-top last:border-0" data-field={change.field}>
            <th scope="row" className="py-1 pr-2 font-medium">
              {labelOf(fields, change.field)}
            </th>
            {isLongText(fields, change) ? (
              <td colSpan={2} className="py-1">
                <WordDiff before={change.before} after={change.after} />
              </td>
            ) : (
              <>
                <td className="py-1 pr-2 break-words text-red-800">
                  <del className="no-underline">{display(fields, images, change.field, change.before)}</del>
                </td>
                <td className="py-1 break-words text-green-800">
                  <ins className="no-underline">{display(fields, images, change.field, change.after)}</ins>
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A value read better as one text with its changes marked than as two whole copies side by side. */
function isLongText(fields: readonly FieldSpec[], change: { field: string; before: string; after: string }): boolean {
  const kind = fields.find((field) => field.name === change.field)?.kind;
  if (kind === "select" || kind === "checkbox" || change.field === HISTORY_IMAGE_FIELD) return false;
  return change.before.includes("\n") || change.after.includes("\n") || Math.max(change.before.length, change.after.length) > 60;
}

/** A long value's changes word by word: the text once, removed words struck out in red, added ones in green. */
function WordDiff({ before, after }: { before: string; after: string }) {
  return (
    <p className="max-h-64 overflow-auto rounded bg-slate-50 p-2 break-words whitespace-pre-wrap" data-word-diff>
      {wordChanges(before, after).map((piece, index) =>
        piece.type === "same" ? (
          <span key={index}>{piece.text}</span>
        ) : piece.type === "removed" ? (
          <del key={index} className="rounded-sm bg-red-100 text-red-900 line-through">
            <span className="sr-only">[Removed: </span>
            {piece.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={index} className="rounded-sm bg-green-100 text-green-900 no-underline">
            <span className="sr-only">[Added: </span>
            {piece.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  );
}
