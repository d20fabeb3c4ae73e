/**
 * Money in proposals (issue 30): integer cents, never floating point.
 *
 * The one rounding rule: an amount that is a fraction of a cent (a line's quantity times its unit price,
 * a tax, a deposit, a factor applied to a price) is rounded to the nearest cent, halves away from zero
 * ("half up" for the positive amounts proposals hold). Every total is the sum of already-rounded amounts,
 * so a total always equals what its lines say, in the page, the email and the PDF.
 *
 * Quantities are integer hundredths (12.5 squares = 1250); rates and factors are basis points
 * (7.25 % = 725, a factor of 1.25 = 12500).
 */

/** `numerator / denominator` rounded half up to an integer; both non-negative integers (BigInt: exact). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const r = n % denominator;
  const rounded = r * 2n >= denominator ? q + 1n : q;
  const value = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(value)) throw new RangeError("amount out of range");
  return value;
}

/** A line's amount: quantity (hundredths) times unit price (cents), rounded to the cent. */
export function lineAmountCents(quantityHundredths: number, unitPriceCents: number): number {
  return divideRoundHalfUp(BigInt(quantityHundredths) * BigInt(unitPriceCents), 100n);
}

/** A share of an amount: `cents` times `basisPoints` / 10,000, rounded to the cent. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  return divideRoundHalfUp(BigInt(cents) * BigInt(basisPoints), 10_000n);
}

/** "$1,234.56" (a whole-dollar amount too keeps its cents, as an estimate shows them). */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  const rest = String(abs % 100).padStart(2, "0");
  return `${negative ? "-" : ""}$${dollars}.${rest}`;
}

/** Hundredths as a short decimal: 1250 -> "12.5", 1200 -> "12", 1234 -> "12.34". */
export function formatHundredths(value: number): string {
  const whole = Math.trunc(value / 100);
  const rest = Math.abs(value % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/**
 * Parses "12.5" / "12" / "12.34" into hundredths, or null (negative, more than two decimals, not a number).
 * Used for squares typed by staff; a value like "1e3" or " 12 " is refused or trimmed, never guessed.
 */
export function parseHundredths(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Parses a dollar amount typed by staff ("155", "155.5", "1,550.00", "$155") into cents, or null. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, "").replace(/,(?=\d{3}(?:\D|$))/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Basis points as a percentage for forms: 725 -> "7.25", 1000 -> "10". */
export function formatBasisPoints(bp: number): string {
  return formatHundredths(bp);
}
