import type { PriceBookCategory } from "~/db/schema/proposals";
import { buildLines, CATEGORY_ORDER, type BuilderItem, type BuilderSettings } from "./build-option";
import { OPTION_TITLES, type CertificationLevel, type MeasurementsSnapshot, type OptionKey, type ProposalOption } from "./content";
import { evaluateWarranty, type LadderShingle } from "./warranty-ladder";

/**
 * One option from the builder's choices (issue 30 item 3): a shingle line's price book item and one item
 * per other category (or none), measured on this roof, with the warranty it qualifies for. Pure.
 */

export interface ComposeInput {
  key: OptionKey;
  shingleItemId: string;
  /** Category -> chosen item id ("" or absent: none). */
  components: Partial<Record<PriceBookCategory, string>>;
  items: ReadonlyArray<BuilderItem & { gafShingleId: string | null }>;
  shingles: ReadonlyMap<string, LadderShingle & { id: string; highlights: string[]; colors: ProposalOption["colors"] }>;
  measurements: MeasurementsSnapshot;
  settings: BuilderSettings;
  certification: CertificationLevel;
  warrantyNames: readonly string[];
}

export type ComposeResult = { ok: true; option: ProposalOption } | { ok: false; field: string; message: string };

/** The categories an option chooses one item of besides its shingles, in the order they are shown. */
export const COMPONENT_CATEGORIES: readonly PriceBookCategory[] = CATEGORY_ORDER.filter((c) => c !== "shingles" && c !== "other");

/** The builder's first choices: the first active item of each category that is measured on the roof. */
export function defaultComponents(items: ComposeInput["items"]): Partial<Record<PriceBookCategory, string>> {
  const out: Partial<Record<PriceBookCategory, string>> = {};
  for (const category of COMPONENT_CATEGORIES) {
    const first = items.find((item) => item.category === category && item.basis !== "none");
    if (first) out[category] = first.id;
  }
  return out;
}

export function composeOption(input: ComposeInput): ComposeResult {
  const byId = new Map(input.items.map((item) => [item.id, item]));
  const shingleItem = byId.get(input.shingleItemId);
  if (!shingleItem || shingleItem.category !== "shingles") return { ok: false, field: "shingleItemId", message: "Choose a shingle line from the price book." };
  const chosen = [shingleItem];
  for (const category of COMPONENT_CATEGORIES) {
    const id = input.components[category];
    if (!id) continue;
    const item = byId.get(id);
    if (!item || item.category !== category) return { ok: false, field: `component-${category}`, message: "This item is no longer in the price book. Choose another." };
    chosen.push(item);
  }
  const lines = buildLines(chosen, input.measurements, input.settings, `${input.key}-`);
  if (lines.length === 0) return { ok: false, field: "shingleItemId", message: "Nothing on this roof is measured by these items." };
  const shingle = shingleItem.gafShingleId ? (input.shingles.get(shingleItem.gafShingleId) ?? null) : null;
  const warranty = evaluateWarranty({ shingle, lines, certification: input.certification, layers: input.measurements.layers, catalogueNames: input.warrantyNames });
  return {
    ok: true,
    option: {
      key: input.key,
      title: OPTION_TITLES[input.key],
      shingleId: shingle?.id ?? null,
      shingleName: shingle?.model ?? shingleItem.name,
      highlights: shingle?.highlights ?? [],
      lines,
      warranty,
      colors: shingle?.colors ?? [],
    },
  };
}

/** Re-decides an option's warranty after its lines were edited by hand (a line removed, a quantity set to 0). */
export function rewarrant(option: ProposalOption, input: Pick<ComposeInput, "shingles" | "certification" | "warrantyNames"> & { layers: number }): ProposalOption {
  const shingle = option.shingleId ? (input.shingles.get(option.shingleId) ?? null) : null;
  return { ...option, warranty: evaluateWarranty({ shingle, lines: option.lines, certification: input.certification, layers: input.layers, catalogueNames: input.warrantyNames }) };
}

/**
 * What differs between the options, in plain words (issue 30 item 5): for each option, the lines and
 * facts the others do not all share (its shingle line, its warranty, components only some options have).
 */
export function optionDifferences(options: readonly ProposalOption[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const descriptionsIn = options.map((o) => new Set(o.lines.map((l) => l.description)));
  for (const [index, option] of options.entries()) {
    const words: string[] = [];
    if (options.length > 1) {
      words.push(`${option.shingleName} shingles`);
      if (option.warranty.name) words.push(`Qualifies for the ${option.warranty.name}${option.warranty.windProven ? " and the WindProven wind warranty" : ""}`);
      for (const line of option.lines) {
        const inAll = descriptionsIn.every((set) => set.has(line.description));
        if (!inAll && line.category !== "shingles" && line.category !== "labour") words.push(`Includes ${line.description}`);
      }
      for (const other of options) {
        for (const line of other.lines) {
          if (!descriptionsIn[index]!.has(line.description) && line.category !== "shingles" && line.category !== "labour" && !words.includes(`Without ${line.description}`)) {
            words.push(`Without ${line.description}`);
          }
        }
      }
    }
    out[option.key] = words;
  }
  return out;
}
