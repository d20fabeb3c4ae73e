import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toast";
import { ASSIGNABLE_ROLE_OPTIONS, STATUS_LABELS, STATUS_OPTIONS, type Role, type UserStatus } from "~/domain/accounts/constants";
import { cn } from "~/lib/cn";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { useHydrated } from "./use-hydrated";

/**
 * The table of /admin/users (spec 1 §2 "User Management"): Name, Email,
 * Status (selector), Roles (comma list or "No roles"), Joined, Actions
 * (Assign Role selector). Every control is a small form posting to the
 * route's action: without JavaScript it submits with its Save button; with
 * it, a value picked with the pointer submits at once through a fetcher and
 * the answer shows as a toast (spec 1 §8) while the list reloads. A value
 * reached with the keyboard waits for Enter or the form's button (see
 * useSelectCommit).
 */

export interface UserTableRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  status: UserStatus;
  roles: Role[];
  /** ISO timestamp. */
  createdAt: string;
}

export interface ActionToast {
  variant: "success" | "error";
  title: string;
  text: string;
}

const joinedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: COMPANY_TIME_ZONE });

const selectClass = cn(
  "h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50",
);

function useToastOf(data: unknown) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    const result = data as { toast?: ActionToast } | undefined;
    if (!result?.toast || shown.current === data) return;
    shown.current = data;
    if (result.toast.variant === "success") toast.success(result.toast.title, { description: result.toast.text });
    else toast.error(result.toast.title, { description: result.toast.text });
  }, [data]);
}

/**
 * When a select's change is saved. A value picked with the pointer is saved at once. A value reached with
 * the keyboard is only shown, with the form's button, until Enter or that button confirms it (Escape goes
 * back): in some browsers the arrow keys change a closed select's value, and arrowing through a pending
 * user's status must not approve or reject them on the way (WCAG 3.2.2). `draft` is the value waiting.
 */
function useSelectCommit(commit: (form: HTMLFormElement) => void) {
  const keyboard = useRef(false);
  const [draft, setDraft] = useState<string | null>(null);
  const props = {
    onPointerDown: () => {
      keyboard.current = false;
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === "Enter" && draft !== null && event.currentTarget.form) {
        event.preventDefault();
        commit(event.currentTarget.form);
        setDraft(null);
      } else if (event.key === "Escape" && draft !== null) {
        event.preventDefault();
        setDraft(null);
      } else if (event.key !== "Tab" && event.key !== "Shift") {
        keyboard.current = true;
      }
    },
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const { form, value } = event.currentTarget;
      if (keyboard.current) setDraft(value);
      else if (form) commit(form);
    },
  };
  return { draft, clearDraft: () => setDraft(null), props };
}

function fullName(user: UserTableRow) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

function StatusCell({ user, isSelf }: { user: UserTableRow; isSelf: boolean }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  useToastOf(fetcher.data);
  const pending = fetcher.state !== "idle";
  const { draft, clearDraft, props } = useSelectCommit((form) => void fetcher.submit(form));
  const shown = draft ?? (fetcher.formData?.get("status") as UserStatus | null) ?? user.status;
  const id = `status-${user.id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2" onSubmit={clearDraft}>
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        Status of {fullName(user)}
      </label>
      <select
        id={id}
        name="status"
        className={selectClass}
        value={shown}
        disabled={isSelf || pending}
        title={isSelf ? "You cannot change the status of your own account." : undefined}
        {...props}
      >
        {STATUS_OPTIONS.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {(!hydrated || draft !== null) && !isSelf && (
        <Button type="submit" size="sm" variant="outline" aria-label={`Save status for ${fullName(user)}`}>
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}

function RolesCell({ user, isSelf }: { user: UserTableRow; isSelf: boolean }) {
  const fetcher = useFetcher();
  useToastOf(fetcher.data);
  if (user.roles.length === 0) return <span className="text-muted-foreground">No roles</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-y-1">
      {user.roles.map((role, index) => {
        const removable = !isSelf && (ASSIGNABLE_ROLE_OPTIONS as readonly string[]).includes(role);
        return (
          <span key={role} className="inline-flex items-center">
            <span>{role}</span>
            {removable && (
              <fetcher.Form method="post" className="inline-flex">
                <input type="hidden" name="intent" value="remove-role" />
                <input type="hidden" name="userId" value={user.id} />
                <input type="hidden" name="role" value={role} />
                <button
                  type="submit"
                  disabled={fetcher.state !== "idle"}
                  className="ml-0.5 rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                  aria-label={`Remove role ${role} from ${fullName(user)}`}
                  title={`Remove role ${role}`}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </fetcher.Form>
            )}
            {index < user.roles.length - 1 && <span className="mr-1">,</span>}
          </span>
        );
      })}
    </span>
  );
}

function AssignRoleCell({ user }: { user: UserTableRow }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  useToastOf(fetcher.data);
  const id = `assign-${user.id}`;
  // Every assignable role reads personal data: not for an address nobody confirmed (the server refuses it too).
  const available = user.emailVerified ? ASSIGNABLE_ROLE_OPTIONS.filter((role) => !user.roles.includes(role)) : [];
  const { draft, clearDraft, props } = useSelectCommit((form) => {
    if (new FormData(form).get("role")) void fetcher.submit(form);
  });
  return (
    <fetcher.Form method="post" className="flex items-center gap-2" onSubmit={clearDraft}>
      <input type="hidden" name="intent" value="assign-role" />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        Assign a role to {fullName(user)}
      </label>
      <select
        id={id}
        name="role"
        className={selectClass}
        value={draft ?? ""}
        disabled={fetcher.state !== "idle" || available.length === 0}
        {...props}
      >
        <option value="" disabled>
          {!user.emailVerified ? "Email not confirmed" : available.length === 0 ? "All roles assigned" : "Assign Role"}
        </option>
        {ASSIGNABLE_ROLE_OPTIONS.map((role) => (
          <option key={role} value={role} disabled={user.roles.includes(role)}>
            {role}
          </option>
        ))}
      </select>
      {(!hydrated || draft) && available.length > 0 && (
        <Button type="submit" size="sm" variant="outline" aria-label={`Assign role to ${fullName(user)}`}>
          Assign
        </Button>
      )}
    </fetcher.Form>
  );
}

export function UsersTable({ users, currentUserId }: { users: UserTableRow[]; currentUserId: string }) {
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Roles</TableHead>
          <TableHead>Joined</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id} data-user-email={user.email}>
              <TableCell className="font-medium max-md:text-base">
                {fullName(user)}
                {isSelf && <span className="ml-1 text-xs text-muted-foreground">(you)</span>}
              </TableCell>
              <TableCell label="Email">
                <span className="break-all">{user.email}</span>
                {!user.emailVerified && (
                  <Badge variant="warning" className="ml-2">
                    Email not confirmed
                  </Badge>
                )}
              </TableCell>
              <TableCell label="Status">
                <StatusCell user={user} isSelf={isSelf} />
              </TableCell>
              <TableCell label="Roles">
                <RolesCell user={user} isSelf={isSelf} />
              </TableCell>
              <TableCell className="whitespace-nowrap" label="Joined">
                <time dateTime={user.createdAt}>{joinedFormat.format(new Date(user.createdAt))}</time>
              </TableCell>
              <TableCell label="Assign Role">
                <AssignRoleCell user={user} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
