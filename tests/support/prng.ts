/**
 * A small seeded PRNG (mulberry32) for reproducible generated tests (the
 * fuzz tests): the same seed gives the same cases.
 */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number in [0, max). */
  const int = (max: number) => Math.floor(random() * max);
  /** One of `items`. */
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[int(items.length)]!;
  };
  return { random, int, pick };
}
