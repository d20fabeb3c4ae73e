import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProposalContent } from "../../../tests/support/proposal-content";
import { optionTotals, proposalContentSchema } from "./content";
import { formatCents } from "./money";
import { renderProposalPdf, type ProposalPdfAcceptance, type ProposalPdfInput } from "./proposal-pdf.server";

/** Each page's text as pdf.js extracts it (what a reader selects and copies). */
async function pdfPages(pdf: Buffer): Promise<{ texts: string[]; images: number[] }> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  const images: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    const ops = await page.getOperatorList();
    images.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
  }
  await task.destroy();
  return { texts, images };
}

const SENT_HASH = "3f9a1c0e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c0e2b4d6f8a0c1e3b5d7f9a";
const SIGNER = "Zoë O'Brien-Łukasiewicz";

function sentInput(): ProposalPdfInput {
  return {
    content: makeProposalContent(),
    proposalNumber: 1001,
    revision: 2,
    sentAt: new Date("2026-11-29T19:05:09Z"),
    expiresOn: "2026-12-29",
    documentSha256: SENT_HASH,
  };
}

function acceptance(overrides: Partial<ProposalPdfAcceptance> = {}): ProposalPdfAcceptance {
  return {
    optionKey: "better",
    addOnKeys: ["addon-gutter-guards"],
    colorName: "Weathered Wood",
    signerName: SIGNER,
    signaturePng: null,
    acceptedAt: new Date("2026-12-03T15:42:07Z"),
    clientIp: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    acceptedDocumentSha256: SENT_HASH,
    ...overrides,
  };
}

describe("renderProposalPdf", () => {
  it("the test content is valid proposal content", () => {
    expect(proposalContentSchema.safeParse(makeProposalContent()).success).toBe(true);
  });

  describe("as sent", () => {
    let pdf: Buffer;
    let texts: string[];
    beforeAll(async () => {
      pdf = await renderProposalPdf(sentInput());
      ({ texts } = await pdfPages(pdf));
    }, 60_000);

    it("is a PDF whose text can be read back: letterhead, customer, each option with optionTotals' total", () => {
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const all = texts.join("\n");
      const content = makeProposalContent();
      for (const text of ["Buckeye Valor Roofing", "Columbus, OH 43215", "OH-RC-204871", "GAF Certified Plus contractor", "Proposal P-1001", "revision 2"])
        expect(all).toContain(text);
      expect(all).toContain("Sent 29 November 2026");
      expect(all).toContain("Valid through 29 December 2026");
      expect(all).toContain(SIGNER);
      expect(all).toContain("28.5 squares");
      expect(all).toContain("7/12");
      for (const option of content.options) {
        expect(all).toContain(option.shingleName);
        const totals = optionTotals(content, option.key, [])!;
        expect(all).toContain(formatCents(totals.totalCents));
        expect(all).toContain(formatCents(totals.depositCents));
        expect(all).toContain(option.warranty.name!);
      }
      expect(all).toContain("For the Silver Pledge Limited Warranty: missing a GAF Certified Plus contractor");
      expect(all).toContain("Seamless gutter guards");
      expect(all).toContain("$1,736.00");
      expect(all).toContain("Terms and conditions");
      expect(all).toContain("Right to cancel");
      expect(all).not.toContain("Signature record");
    });

    it("gives the same bytes for the same input", async () => {
      expect(Buffer.compare(await renderProposalPdf(sentInput()), pdf)).toBe(0);
    }, 30_000);
  });

  describe("signed by typing the name", () => {
    let texts: string[];
    beforeAll(async () => {
      ({ texts } = await pdfPages(await renderProposalPdf({ ...sentInput(), acceptance: acceptance() })));
    }, 60_000);

    it("marks the option, add-ons and colour accepted with optionTotals' total and deposit", () => {
      const content = makeProposalContent();
      const totals = optionTotals(content, "better", ["addon-gutter-guards"])!;
      const first = texts[0]!;
      expect(first).toContain("Accepted and signed");
      expect(first).toContain("Better: GAF Timberline HDZ architectural shingles");
      expect(first).toContain("Weathered Wood");
      expect(first).toContain(formatCents(totals.totalCents));
      expect(first).toContain(formatCents(totals.depositCents));
      const all = texts.join("\n");
      expect(all).toContain("ACCEPTED");
      expect(all).toContain("Add-on: Seamless gutter guards");
      expect(all).toContain("Signed by typing their name");
    });

    it("ends with the signature record page: who, what, when, where and both hashes", () => {
      const last = texts.at(-1)!;
      expect(last).toContain("Signature record");
      for (const page of texts.slice(0, -1)) expect(page).not.toContain("Signature record");
      const content = makeProposalContent();
      expect(last).toContain(SIGNER);
      expect(last).toContain("Proposal P-1001, revision 2");
      expect(last).toContain("Better: GAF Timberline HDZ architectural shingles");
      expect(last).toContain("Seamless gutter guards");
      expect(last).toContain("Weathered Wood");
      expect(last).toContain(formatCents(optionTotals(content, "better", ["addon-gutter-guards"])!.totalCents));
      expect(last).toContain("3 December 2026, 10:42:07 EST (UTC-05:00)");
      expect(last).toContain("2026-12-03T15:42:07.000Z");
      expect(last).toContain("203.0.113.7");
      expect(last).toContain("Chrome/142.0.0.0");
      expect(last.split(SENT_HASH).length - 1).toBe(2);
      expect(last).toContain("Yes: the document signed is the document as sent");
    });
  });

  it("signed with a drawn signature: the PNG is on the acceptance page, and the record says when the hashes differ", async () => {
    const png = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 90 10, 120 80 S 200 120, 240 40 S 330 30, 390 70" stroke="#14213d" stroke-width="4" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const signedHash = "0".repeat(64);
    const pdf = await renderProposalPdf({
      ...sentInput(),
      revision: 1,
      acceptance: acceptance({ optionKey: "best", addOnKeys: [], colorName: "Charcoal", signaturePng: png, clientIp: null, userAgent: null, acceptedDocumentSha256: signedHash }),
    });
    const { texts, images } = await pdfPages(pdf);
    const all = texts.join("\n");
    expect(images.reduce((a, b) => a + b, 0)).toBe(1);
    expect(images.at(-1)).toBe(0);
    expect(all).not.toContain("Signed by typing their name");
    expect(all).not.toContain("revision");
    expect(texts[0]).toContain(formatCents(optionTotals(makeProposalContent(), "best", [])!.totalCents));
    const last = texts.at(-1)!;
    expect(last).toContain("Signature record");
    expect(last).toContain("Charcoal");
    expect(last).toContain(signedHash);
    expect(last).toContain(SENT_HASH);
    expect(last).toContain("NO: the document signed differs from the document as sent");
    expect(last).toContain("Not recorded");
  }, 60_000);

  it("refuses an accepted option the proposal does not have", async () => {
    await expect(renderProposalPdf({ ...sentInput(), acceptance: acceptance({ optionKey: "platinum" }) })).rejects.toThrow(/not an option/);
  });
});
