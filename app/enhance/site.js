// @ts-check
/**
 * Behaviours of every public page (ADR 007): the header's scrolled state and
 * the mobile menu. The server renders the header unscrolled and the menu
 * closed (DOM contract: app/components/site/site-header.tsx); this script only
 * toggles attributes. Without it the menu button submits a GET form that
 * reloads the page at the footer's navigation.
 */

/** The header turns opaque once the page is scrolled more than this (spec 1 §9). */
const SCROLLED_AFTER_PX = 10;
/** From this width the desktop navigation is shown and the mobile menu closes (spec 1 §9). */
const DESKTOP_QUERY = "(min-width: 768px)";

const header = document.querySelector("[data-site-header]");
if (header instanceof HTMLElement) {
  trackScroll(header);
  enhanceMobileMenu(header);
}
document.documentElement.dataset.enhanced = "true";

/**
 * `data-scrolled` on the header: one passive scroll listener, at most one
 * update per animation frame.
 * @param {HTMLElement} header
 */
function trackScroll(header) {
  let frame = 0;
  const update = () => {
    frame = 0;
    const scrolled = window.scrollY > SCROLLED_AFTER_PX ? "true" : "false";
    if (header.dataset.scrolled !== scrolled) header.dataset.scrolled = scrolled;
  };
  window.addEventListener(
    "scroll",
    () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    },
    { passive: true },
  );
  // A reload or a back navigation may restore a scrolled position.
  window.addEventListener("pageshow", update);
  update();
}

/**
 * The toggle opens and closes `#mobile-menu`. The menu closes on a link click,
 * Escape (focus back to the toggle), a click outside it, and when the
 * viewport grows to the desktop width. While it is open, keyboard focus stays
 * in it (the toggle and the menu's links).
 * @param {HTMLElement} header
 */
function enhanceMobileMenu(header) {
  const toggle = header.querySelector('button[aria-controls="mobile-menu"]');
  const panel = document.getElementById("mobile-menu");
  const backdrop = header.querySelector("[data-menu-backdrop]");
  if (!(toggle instanceof HTMLButtonElement) || !panel) return;

  const isOpen = () => toggle.getAttribute("aria-expanded") === "true";

  /** @param {boolean} open */
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    panel.hidden = !open;
    if (backdrop instanceof HTMLElement) backdrop.hidden = !open;
    header.dataset.menuOpen = open ? "true" : "false";
  };

  toggle.addEventListener("click", (event) => {
    event.preventDefault(); // the button submits the no-JS form otherwise
    setOpen(!isOpen());
  });

  panel.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  });

  document.addEventListener("click", (event) => {
    if (!isOpen() || !(event.target instanceof Node)) return;
    if (panel.contains(event.target) || toggle.contains(event.target)) return;
    setOpen(false);
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.preventDefault();
    setOpen(false);
    toggle.focus();
  });

  // While open, Tab stays inside: the toggle ("Close menu") and the menu's links, in a loop (Tab from the
  // last goes back to the toggle, Shift+Tab from the toggle to the last). The page behind the backdrop is
  // not reachable until the menu closes (Escape, the toggle, a link).
  /** @returns {HTMLElement[]} */
  const trapped = () => [
    toggle,
    ...[...panel.querySelectorAll("a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex='-1'])")].filter(
      /** @returns {element is HTMLElement} */ (element) => element instanceof HTMLElement && element.getClientRects().length > 0,
    ),
  ];
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || !isOpen()) return;
    const elements = trapped();
    const first = elements[0];
    const last = elements[elements.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    const inside = active instanceof Node && (active === toggle || panel.contains(active));
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  });
  // Focus that lands outside by other means (a screen reader's jump, a script) is brought back.
  document.addEventListener("focusin", (event) => {
    if (!isOpen() || !(event.target instanceof Node)) return;
    if (event.target === toggle || panel.contains(event.target)) return;
    toggle.focus();
  });

  window.matchMedia(DESKTOP_QUERY).addEventListener("change", (event) => {
    if (event.matches && isOpen()) setOpen(false);
  });

  // A page restored from the back/forward cache starts with the menu closed.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && isOpen()) setOpen(false);
  });
}
