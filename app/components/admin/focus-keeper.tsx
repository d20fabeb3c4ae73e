import { useEffect } from "react";

/**
 * Keeps keyboard focus in a sensible place when the control that had it goes away (issue 23 item 6).
 *
 * A list action reloads the screen's data: Delete removes the row whose button had the focus, and a
 * button disabled while its post is pending drops it. The browser then puts focus on <body>, and a
 * keyboard user starts again from the top of the page. Mounted once in the admin layout, this watches
 * <main> and, when focus has fallen to <body> because of such a change (not because the user clicked
 * somewhere), moves it:
 * - back to the same control once it is enabled again (Deactivate becomes Activate in place);
 * - else to the control in the same position of the next row (or the previous one, for the last row);
 * - else to the page's heading (<h1 tabindex="-1">), or <main> itself.
 * Rows are the kit's list items: table rows and cards, found again by their data-row-id / data-item /
 * data-lead-id attribute when the list re-rendered with new elements.
 */

const ROW = "[data-row-id], [data-item], [data-lead-id], [data-user-email], tr, li";
const KEYS = ["data-row-id", "data-item", "data-lead-id", "data-user-email"] as const;
const CONTROL = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface Remembered {
  control: HTMLElement;
  /** The position of the control among its row's controls. */
  index: number;
  next: RowRef | null;
  previous: RowRef | null;
}

interface RowRef {
  element: Element;
  key: { name: string; value: string } | null;
}

function rowRef(element: Element | null): RowRef | null {
  if (!element) return null;
  for (const name of KEYS) {
    const value = element.getAttribute(name);
    if (value !== null) return { element, key: { name, value } };
  }
  return { element, key: null };
}

function controlsOf(row: Element): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>(CONTROL)).filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0);
}

/** The row element now on the page: the same element if still there, else the one with the same key. */
function current(ref: RowRef | null, main: Element): Element | null {
  if (!ref) return null;
  if (ref.element.isConnected) return ref.element;
  if (!ref.key) return null;
  return main.querySelector(`[${ref.key.name}="${CSS.escape(ref.key.value)}"]`);
}

function focusable(el: HTMLElement): boolean {
  return el.isConnected && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;
}

export function FocusKeeper() {
  useEffect(() => {
    const main = document.getElementById("main");
    if (!main) return;
    let remembered: Remembered | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const control = event.target;
      if (!(control instanceof HTMLElement) || !main.contains(control) || control === main) return;
      const row = control.closest(ROW);
      const index = row ? controlsOf(row).indexOf(control) : -1;
      remembered = { control, index, next: rowRef(row?.nextElementSibling ?? null), previous: rowRef(row?.previousElementSibling ?? null) };
    };
    // A click elsewhere is the user choosing where focus goes (or nowhere): nothing to restore.
    const onPointerDown = (event: PointerEvent) => {
      if (remembered && event.target instanceof Node && main.contains(event.target) && !remembered.control.contains(event.target)) remembered = null;
    };

    const restore = () => {
      if (!remembered) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const { control, index, next, previous } = remembered;
      if (control.isConnected) {
        // Still on the page (disabled while its post is pending): it gets the focus back once enabled.
        if (focusable(control)) control.focus();
        return;
      }
      for (const row of [current(next, main), current(previous, main)]) {
        if (!row) continue;
        const controls = controlsOf(row);
        const target = controls[Math.min(Math.max(index, 0), controls.length - 1)];
        if (target) {
          target.focus();
          return;
        }
      }
      const heading = main.querySelector<HTMLElement>("h1[tabindex]");
      (heading ?? main).focus();
    };

    const observer = new MutationObserver(restore);
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden", "class"] });
    main.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      observer.disconnect();
      main.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerdown", onPointerDown, true);
    };
  }, []);
  return null;
}
