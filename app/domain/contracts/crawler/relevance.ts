import type { ParsedContract } from "./adapters";
import { FIELD_LIMITS } from "./adapters/parse-text";

/**
 * priority_score (1-100) of a solicitation for a roofing contractor in
 * central Ohio, from: the search keywords in the title (and description),
 * roofing words in the title, how close the place it names is to Columbus
 * (a small table of Ohio places and county seats), days left before the
 * deadline, a stated value, and a veteran set-aside (SDVOSB, VOSB, Ohio
 * Veteran-Friendly Business Enterprise), which is also returned as a flag.
 * The texts are crawled: they are cut to what their fields hold before any
 * pattern runs (ADR 038), and every pattern is a word or an alternation of
 * words, linear in the text.
 */

/** Most characters of a contract's texts the rules read. */
const MAX_TEXT = FIELD_LIMITS.title + FIELD_LIMITS.description + 2 * FIELD_LIMITS.name;

/** Central Ohio: distances are measured from Columbus. */
const HOME = { lat: 39.9612, lon: -82.9988 };

/** [name, latitude, longitude]; names are matched as whole words ("X County" matches the county). */
const OHIO_PLACES: [string, number, number][] = [
  ["Columbus", 39.9612, -82.9988], ["Franklin County", 39.9612, -82.9988], ["Westerville", 40.1262, -82.9291],
  ["Dublin", 40.0992, -83.1141], ["Hilliard", 40.0334, -83.1582], ["Grove City", 39.8815, -83.093],
  ["Gahanna", 40.0192, -82.8793], ["Reynoldsburg", 39.9548, -82.8121], ["Worthington", 40.0931, -83.0180],
  ["Upper Arlington", 39.9945, -83.0624], ["Delaware", 40.2987, -83.068], ["Delaware County", 40.2987, -83.068],
  ["Newark", 40.0581, -82.4013], ["Licking County", 40.0581, -82.4013], ["Lancaster", 39.7137, -82.5993],
  ["Fairfield County", 39.7137, -82.5993], ["Marysville", 40.2364, -83.3671], ["Union County", 40.2364, -83.3671],
  ["Circleville", 39.6006, -82.946], ["Pickaway County", 39.6006, -82.946], ["London", 39.8865, -83.4483],
  ["Madison County", 39.8865, -83.4483], ["Mount Vernon", 40.3934, -82.4857], ["Knox County", 40.3934, -82.4857],
  ["Marion", 40.5887, -83.1285], ["Marion County", 40.5887, -83.1285], ["Mount Gilead", 40.5492, -82.8274],
  ["Morrow County", 40.5492, -82.8274], ["Zanesville", 39.9403, -82.0132], ["Muskingum County", 39.9403, -82.0132],
  ["Chillicothe", 39.3331, -82.9824], ["Ross County", 39.3331, -82.9824], ["Mansfield", 40.7584, -82.5154],
  ["Springfield", 39.9242, -83.8088], ["Athens", 39.3292, -82.1013], ["Dayton", 39.7589, -84.1916],
  ["Cincinnati", 39.1031, -84.512], ["Cleveland", 41.4993, -81.6944], ["Toledo", 41.6528, -83.5379],
  ["Akron", 41.0814, -81.519], ["Canton", 40.7989, -81.3784], ["Youngstown", 41.0998, -80.6495],
];

function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Miles from Columbus of the nearest place the text names, or null. */
export function milesFromHome(value: string): number | null {
  const text = value.slice(0, MAX_TEXT);
  let best: number | null = null;
  for (const [name, lat, lon] of OHIO_PLACES) {
    if (new RegExp(`\\b${escape(name)}\\b`, "i").test(text)) {
      const miles = milesBetween(HOME, { lat, lon });
      if (best === null || miles < best) best = miles;
    }
  }
  return best;
}

const VETERAN = /\b(SDVOSB|VOSB|service[- ]disabled veteran|veteran[- ]owned small business|veteran[- ]friendly business enterprise|VBE set[- ]aside)\b/i;

export function isVeteranSetAside(text: string): boolean {
  return VETERAN.test(text.slice(0, MAX_TEXT));
}

export interface Relevance {
  priorityScore: number;
  veteranSetAside: boolean;
  milesFromHome: number | null;
  daysLeft: number | null;
}

export function relevanceOf(contract: ParsedContract, keywords: readonly string[], now = new Date()): Relevance {
  const title = contract.title.slice(0, FIELD_LIMITS.title).toLowerCase();
  const description = (contract.description ?? "").slice(0, FIELD_LIMITS.description).toLowerCase();
  let score = 0;
  let keywordPoints = 0;
  for (const keyword of keywords) {
    const k = keyword.trim().toLowerCase();
    if (!k) continue;
    const pattern = new RegExp(`\\b${escape(k)}`, "i");
    if (pattern.test(title)) keywordPoints += 15;
    else if (pattern.test(description)) keywordPoints += 5;
  }
  score += Math.min(40, keywordPoints);
  if (/\b(roof|roofs|roofing|shingles?|gutters?|flashing)\b/.test(title)) score += 10;

  const placeText = [contract.title, contract.description, contract.agencyName, contract.locationCity].filter(Boolean).join(" ");
  const miles = milesFromHome(placeText);
  if (miles !== null) score += miles <= 50 ? 20 : miles <= 100 ? 12 : 6;
  else if (contract.locationState === "OH") score += 4;

  let daysLeft: number | null = null;
  if (contract.deadlineDate) {
    const deadline = new Date(/^\d{4}-\d{2}-\d{2}$/.test(contract.deadlineDate) ? `${contract.deadlineDate}T12:00:00Z` : contract.deadlineDate);
    daysLeft = Math.floor((deadline.getTime() - now.getTime()) / 86_400_000);
    score += daysLeft >= 14 ? 15 : daysLeft >= 7 ? 10 : daysLeft >= 1 ? 3 : 0;
  } else {
    score += 5;
  }
  if (contract.estimatedValue !== null) score += contract.estimatedValue >= 50_000 ? 10 : 5;

  const veteranSetAside = isVeteranSetAside(`${contract.title} ${contract.description ?? ""}`);
  if (veteranSetAside) score += 10;
  return { priorityScore: Math.max(1, Math.min(100, Math.round(score))), veteranSetAside, milesFromHome: miles, daysLeft };
}
