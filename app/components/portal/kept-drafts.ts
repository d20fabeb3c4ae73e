import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";

/**
 * What the homeowner typed in a portal form and has not sent yet, kept by their browser (issue 31 item 5:
 * "an expired session never loses what the homeowner typed"). When the session has lapsed, sending a
 * form takes them to sign in (the guard's redirect, with `redirectTo` this page); after signing in they
 * come back here and the text is put back in its field.
 *
 * - Kept in the tab's sessionStorage, never in a URL and never on the server: per account, page (path) and
 *   field (the form's `intent` and the field's name). Saved as they type (a lapsed session can also show
 *   while they type, when the page's data reloads), dropped once the form's answer is a success, when they
 *   sign out, and when another account opens the portal in the tab. Closing the tab drops all of it.
 * - Text fields, text areas and selects of the page's post forms that carry an `intent`; never a password,
 *   a file, a hidden field, a checkbox or a radio button.
 * - Restored when the page opens, into fields that show something else; when the homeowner comes back
 *   from signing in (the sign-in page marks it: markDraftReturn), the first restored field gets the focus.
 * - Without JavaScript nothing is kept by the site: the sign-in page says the session ended, and the
 *   browser's Back button may still have the text.
 */

const PREFIX = "portal-draft:";
const RETURN_KEY = "portal-draft-return";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Drafts = Record<string, string>;

const KEPT_INPUT_TYPES = new Set(["text", "email", "tel", "date", "number", "search", "url"]);

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused (a privacy setting): nothing is kept
  }
}

function storageKey(userId: string, path: string): string {
  return `${PREFIX}${userId}:${path}`;
}

/** The draft's key within its page: the form's intent and the field's name ("send-message:body"), or null. */
function fieldKey(field: Element): string | null {
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) return null;
  if (field instanceof HTMLInputElement && !KEPT_INPUT_TYPES.has(field.type)) return null;
  const form = field.form;
  if (!form || form.method.toLowerCase() !== "post" || !field.name) return null;
  const intent = form.querySelector<HTMLInputElement>('input[type="hidden"][name="intent"]')?.value;
  return intent ? `${intent}:${field.name}` : null;
}

function defaultValueOf(field: Field): string {
  if (field instanceof HTMLSelectElement) return [...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? "";
  return field.defaultValue;
}

function read(store: Storage, key: string): Drafts {
  try {
    const value: unknown = JSON.parse(store.getItem(key) ?? "{}");
    return value && typeof value === "object" ? (value as Drafts) : {};
  } catch {
    return {};
  }
}

function write(store: Storage, key: string, drafts: Drafts): void {
  try {
    if (Object.keys(drafts).length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(drafts));
  } catch {
    // full or refused: the draft is simply not kept
  }
}

/** Every key of the kept drafts (and the return mark), for a sweep. */
function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Whether some unsent text is kept for the page at `path` (any account: the sign-in page does not know whose). */
export function hasKeptDraft(path: string): boolean {
  const store = storage();
  if (!store) return false;
  const suffix = `:${path}`;
  return draftKeys(store).some((key) => key.endsWith(suffix) && Object.keys(read(store, key)).length > 0);
}

/** Said by the sign-in page as it signs in again: the page at `path` gives the restored field the focus. */
export function markDraftReturn(path: string): void {
  try {
    storage()?.setItem(RETURN_KEY, path);
  } catch {
    // nothing to mark
  }
}

/** Drops every kept draft of the tab (signing out). */
export function forgetKeptDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of draftKeys(store)) store.removeItem(key);
  store.removeItem(RETURN_KEY);
}

function setValue(field: Field, value: string): void {
  // The prototype's setter and an input event, so that a controlled field's state follows too.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Keeps the unsent text of this portal page's forms (see above). `answer` is the page's last form answer
 * (its actionData): a success drops the drafts of that form's intent.
 */
export function useKeptDrafts(answer: { ok: boolean; intent?: string } | null | undefined): void {
  const { pathname } = useLocation();
  const userId = (useRouteLoaderData("routes/portal/layout") as { userId?: string } | undefined)?.userId;

  // Save as they type; restore when the page opens.
  useEffect(() => {
    const store = storage();
    const main = document.getElementById("main");
    if (!store || !main || !userId) return;
    const key = storageKey(userId, pathname);
    // Another account's drafts are not this one's to see.
    for (const other of draftKeys(store)) if (!other.startsWith(`${PREFIX}${userId}:`)) store.removeItem(other);

    const restored: Field[] = [];
    const drafts = read(store, key);
    for (const [name, value] of Object.entries(drafts)) {
      const field = [...main.querySelectorAll<Field>("textarea, input, select")].find((candidate) => fieldKey(candidate) === name);
      if (!field || field.disabled) continue;
      if (value === defaultValueOf(field)) {
        delete drafts[name];
        continue;
      }
      if (field.value !== value) {
        setValue(field, value);
        restored.push(field);
      }
    }
    write(store, key, drafts);
    if (store.getItem(RETURN_KEY) === pathname) {
      store.removeItem(RETURN_KEY);
      const active = document.activeElement;
      if (restored[0] && (!active || active === document.body || active === main)) restored[0].focus();
    }

    const onEdit = (event: Event) => {
      const field = event.target as Field;
      const name = fieldKey(field);
      if (!name) return;
      const current = read(store, key);
      if (field.value === defaultValueOf(field)) delete current[name];
      else current[name] = field.value;
      write(store, key, current);
    };
    main.addEventListener("input", onEdit);
    main.addEventListener("change", onEdit);
    return () => {
      main.removeEventListener("input", onEdit);
      main.removeEventListener("change", onEdit);
    };
  }, [pathname, userId]);

  // A form's success: what was typed in it has been sent.
  useEffect(() => {
    const store = storage();
    if (!store || !userId || !answer?.ok || !answer.intent) return;
    const key = storageKey(userId, pathname);
    const drafts = read(store, key);
    for (const name of Object.keys(drafts)) if (name.startsWith(`${answer.intent}:`)) delete drafts[name];
    write(store, key, drafts);
  }, [answer, pathname, userId]);
}
