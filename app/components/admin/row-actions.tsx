import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from "~/components/ui/alert-dialog";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useAdminAction } from "./use-admin-action";

/**
 * Row actions of the kit. Every button shows a short verb ("Edit") and is
 * named for its row for assistive technology ("Edit Charcoal"), so the name
 * carries the visible text.
 */

export interface RowButtonProps extends Omit<ButtonProps, "children"> {
  label: string;
  itemName: string;
  icon?: LucideIcon;
}

export function RowButton({ label, itemName, icon: Icon, variant = "outline", size = "sm", ...props }: RowButtonProps) {
  return (
    <Button type="button" variant={variant} size={size} {...props}>
      {Icon && <Icon aria-hidden="true" />}
      {label}
      <span className="sr-only"> {itemName}</span>
    </Button>
  );
}

function HiddenFields({ intent, fields }: { intent: string; fields: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A row button that posts one intent (e.g. Activate, Deactivate) and shows the answer as a toast. */
export function IntentButton({ intent, fields, ...button }: RowButtonProps & { intent: string; fields: Record<string, string> }) {
  const { fetcher, pending } = useAdminAction();
  return (
    <fetcher.Form method="post" className="inline-flex">
      <HiddenFields intent={intent} fields={fields} />
      {/* Not `disabled` while pending: a disabled button drops the keyboard focus to the page (issue 23). */}
      <RowButton
        {...button}
        type="submit"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={(event) => {
          if (pending) event.preventDefault();
          button.onClick?.(event);
        }}
      />
    </fetcher.Form>
  );
}

/** Posts one intent with its fields through `fetcher` (a button's or a menu item's). */
export function submitIntent(fetcher: ReturnType<typeof useAdminAction>["fetcher"], intent: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", intent);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  void fetcher.submit(form, { method: "post" });
}

export interface ConfirmDeleteProps {
  /** "review", "service"... as in the spec's question. */
  what: string;
  itemName: string;
  detail?: React.ReactNode;
  onConfirm: () => void;
}

/**
 * The confirmation of a delete (spec 2 §5): "Are you sure you want to delete
 * this {what}?" with Cancel and Delete. Cancel (or Escape) changes nothing.
 * Controlled, for a menu item; ConfirmDeleteButton is the row-button form.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  trigger,
  what,
  itemName,
  detail,
  onConfirm,
  returnFocusTo,
}: ConfirmDeleteProps & {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode;
  /** Where focus goes when it closes, when it has no trigger (e.g. the menu button that opened it). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (trigger || !returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{`Are you sure you want to delete this ${what}?`}</AlertDialogTitle>
          <AlertDialogDescription>{detail ?? `${itemName} will be deleted. This cannot be undone.`}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A row's Delete button, after confirmation (ConfirmDeleteDialog). */
export function ConfirmDeleteButton({
  intent,
  fields,
  icon,
  ...confirm
}: Omit<ConfirmDeleteProps, "onConfirm"> & { intent: string; fields: Record<string, string>; icon?: LucideIcon }) {
  const { fetcher, pending } = useAdminAction();
  return (
    <ConfirmDeleteDialog
      {...confirm}
      trigger={<RowButton label="Delete" itemName={confirm.itemName} icon={icon} variant="outline" disabled={pending} className="text-destructive" />}
      onConfirm={() => submitIntent(fetcher, intent, fields)}
    />
  );
}
