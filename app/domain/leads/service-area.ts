/**
 * The service area (issue 31 item 2): ZIP codes, or their first three digits for a whole region ("430"
 * covers 43001-43099), as staff type them in Site Configuration. A request from outside is still taken
 * (a lead is never lost), flagged, and told so plainly. Pure: shared by the form's schema and the server.
 */

export const SERVICE_AREA_TEXT = {
  outside: (zip: string) => `We don't usually work in ${zip}, but we've passed your request to the office.`,
  invalid: (entry: string) => `“${entry}” is not a ZIP code: enter 5-digit ZIP codes or their first 3 digits, separated by commas.`,
  flag: "Outside the service area",
} as const;

export function parseServiceAreaZips(text: string): { zips: string[]; invalid: string | null } {
  const entries = text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.find((entry) => !/^\d{3}(\d{2})?$/.test(entry)) ?? null;
  return { zips: [...new Set(entries.filter((entry) => /^\d{3}(\d{2})?$/.test(entry)))], invalid };
}

/** Whether `zip` ("43017" or "43017-1234") is outside the area; an empty area covers everywhere. */
export function isOutsideServiceArea(zip: string | null, area: readonly string[]): boolean {
  if (!zip || area.length === 0) return false;
  const five = zip.slice(0, 5);
  return !area.some((entry) => (entry.length === 3 ? five.startsWith(entry) : five === entry));
}
