import type { MeasurementsSnapshot } from "~/domain/proposals/content";
import type { CurrentMaterial, EstimateInputs, Steepness } from "./inputs";

/**
 * The roof a homeowner's answers describe (issue 31 item 4, ADR 054), as the proposal builder's
 * measurements: the builder then prices it as it prices a measured roof. No map or satellite: the size is
 * the homeowner's, the rest comes from a plain model of a house, written down here.
 *
 * - Steepness is a representative pitch: low 4/12, medium 7/12, steep 10/12. The roof's sloped area is its
 *   plan area times the pitch multiplier sqrt(1 + (pitch/12)^2): 1.054, 1.158, 1.302.
 * - The house is a rectangle twice as long as it is wide. From a footprint, the roof's plan is that
 *   rectangle with a 1 ft overhang on every side (eaves and rakes). From squares, the plan is the squares
 *   divided by the pitch multiplier, as a rectangle of the same shape.
 * - Two roofs bound the range: a simple gable (simple waste, the fewest layers to tear off, 3
 *   penetrations) and a complex hip roof with a cross gable half the house's width (complex waste, the
 *   most layers, 6 penetrations). Their lengths come from the plan rectangle (below).
 * - Layers to tear off by the current material: asphalt (or not sure) 1 to 2, since a second layer of
 *   asphalt is often laid over the first; wood, metal, slate or tile 1.
 *
 * Floating point is used for the geometry only; the results are whole feet and hundredths of a square
 * (rounded to the nearest), and money stays in integer cents (money.ts).
 */

export const STEEPNESS_PITCH: Record<Steepness, number> = { low: 4, medium: 7, steep: 10 };
const OVERHANG_FT = 1;
/** Length over width of the modelled house. */
const HOUSE_ASPECT = 2;

const LAYERS: Record<CurrentMaterial, { fewest: number; most: number }> = {
  asphalt: { fewest: 1, most: 2 },
  unknown: { fewest: 1, most: 2 },
  wood: { fewest: 1, most: 1 },
  metal: { fewest: 1, most: 1 },
  "slate-tile": { fewest: 1, most: 1 },
};

export function pitchMultiplier(pitch: number): number {
  return Math.sqrt(1 + (pitch / 12) ** 2);
}

export interface EstimatedRoof {
  /** The roof's sloped area in hundredths of a square (= square feet). */
  areaHundredths: number;
  /** The simple and the complex roof of that size: the two ends of each range. */
  simple: MeasurementsSnapshot;
  complex: MeasurementsSnapshot;
}

export function estimateRoof(inputs: EstimateInputs): EstimatedRoof {
  const pitch = STEEPNESS_PITCH[inputs.steepness];
  const m = pitchMultiplier(pitch);
  let width: number;
  let length: number;
  let areaHundredths: number;
  if (inputs.squares !== null) {
    areaHundredths = Math.round(inputs.squares * 100);
    width = Math.sqrt(areaHundredths / m / HOUSE_ASPECT);
    length = HOUSE_ASPECT * width;
  } else {
    const footprint = inputs.footprintSqFt ?? 0;
    const houseWidth = Math.sqrt(footprint / HOUSE_ASPECT);
    width = houseWidth + 2 * OVERHANG_FT;
    length = HOUSE_ASPECT * houseWidth + 2 * OVERHANG_FT;
    areaHundredths = Math.round(width * length * m);
  }
  // A hip's length over its plan run of half the width on the diagonal: (width / 2) * sqrt(2 + (pitch/12)^2).
  const hipFactor = Math.sqrt(2 + (pitch / 12) ** 2);
  const feet = (value: number) => Math.max(0, Math.round(value));
  const layers = LAYERS[inputs.material];
  const common = { areaHundredths, pitch, stories: inputs.stories };
  return {
    areaHundredths,
    // A gable: eaves along both long sides, four rakes up the gable ends, one ridge the house's length.
    simple: {
      ...common,
      layers: layers.fewest,
      complexity: "simple",
      eaveFt: feet(2 * length),
      rakeFt: feet(2 * width * m),
      ridgeFt: feet(length),
      hipFt: 0,
      valleyFt: 0,
      penetrations: 3,
    },
    // A hip roof (eaves all round, four hips, a ridge of length - width) with a cross gable half the
    // width wide (two short rakes, its own ridge of width / 2, two valleys).
    complex: {
      ...common,
      layers: layers.most,
      complexity: "complex",
      eaveFt: feet(2 * (length + width)),
      rakeFt: feet((width / 2) * m),
      ridgeFt: feet(length - width / 2),
      hipFt: feet(4 * (width / 2) * hipFactor),
      valleyFt: feet(2 * (width / 4) * hipFactor),
      penetrations: 6,
    },
  };
}
