import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import { PRICE_BOOK_CATEGORIES, PRICE_BOOK_UNITS } from "~/db/schema/proposals";
import { seededRandom } from "../../../tests/support/prng";
import { makeProposalContent } from "../../../tests/support/proposal-content";
import { OPTION_KEYS, optionTotals, proposalContentSchema, type ProposalContent, type ProposalLine } from "./content";
import { formatCents } from "./money";
import { acceptedToHomeownerEmail } from "./proposal-emails.server";
import { renderProposalPdf } from "./proposal-pdf.server";

/**
 * Issue 30's property test: over 10,000 generated proposals, every option's total equals the sum of its
 * rounded lines (and chosen add-ons), less the discount (never below zero), plus the tax rounded once;
 * never negative; the deposit a rounded share of it; and the same figure in the acceptance email's text.
 * A few of them are also made into PDFs and read back: the PDF shows the same total.
 *
 * The expected values are computed here independently of money.ts (BigInt, round half up as
 * (2n + d) / 2d), so a mistake in the app's rounding is not repeated by the test.
 */

const CASES = 10_000;
const PDF_SAMPLES = 3;

function roundDiv(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function generate(seed: number): { content: ProposalContent; choice: { optionKey: string; addOnKeys: string[] } } {
  const rng = seededRandom(seed);
  const line = (key: string): ProposalLine => ({
    key,
    priceBookItemId: null,
    category: rng.pick(PRICE_BOOK_CATEGORIES),
    description: `Line ${key}`,
    unit: rng.pick(PRICE_BOOK_UNITS),
    // Edge cases often: zero, one hundredth, round numbers, and large ones.
    quantityHundredths: rng.pick([0, 1, 50, 100, 2850, rng.int(1_000_000), rng.int(100_000)]),
    unitPriceCents: rng.pick([0, 1, 99, 15_500, rng.int(10_000_000), rng.int(100_000)]),
    gafLayer: null,
  });
  const options = OPTION_KEYS.slice(0, 1 + rng.int(3)).map((key) => ({
    key,
    title: key,
    shingleId: null,
    shingleName: "Test line",
    highlights: [],
    lines: Array.from({ length: 1 + rng.int(20) }, (_, i) => line(`${key}-${i}`)),
    warranty: { name: null, windProven: false, next: null },
    colors: [],
  }));
  const addOns = Array.from({ length: rng.int(6) }, (_, i) => line(`addon-${i}`));
  const base = makeProposalContent();
  const content = proposalContentSchema.parse({
    ...base,
    options,
    addOns,
    // Discounts from none to far above any subtotal (the total must then be 0, never negative).
    discountCents: rng.pick([0, 0, 1, 25_000, rng.int(100_000_000)]),
    taxBp: rng.pick([0, 575, 725, 750, 800, rng.int(2001)]),
    depositBp: rng.pick([0, 1000, 3000, 3333, 5000, 10_000, rng.int(10_001)]),
  });
  return { content, choice: { optionKey: rng.pick(options).key, addOnKeys: addOns.filter(() => rng.random() < 0.5).map((a) => a.key) } };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return texts.join("\n");
}

describe("proposal totals over 10,000 generated proposals", () => {
  test("a total is the sum of rounded lines less the discount plus tax; never negative; the same in the email", () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { content, choice } = generate(seed);
      const totals = optionTotals(content, choice.optionKey, choice.addOnKeys)!;
      const option = content.options.find((o) => o.key === choice.optionKey)!;
      const chosen = content.addOns.filter((a) => choice.addOnKeys.includes(a.key));
      const lines = [...option.lines, ...chosen].map((l) => roundDiv(BigInt(l.quantityHundredths) * BigInt(l.unitPriceCents), 100n));
      const subtotal = lines.reduce((sum, amount) => sum + amount, 0n);
      const discount = BigInt(content.discountCents) < subtotal ? BigInt(content.discountCents) : subtotal;
      const tax = roundDiv((subtotal - discount) * BigInt(content.taxBp), 10_000n);
      const total = subtotal - discount + tax;
      const deposit = roundDiv(total * BigInt(content.depositBp), 10_000n);
      const context = `seed ${seed}`;
      expect([...totals.lineAmounts, ...totals.addOnAmounts].map(BigInt), context).toEqual(lines);
      expect(BigInt(totals.subtotalCents), context).toBe(subtotal);
      expect(BigInt(totals.totalCents), context).toBe(total);
      expect(BigInt(totals.depositCents), context).toBe(deposit);
      expect(totals.totalCents, context).toBeGreaterThanOrEqual(0);
      expect(totals.depositCents, context).toBeLessThanOrEqual(totals.totalCents);
      const email = acceptedToHomeownerEmail({
        homeowner: { email: "zoe@example.com", firstName: "Zoë" },
        businessName: "Buckeye Valor Roofing",
        proposalId: "00000000-0000-4000-8000-000000000000",
        facts: {
          label: "Proposal P-1001",
          optionTitle: option.title,
          shingleName: option.shingleName,
          colorName: null,
          addOns: chosen.map((a) => a.description),
          totalCents: totals.totalCents,
          depositCents: totals.depositCents,
          signerName: "Zoë O'Brien",
          acceptedAt: "November 29, 2026",
          pdf: { fileName: "Signed-proposal-P-1001.pdf", base64: "JVBERi0=" },
        },
      });
      expect(email.text, context).toContain(`Total: ${formatCents(totals.totalCents)}; deposit: ${formatCents(totals.depositCents)}`);
    }
  });

  test("the signed PDF shows the same total", { timeout: 120_000 }, async () => {
    for (let seed = 1; seed <= PDF_SAMPLES; seed++) {
      const { content, choice } = generate(seed * 7919);
      const totals = optionTotals(content, choice.optionKey, choice.addOnKeys)!;
      const pdf = await renderProposalPdf({
        content,
        proposalNumber: 1001,
        revision: 1,
        sentAt: new Date("2026-11-29T15:00:00Z"),
        expiresOn: "2026-12-29",
        documentSha256: "a".repeat(64),
        acceptance: {
          ...choice,
          colorName: null,
          signerName: "Zoë O'Brien",
          signaturePng: null,
          acceptedAt: new Date("2026-11-30T15:00:00Z"),
          clientIp: "203.0.113.9",
          userAgent: "vitest",
          acceptedDocumentSha256: "b".repeat(64),
        },
      });
      expect(await pdfText(pdf), `seed ${seed * 7919}`).toContain(formatCents(totals.totalCents));
    }
  });
});
