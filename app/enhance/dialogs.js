// @ts-check
/**
 * Dialogs of public pages (ADR 007; markup: app/components/site/site-dialog.tsx).
 *
 * A link with `data-dialog-open="<id>"` (its href is `#<id>`, the no-JS
 * fallback) opens `<dialog id="<id>" data-dialog>` as a modal: the browser
 * moves focus into it, keeps Tab inside, closes it on Escape and returns
 * focus to the link. The close buttons are `method="dialog"` forms (no script
 * needed); this adds closing on a click on the backdrop, and opens a dialog
 * whose id is the page's #hash (a shared link).
 */

for (const link of document.querySelectorAll("a[data-dialog-open]")) {
  link.addEventListener("click", (event) => {
    const dialog = dialogById(/** @type {HTMLElement} */ (link).dataset.dialogOpen);
    if (!dialog) return; // the link still works as a link
    event.preventDefault();
    open(dialog);
  });
}

for (const dialog of document.querySelectorAll("dialog[data-dialog]")) {
  // A click on the backdrop targets the <dialog> itself, outside its box.
  dialog.addEventListener("click", (event) => {
    if (!(dialog instanceof HTMLDialogElement) || event.target !== dialog || !(event instanceof MouseEvent)) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    // Keyboard "clicks" on the dialog have no coordinates (0, 0) and never mean the backdrop.
    if (!inside && event.detail > 0) dialog.close();
  });
  dialog.addEventListener("close", () => {
    // Opened from a #hash: closing it leaves the URL the page had.
    if (location.hash === `#${dialog.id}`) history.replaceState(history.state, "", location.pathname + location.search);
  });
}

const fromHash = location.hash.length > 1 ? dialogById(decodeURIComponent(location.hash.slice(1))) : null;
if (fromHash) open(fromHash);

/**
 * @param {string | undefined} id
 * @returns {HTMLDialogElement | null}
 */
function dialogById(id) {
  if (!id) return null;
  const element = document.getElementById(id);
  return element instanceof HTMLDialogElement && element.hasAttribute("data-dialog") ? element : null;
}

/** @param {HTMLDialogElement} dialog */
function open(dialog) {
  if (!dialog.open) dialog.showModal();
}
