/** First focusable element of every public page: jumps past the header to `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only fixed top-3 left-3 z-50 rounded-md bg-white px-4 py-3 text-sm font-semibold text-brand-navy shadow-lg outline-none focus:not-sr-only focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red focus-visible:outline-solid"
    >
      Skip to main content
    </a>
  );
}
