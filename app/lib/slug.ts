/**
 * URL slugs derived from a title or a name ("Roof Repairs & Storm Work" ->
 * "roof-repairs-storm-work"): lowercase ASCII letters and digits joined by
 * single hyphens, the pattern the content tables check
 * (`^[a-z0-9]+(-[a-z0-9]+)*$`). Accents are dropped ("Ünïcödé" -> "unicode");
 * a title with no Latin letter or digit at all gets `fallback`.
 */

/** Longest slug made from a title (a suffix like "-12" may follow). */
export const SLUG_MAX_LENGTH = 60;

export function slugify(text: string, fallback: string): string {
  const ascii = text
    // Marks like ™ and ® are not words ("HDZ™" is "hdz", not "hdztm").
    .replace(/[\u00a9\u00ae\u2120\u2122]/g, " ")
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!ascii) return fallback;
  if (ascii.length <= SLUG_MAX_LENGTH) return ascii;
  const cut = ascii.slice(0, SLUG_MAX_LENGTH);
  // Cut at a word boundary when there is one in the second half.
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen >= SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

/**
 * The first of `base`, `base-2`, `base-3`... that is not in `taken`.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
