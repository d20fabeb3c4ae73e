import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useState } from "react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";

export interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
}

export interface Reorder<T> {
  /** Called with every row id in the new order; the list changes once the server confirms it. */
  onMove: (ids: string[]) => void;
  /** The row's name in the move buttons' names ("Move Charcoal up"). */
  itemName: (row: T) => string;
  /** True while a move is being saved. */
  pending?: boolean;
}

/**
 * The kit's list: a table with a caption (its accessible name), the given
 * columns, an "Actions" column (buttons whose names include the row's name)
 * and, with `reorder`, rows that can be dragged, with Move up / Move down
 * buttons as the keyboard alternative. `empty` is shown instead of an empty table.
 * On a phone the table is stacked (ui/table.tsx): a card per row, each cell
 * labelled by its column, the actions at the card's foot.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  empty,
  reorder,
  rowProps,
}: {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => React.ReactNode;
  empty: React.ReactNode;
  reorder?: Reorder<T>;
  rowProps?: (row: T) => React.ComponentProps<"tr"> & Record<`data-${string}`, string | undefined>;
}) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  if (rows.length === 0) return <>{empty}</>;
  const ids = rows.map(rowKey);

  const move = (id: string, to: number) => {
    const from = ids.indexOf(id);
    if (from < 0 || to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    next.splice(from, 1);
    next.splice(to, 0, id);
    reorder?.onMove(next);
  };

  return (
    <div aria-busy={reorder?.pending || undefined} className={cn("rounded-xl border border-border bg-white shadow-sm", reorder?.pending && "opacity-70")}>
      <Table stacked>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {reorder && <TableHead className="w-28">Order</TableHead>}
            {columns.map((column) => (
              <TableHead key={column.header} className={column.className}>
                {column.header}
              </TableHead>
            ))}
            {actions && <TableHead className="text-right">Actions</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => {
            const id = rowKey(row);
            const name = reorder?.itemName(row) ?? "";
            const dragProps: React.ComponentProps<"tr"> = reorder
              ? {
                  draggable: !reorder.pending,
                  onDragStart: (event) => {
                    setDragged(id);
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", id);
                  },
                  onDragOver: (event) => {
                    if (!dragged || dragged === id) return;
                    event.preventDefault();
                    setOver(id);
                  },
                  onDragLeave: () => setOver((current) => (current === id ? null : current)),
                  onDrop: (event) => {
                    event.preventDefault();
                    const source = dragged ?? event.dataTransfer.getData("text/plain");
                    setDragged(null);
                    setOver(null);
                    if (source) move(source, index);
                  },
                  onDragEnd: () => {
                    setDragged(null);
                    setOver(null);
                  },
                }
              : {};
            return (
              <TableRow key={id} data-row-id={id} {...rowProps?.(row)} {...dragProps} className={cn(over === id && "outline-2 outline-brand-navy", dragged === id && "opacity-50")}>
                {reorder && (
                  <TableCell label="Order">
                    <span className="flex items-center gap-1">
                      <GripVertical aria-hidden="true" className="size-4 cursor-grab text-slate-400" />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={index === 0 || reorder.pending}
                        aria-label={`Move ${name} up`}
                        title="Move up"
                        onClick={() => move(id, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={index === rows.length - 1 || reorder.pending}
                        aria-label={`Move ${name} down`}
                        title="Move down"
                        onClick={() => move(id, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </span>
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell key={column.header} className={column.className} label={column.header}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell className="text-right max-md:text-left">
                    <span className="inline-flex flex-wrap justify-end gap-2 max-md:justify-start">{actions(row)}</span>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
