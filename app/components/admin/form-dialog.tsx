import { useLayoutEffect, useRef, useState } from "react";
import type * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { AdminForm, type AdminFormProps } from "./admin-form";

/**
 * The kit's form in a dialog (Radix): Escape, the close button and Cancel
 * close it, focus returns to what opened it, it closes itself after a
 * successful save. Pass `trigger` (a button) to open it from the page, or
 * control `open` (e.g. an Edit button of a row). `wide` makes room for a large
 * form (e.g. a structured editor of a custom field).
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  wide = false,
  ...form
}: Omit<AdminFormProps, "onCancel" | "label"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  trigger?: React.ReactNode;
  wide?: boolean;
}) {
  // Without a trigger (opened by an Edit button of a row), focus goes back to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    if (trigger || !opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={wide ? "sm:max-w-4xl" : "sm:max-w-2xl"} onCloseAutoFocus={returnFocus} {...(description ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {open && (
          <AdminForm
            {...form}
            label={title}
            onCancel={() => onOpenChange(false)}
            onSaved={() => {
              form.onSaved?.();
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A list's Edit dialog: `edit(item)` (an item's Edit button) opens it on the
 * item, `dialog` is the dialog (render it once, next to the list). The form
 * posts the item's `id`; `form` gives the rest for the item being edited.
 */
export function useEditDialog<T extends { id: string }>(
  form: (item: T) => Omit<React.ComponentProps<typeof FormDialog>, "open" | "onOpenChange" | "hidden">,
): { edit: (item: T) => void; dialog: React.ReactNode } {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    edit: (item) => {
      setEditing(item);
      setOpen(true);
    },
    dialog: editing ? <FormDialog key={editing.id} open={open} onOpenChange={setOpen} hidden={{ id: editing.id }} {...form(editing)} /> : null,
  };
}
