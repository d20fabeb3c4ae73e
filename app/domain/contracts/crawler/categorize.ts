import { FIELD_LIMITS } from "./adapters/parse-text";

/**
 * Assigns one contract_categories slug from a solicitation's title and
 * description (the seeded categories, app/db/seed/contracts.ts). Rules are
 * tried in order; the first that matches wins; no match leaves it
 * uncategorised (null).
 */

const RULES: [slug: string, test: (text: string) => boolean][] = [
  ["roof-coatings", (t) => /\broof/.test(t) && /\b(coating|coatings|restoration|restore|recover|re-cover|silicone|elastomeric)\b/.test(t)],
  ["roof-replacement", (t) => /\broof/.test(t) && /\b(replace|replacement|replacing|tear[- ]?off|re-?roof(ing)?|new roof)\b/.test(t)],
  ["roof-repair", (t) => /\broof/.test(t) && /\b(repair|repairs|leak|leaks|on[- ]call|maintenance)\b/.test(t)],
  ["sheet-metal-flashing", (t) => /\b(flashing|sheet metal|coping|standing seam|metal roof(ing)?( panels?)?)\b/.test(t)],
  ["gutters-siding", (t) => /\b(gutter|gutters|downspouts?|siding|soffits?|fascia)\b/.test(t)],
  ["roofing", (t) => /\b(roof|roofs|roofing|re-?roof)\b/.test(t)],
  ["building-maintenance", (t) => /\b(maintenance|facility services|janitorial)\b/.test(t)],
  ["general-construction", (t) => /\b(construction|renovation|addition|improvements?|remodel(ing)?)\b/.test(t)],
];

export function categorySlugFor(title: string, description: string | null): string | null {
  // Crawled text: cut to what the fields hold (ADR 038); every rule is a plain alternation of words.
  const text = `${title.slice(0, FIELD_LIMITS.title)} ${(description ?? "").slice(0, FIELD_LIMITS.description)}`.toLowerCase();
  for (const [slug, test] of RULES) if (test(text)) return slug;
  return null;
}
