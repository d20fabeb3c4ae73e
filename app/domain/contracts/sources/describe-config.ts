import { US_STATES } from "~/domain/site-settings/site-configuration-schema";

/**
 * A search configuration's settings in words for its card (/admin/contracts/sources/:id): staff read
 * "Open solicitations only" rather than the source's own parameter names ("solSearchStatus"), and the
 * state's name with the source's area code rather than "location id 229". Names no rule knows are shown
 * as they are (they are passed to the source unchanged). No server code: the browser renders it.
 */

const STATE_NAMES = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));

/** "Ohio (OH), area 229 on the source", "Ohio (OH)", "Area 229 on the source", or "Any". */
export function describeLocation(state: string | null, locationId: string | null): string {
  const place = state ? (STATE_NAMES.has(state) ? `${STATE_NAMES.get(state)!} (${state})` : state) : "";
  const area = locationId ? `area ${locationId} on the source` : "";
  if (place && area) return `${place}, ${area}`;
  if (place) return place;
  if (area) return `Area ${locationId} on the source`;
  return "Any";
}

type ParameterValue = string | number | boolean | string[];

/** The government levels a search of Government Contract Bids asks for (its `gov[]` values). */
const GOVERNMENT_LEVELS: Record<string, string> = { sl: "state and local", fed: "federal" };

/** What each known parameter does, in words. */
const KNOWN: Record<string, (value: ParameterValue) => string> = {
  solSearchStatus: (value) => (value === "openSolicitationsTab" ? "Open solicitations only" : `Solicitation list: ${String(value)}`),
  pageNumberSelect: (value) => `Starts at results page ${String(value)}`,
  maxPages: (value) => `At most ${String(value)} result pages per keyword`,
  keywordSearch: (value) => (value === false ? "No keyword search" : "Keyword search"),
  statePages: (value) => (value === false ? "No state bid pages" : "Also the state's bid pages"),
  stateSlug: (value) => `State bid pages: ${String(value)}`,
  "gov[]": (value) => `Government levels: ${(Array.isArray(value) ? value : [String(value)]).map((level) => GOVERNMENT_LEVELS[level] ?? level).join(", ")}`,
};

/** One line per custom parameter ("Open solicitations only", "Starts at results page 1"); [] for none. */
export function describeParameters(parameters: Record<string, ParameterValue>): string[] {
  return Object.entries(parameters).map(([name, value]) => {
    const known = Object.hasOwn(KNOWN, name) ? KNOWN[name] : undefined;
    if (known) return known(value);
    return `${name}: ${Array.isArray(value) ? value.join(", ") : String(value)}`;
  });
}
