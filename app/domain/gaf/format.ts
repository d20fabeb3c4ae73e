/**
 * Pure formatting of GAF portal values for display. No server code: used by
 * components and unit-tested in format.test.ts.
 */

export type TriStateMark = "yes" | "no" | "unknown";

/** A yes/no/unknown value as a mark and its words (null = unknown, shown as a dash). */
export function triState(value: boolean | null | undefined): { mark: TriStateMark; label: string } {
  if (value === true) return { mark: "yes", label: "Yes" };
  if (value === false) return { mark: "no", label: "No" };
  return { mark: "unknown", label: "Unknown" };
}

export function yesNo(value: boolean): "Yes" | "No" {
  return value ? "Yes" : "No";
}

/** Trimmed text, or null when missing or blank (the page then shows a dash). */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** "15 years", "1 year"; 0 or less means no wind coverage: "None". */
export function windProtectionLabel(years: number): string {
  if (!Number.isFinite(years) || years <= 0) return "None";
  const whole = Math.floor(years);
  return `${whole} ${whole === 1 ? "year" : "years"}`;
}

const PRICE_TIERS = ["$", "$$", "$$$", "$$$$"] as const;

/**
 * The words for a price tier badge ("$$" -> "Price tier 2 of 4"), so screen
 * readers do not read "dollar dollar". null for a missing or unknown tier.
 */
export function priceTierLabel(tier: string | null | undefined): string | null {
  const index = PRICE_TIERS.indexOf((tier ?? "") as (typeof PRICE_TIERS)[number]);
  return index < 0 ? null : `Price tier ${index + 1} of ${PRICE_TIERS.length}`;
}

/** "#3a3b3d" -> "#3A3B3D" (how the hex code is shown). */
export function formatHex(hex: string): string {
  return hex.toUpperCase();
}

/** "Fox Hollow Gray" -> "fox-hollow-gray"; "" for a name without letters or digits. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * One unique slug per name, in order, for in-page anchors (`#color-<slug>`):
 * repeated names get "-2", "-3"...; a name without letters falls back to
 * "item-<position>".
 */
export function uniqueSlugs(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name, index) => {
    const base = slugify(name) || `item-${index + 1}`;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}

/**
 * WCAG relative luminance of "#rrggbb" (0 = black, 1 = white). Used to pick a
 * readable outline/tick colour on top of a swatch.
 */
export function relativeLuminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 0;
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether white text/marks are more readable than black ones on this colour. */
export function prefersLightForeground(hex: string): boolean {
  const l = relativeLuminance(hex);
  // Contrast against white vs against black.
  return (1.05 / (l + 0.05)) >= ((l + 0.05) / 0.05);
}
