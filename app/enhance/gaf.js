// @ts-check
// GAF portal: the Timberline HDZ colour dialogs (app/components/gaf/color-swatches.tsx).
// Without this script each swatch links to its `#color-<slug>` panel (shown by CSS `:target`);
// with it, the same server-rendered <dialog> opens as a native modal. See README.md.

const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-gaf-colors]"));

if (root && typeof HTMLDialogElement === "function") {
  // From now on the dialogs are modals: the `:target` fallback must not show them as panels.
  root.dataset.gafEnhanced = "true";

  /** @param {string} hash  e.g. "#color-charcoal" */
  const dialogFor = (hash) => {
    if (!hash.startsWith("#color-")) return null;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    return element instanceof HTMLDialogElement && root.contains(element) ? element : null;
  };

  /** @param {HTMLDialogElement} dialog */
  const open = (dialog) => {
    if (!dialog.open) dialog.showModal();
  };

  root.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);

    const swatch = target.closest("a[data-color-swatch]");
    if (swatch instanceof HTMLAnchorElement) {
      const dialog = dialogFor(swatch.hash);
      if (!dialog) return;
      event.preventDefault();
      open(dialog);
      return;
    }

    const close = target.closest("[data-color-dialog-close]");
    if (close) {
      const dialog = close.closest("dialog");
      if (dialog) {
        event.preventDefault();
        dialog.close();
      }
      return;
    }

    // A click on the backdrop (outside the dialog's box) closes it.
    if (target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const { clientX: x, clientY: y } = /** @type {MouseEvent} */ (event);
      const inside = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
      if (!inside && (x !== 0 || y !== 0)) target.close();
    }
  });

  // A shared link to one colour (/gaf/timberline-hdz-colors#color-charcoal) opens its dialog.
  const initial = dialogFor(location.hash);
  if (initial) {
    open(initial);
    // Closing it must not leave the hash pointing at a dialog that is no longer shown.
    initial.addEventListener("close", () => history.replaceState(history.state, "", location.pathname + location.search), { once: true });
  }
}
