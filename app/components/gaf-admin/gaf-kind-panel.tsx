import { Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { AdminForm, type FieldSpec } from "~/components/admin/admin-form";
import { DataTable, type Column } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/list-states";
import { IntentButton, RowButton } from "~/components/admin/row-actions";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Badge } from "~/components/ui/badge";
import { GAF_KIND_NAMES, gafSaveSchemas, type GafKind } from "~/domain/gaf/admin-schemas";

export interface GafRow {
  id: string;
  isActive: boolean;
}

export interface GafKindPanelProps<T extends GafRow> {
  kind: GafKind;
  /** The list's heading, e.g. "Colors". */
  heading: string;
  rows: readonly T[];
  fields: readonly FieldSpec[];
  /** The form's values for a new item. */
  emptyValues: Record<string, string>;
  /** The form's values for editing `row`. */
  toValues: (row: T) => Record<string, string>;
  itemName: (row: T) => string;
  columns: ReadonlyArray<Column<T>>;
}

/** The Active / Inactive badge of a configuration item. */
function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>;
}

/**
 * One kind of /admin/gaf-config (spec 2 §2): the add/edit form above the
 * list. Edit fills the form (Update X, Cancel); Delete deactivates (soft
 * delete) and an inactive item can be reactivated (ADR 015); rows are
 * reordered by dragging or with Move up / Move down.
 */
export function GafKindPanel<T extends GafRow>({ kind, heading, rows, fields, emptyValues, toValues, itemName, columns }: GafKindPanelProps<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const formCard = useRef<HTMLElement>(null);
  const names = GAF_KIND_NAMES[kind];
  const reorder = useAdminAction();
  const headingId = `gaf-${kind}-form-heading`;
  // An item being edited may have been changed meanwhile: edit what the server now says.
  const current = editing ? (rows.find((row) => row.id === editing.id) ?? null) : null;

  const edit = (row: T) => {
    setEditing(row);
    requestAnimationFrame(() => {
      formCard.current?.scrollIntoView({ block: "start" });
      formCard.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
    });
  };

  return (
    <div className="grid gap-6">
      <section ref={formCard} aria-labelledby={headingId} className="scroll-mt-4 rounded-xl border border-border bg-white p-5 shadow-sm">
        <h3 id={headingId} className="mb-4 text-lg font-bold text-brand-navy">
          {current ? `Edit ${names.title}: ${itemName(current)}` : `Add ${names.title}`}
        </h3>
        <AdminForm
          key={current?.id ?? "new"}
          label={current ? `Edit ${names.title}` : `Add ${names.title}`}
          schema={gafSaveSchemas[kind]}
          intent={`save-${kind}`}
          fields={fields}
          values={current ? toValues(current) : emptyValues}
          hidden={{ id: current?.id ?? "" }}
          submitLabel={current ? `Update ${names.title}` : `Add ${names.title}`}
          onCancel={current ? () => setEditing(null) : undefined}
          onSaved={() => setEditing(null)}
        />
      </section>

      <section aria-label={heading} className="grid gap-3">
        <h3 className="text-lg font-bold text-brand-navy">
          {heading} <span className="text-base font-medium text-slate-500">({rows.length})</span>
        </h3>
        <DataTable
          caption={heading}
          rows={rows}
          rowKey={(row) => row.id}
          columns={[...columns, { header: "Status", cell: (row: T) => <ActiveBadge active={row.isActive} /> }]}
          rowProps={(row) => ({ "data-item": itemName(row) })}
          empty={<EmptyState>{`No ${names.plural} yet. Add the first one above.`}</EmptyState>}
          reorder={{
            itemName,
            pending: reorder.pending,
            onMove: (ids) => void reorder.fetcher.submit({ intent: `reorder-${kind}`, ids: ids.join(",") }, { method: "post" }),
          }}
          actions={(row) => (
            <>
              <RowButton label="Edit" itemName={itemName(row)} icon={Pencil} onClick={() => edit(row)} />
              {row.isActive ? (
                <IntentButton intent={`deactivate-${kind}`} fields={{ id: row.id }} label="Delete" itemName={itemName(row)} icon={Trash2} className="text-destructive" />
              ) : (
                <IntentButton intent={`reactivate-${kind}`} fields={{ id: row.id }} label="Reactivate" itemName={itemName(row)} icon={RotateCcw} />
              )}
            </>
          )}
        />
      </section>
    </div>
  );
}
