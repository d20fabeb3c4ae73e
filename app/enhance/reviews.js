// @ts-check
/**
 * The reviews carousel (ADR 007; markup: app/components/site/reviews-section.tsx).
 * Every page of reviews is already in the HTML, all but one `hidden`; the
 * previous/next buttons flip pages (wrapping around) instead of submitting
 * their no-JS form, and the live region announces e.g. "Reviews 4 to 6 of 7".
 */

for (const root of document.querySelectorAll("[data-reviews]")) {
  if (root instanceof HTMLElement) enhance(root);
}

/** @param {HTMLElement} root */
function enhance(root) {
  const pages = /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-reviews-page]")]);
  const status = root.querySelector("[data-reviews-status]");
  const previous = root.querySelector("[data-reviews-previous]");
  const next = root.querySelector("[data-reviews-next]");
  const total = Number(root.dataset.reviewsTotal);
  const pageSize = Number(root.dataset.reviewsPageSize) || 3;
  const template = root.dataset.reviewsStatusTemplate || "Reviews {from} to {to} of {total}";
  const count = pages.length;
  if (count < 2 || !(previous instanceof HTMLButtonElement) || !(next instanceof HTMLButtonElement)) return;

  let current = Math.max(0, pages.findIndex((page) => !page.hidden));

  /** @param {number} page any integer: wrapped into [0, count) */
  const show = (page) => {
    current = ((page % count) + count) % count;
    pages.forEach((element, index) => {
      element.hidden = index !== current;
    });
    // The buttons' values stay what their no-JS form would submit (1-based).
    previous.value = String(((current - 1 + count) % count) + 1);
    next.value = String(((current + 1) % count) + 1);
    if (status) {
      const from = current * pageSize + 1;
      const to = Math.min(total, (current + 1) * pageSize);
      status.textContent = template
        .replace("{from}", String(from))
        .replace("{to}", String(to))
        .replace("{total}", String(total));
    }
  };

  previous.addEventListener("click", (event) => {
    event.preventDefault();
    show(current - 1);
  });
  next.addEventListener("click", (event) => {
    event.preventDefault();
    show(current + 1);
  });
}
