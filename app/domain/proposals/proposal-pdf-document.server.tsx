import { createRequire } from "node:module";
import { Document, Font, Image, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { OPTION_TITLES, UNIT_LABELS, knownAddOnKeys, optionTotals, type OptionTotals, type ProposalContent, type ProposalLine, type ProposalOption } from "./content";
import { formatBasisPoints, formatCents, formatHundredths } from "./money";
import type { ProposalPdfAcceptance, ProposalPdfInput } from "./proposal-pdf.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * The proposal PDF's document (ADR 049), loaded by `renderProposalPdf` on first use only: importing this
 * module loads @react-pdf/renderer and registers the fonts.
 *
 * Fonts: the PDF standard fonts (Helvetica...) only cover Windows-1252, so "Łukasiewicz" came out as
 * "Aukasiewicz". Noto Sans (Latin, Latin Extended, Greek, Cyrillic, Vietnamese) is the text face and
 * Dancing Script the typed signature's, both TTFs of npm packages in `dependencies`
 * (@expo-google-fonts/*, SIL Open Font License), embedded as subsets. No fallback: a missing font is a
 * broken install, and a signed document must never silently show other letters than the name signed.
 */

// Whole specifiers, so that knip sees the packages used.
const require = createRequire(import.meta.url);

const SANS = "ProposalSans";
const SCRIPT = "ProposalSignature";
Font.register({
  family: SANS,
  fonts: [
    { src: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf") },
    { src: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"), fontWeight: 700 },
    { src: require.resolve("@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf"), fontStyle: "italic" },
  ],
});
Font.register({ family: SCRIPT, src: require.resolve("@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf") });
// Words are never hyphenated: a name, a product or a hash is read (and extracted) as written.
Font.registerHyphenationCallback((word) => [word]);

const PRODUCER = "Buckeye Valor Roofing proposals (@react-pdf/renderer)";
const TIME_ZONE = COMPANY_TIME_ZONE;

const INK = "#1f2933";
const MUTED = "#52606d";
const RULE = "#cbd2d9";
const ACCENT = "#0b4f8a";
const CHOSEN = "#0f7b3f";

const s = StyleSheet.create({
  page: { fontFamily: SANS, fontSize: 9.5, color: INK, paddingTop: 40, paddingHorizontal: 48, paddingBottom: 56, lineHeight: 1.35 },
  footer: { position: "absolute", bottom: 24, left: 48, right: 48, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: MUTED },
  letterhead: { flexDirection: "row", justifyContent: "space-between", borderBottomWidth: 2, borderBottomColor: ACCENT, paddingBottom: 10, marginBottom: 14 },
  business: { fontSize: 16, lineHeight: 1.3, fontWeight: 700, color: ACCENT, marginBottom: 2 },
  small: { fontSize: 8.5, color: MUTED },
  metaBlock: { alignItems: "flex-end" },
  docTitle: { fontSize: 13, lineHeight: 1.3, fontWeight: 700 },
  h2: { fontSize: 12, lineHeight: 1.3, fontWeight: 700, color: ACCENT, marginTop: 14, marginBottom: 6 },
  h3: { fontSize: 10.5, fontWeight: 700, marginTop: 8, marginBottom: 3 },
  row: { flexDirection: "row" },
  facts: { flexDirection: "row", flexWrap: "wrap", borderWidth: 1, borderColor: RULE, borderRadius: 3, padding: 8 },
  fact: { width: "25%", paddingVertical: 2 },
  factLabel: { fontSize: 7.5, color: MUTED, textTransform: "uppercase" },
  factValue: { fontSize: 10.5, lineHeight: 1.3, fontWeight: 700 },
  option: { marginTop: 16, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 10 },
  optionChosen: { borderTopWidth: 3, borderTopColor: CHOSEN },
  optionHead: { flexDirection: "row", justifyContent: "space-between", alignItems: "center" },
  optionTitle: { fontSize: 14, lineHeight: 1.3, fontWeight: 700 },
  badge: { fontSize: 8.5, fontWeight: 700, color: "#ffffff", backgroundColor: CHOSEN, paddingHorizontal: 6, paddingVertical: 2, borderRadius: 2 },
  badgeMuted: { fontSize: 8.5, color: MUTED },
  bullet: { flexDirection: "row", marginBottom: 1 },
  bulletMark: { width: 10 },
  table: { marginTop: 6 },
  th: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: INK, paddingBottom: 2, fontWeight: 700, fontSize: 8.5 },
  tr: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 2.5 },
  cDesc: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 6 },
  cQty: { width: 62, textAlign: "right" },
  cUnit: { width: 78, textAlign: "right" },
  cAmt: { width: 74, textAlign: "right" },
  totals: { alignSelf: "flex-end", width: 250, marginTop: 6 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1 },
  grandTotal: { flexDirection: "row", justifyContent: "space-between", borderTopWidth: 1, borderTopColor: INK, marginTop: 2, paddingTop: 3, fontSize: 11, lineHeight: 1.3, fontWeight: 700 },
  warranty: { marginTop: 8, backgroundColor: "#f0f4f8", padding: 7, borderRadius: 3 },
  accepted: { borderWidth: 2, borderColor: CHOSEN, borderRadius: 4, padding: 10, marginBottom: 4 },
  acceptedTitle: { fontSize: 12, lineHeight: 1.3, fontWeight: 700, color: CHOSEN, marginBottom: 4 },
  kv: { flexDirection: "row", paddingVertical: 1.5 },
  kvLabel: { width: 120, color: MUTED },
  kvValue: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
  paragraph: { marginBottom: 6, textAlign: "justify" },
  signatureBox: { marginTop: 10, flexDirection: "row", justifyContent: "space-between" },
  signatureLine: { width: 260, borderBottomWidth: 1, borderBottomColor: INK, height: 44, justifyContent: "flex-end" },
  dateLine: { width: 150, borderBottomWidth: 1, borderBottomColor: INK, height: 44, justifyContent: "flex-end" },
  signatureImage: { maxHeight: 60, maxWidth: 240, objectFit: "contain" },
  typedSignature: { fontFamily: SCRIPT, fontSize: 24, lineHeight: 1.2, color: "#14213d" },
  recordRow: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 4 },
  recordLabel: { width: 150, paddingRight: 8, fontWeight: 700 },
  mono: { fontSize: 8.5, letterSpacing: 0.2 },
});

export async function renderProposalDocument(input: ProposalPdfInput): Promise<Buffer> {
  if (input.acceptance && !optionTotals(input.content, input.acceptance.optionKey)) {
    throw new RangeError(`The accepted option "${input.acceptance.optionKey}" is not an option of this proposal`);
  }
  // renderToBuffer would leave each document's React root mounted (about 1 MB of heap per PDF, never
  // freed): render through pdf() and unmount the root once the bytes are out.
  const instance = pdf(<ProposalDocument input={input} />);
  try {
    const stream = await instance.toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk);
    return Buffer.concat(chunks);
  } finally {
    instance.updateContainer(null as unknown as Parameters<typeof instance.updateContainer>[0]);
  }
}

/** What the signed PDF shows as accepted: the option, its add-ons (content order), the colour, the totals. */
interface Chosen {
  acceptance: ProposalPdfAcceptance;
  option: ProposalOption;
  addOns: ProposalLine[];
  totals: OptionTotals;
}

function chosenOf(content: ProposalContent, acceptance: ProposalPdfAcceptance | undefined): Chosen | null {
  if (!acceptance) return null;
  const option = content.options.find((o) => o.key === acceptance.optionKey)!;
  const keys = new Set(knownAddOnKeys(content, acceptance.addOnKeys));
  const addOns = content.addOns.filter((a) => keys.has(a.key));
  const totals = optionTotals(content, option.key, [...keys])!;
  return { acceptance, option, addOns, totals };
}

function ProposalDocument({ input }: { input: ProposalPdfInput }) {
  const { content } = input;
  const chosen = chosenOf(content, input.acceptance);
  const reference = proposalReference(input);
  const date = chosen ? chosen.acceptance.acceptedAt : input.sentAt;
  return (
    <Document
      title={`${reference} for ${content.customer.name}${chosen ? " (signed)" : ""}`}
      author={content.letterhead.businessName}
      subject={`Roofing proposal for ${content.customer.name}`}
      creator={content.letterhead.businessName}
      producer={PRODUCER}
      creationDate={date}
      modificationDate={date}
      language="en-US"
    >
      <Page size="LETTER" style={s.page}>
        <Footer input={input} />
        <Letterhead input={input} />
        <Customer content={content} />
        {chosen && <AcceptedSummary content={content} chosen={chosen} />}
        <Measurements content={content} />
        {content.options.map((option) => (
          <OptionSection key={option.key} content={content} option={option} chosen={chosen} />
        ))}
        <AddOns content={content} chosen={chosen} />
        <Terms terms={content.terms} />
        <SignatureBlock input={input} chosen={chosen} />
      </Page>
      {chosen && (
        <Page size="LETTER" style={s.page}>
          <Footer input={input} />
          <SignatureRecord input={input} chosen={chosen} />
        </Page>
      )}
    </Document>
  );
}

function Footer({ input }: { input: ProposalPdfInput }) {
  return (
    <View style={s.footer} fixed>
      <Text>
        {input.content.letterhead.businessName} · {proposalReference(input)} · document SHA-256 {input.documentSha256.slice(0, 16)}…
      </Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}

function Letterhead({ input }: { input: ProposalPdfInput }) {
  const { letterhead } = input.content;
  return (
    <View style={s.letterhead}>
      <View>
        <Text style={s.business}>{letterhead.businessName}</Text>
        {letterhead.addressLines.map((line, i) => (
          <Text key={i} style={s.small}>
            {line}
          </Text>
        ))}
        <Text style={s.small}>{[letterhead.phone, letterhead.email].filter(Boolean).join(" · ")}</Text>
        {letterhead.licence && <Text style={s.small}>{letterhead.licence}</Text>}
        {letterhead.certification && <Text style={s.small}>{letterhead.certification}</Text>}
      </View>
      <View style={s.metaBlock}>
        <Text style={s.docTitle}>Proposal P-{input.proposalNumber}</Text>
        {input.revision > 1 && <Text style={s.small}>revision {input.revision}</Text>}
        <Text style={s.small}>Sent {longDate(input.sentAt)}</Text>
        <Text style={s.small}>Valid through {calendarDate(input.expiresOn)}</Text>
      </View>
    </View>
  );
}

function Customer({ content }: { content: ProposalContent }) {
  const { customer } = content;
  return (
    <View>
      <Text style={s.factLabel}>Prepared for</Text>
      <Text style={{ fontSize: 12, lineHeight: 1.3, fontWeight: 700 }}>{customer.name}</Text>
      <Text style={s.small}>{[customer.email, customer.phone].filter(Boolean).join(" · ")}</Text>
    </View>
  );
}

function AcceptedSummary({ content, chosen }: { content: ProposalContent; chosen: Chosen }) {
  const { acceptance, option, totals } = chosen;
  return (
    <View style={[s.accepted, { marginTop: 12 }]} wrap={false}>
      <Text style={s.acceptedTitle}>Accepted and signed</Text>
      <KeyValue label="Option accepted" value={`${optionTitle(option)}: ${option.shingleName}`} bold />
      <KeyValue label="Colour" value={acceptance.colorName ?? "No colour choice"} bold />
      <KeyValue label="Add-ons" value={addOnsText(chosen.addOns)} />
      <KeyValue label="Total" value={formatCents(totals.totalCents)} bold />
      <KeyValue label={`Deposit (${formatBasisPoints(content.depositBp)}%)`} value={formatCents(totals.depositCents)} />
      <KeyValue label="Signed by" value={`${acceptance.signerName}, ${longDate(acceptance.acceptedAt)}`} />
    </View>
  );
}

function Measurements({ content }: { content: ProposalContent }) {
  const m = content.measurements;
  const facts: [string, string][] = [
    ["Roof area", `${formatHundredths(m.areaHundredths)} ${m.areaHundredths === 100 ? "square" : "squares"}`],
    ["Pitch", `${m.pitch}/12`],
    ["Stories", String(m.stories)],
    ["Layers to remove", String(m.layers)],
  ];
  return (
    <View wrap={false}>
      <Text style={s.h2}>Your roof</Text>
      <View style={s.facts}>
        {facts.map(([label, value]) => (
          <View key={label} style={s.fact}>
            <Text style={s.factLabel}>{label}</Text>
            <Text style={s.factValue}>{value}</Text>
          </View>
        ))}
      </View>
      <Text style={[s.small, { marginTop: 3 }]}>
        A square is 100 square feet of roof. Complexity: {m.complexity}; ridge {m.ridgeFt} ft, hips {m.hipFt} ft, valleys {m.valleyFt} ft, eaves{" "}
        {m.eaveFt} ft, rakes {m.rakeFt} ft, {m.penetrations} penetrations.
      </Text>
    </View>
  );
}

function OptionSection({ content, option, chosen }: { content: ProposalContent; option: ProposalOption; chosen: Chosen | null }) {
  const isChosen = chosen?.option.key === option.key;
  // The chosen option's table holds its add-ons too, so its total is the sum of the rows shown.
  const totals = isChosen ? chosen.totals : optionTotals(content, option.key, [])!;
  const addOns = isChosen ? chosen.addOns : [];
  return (
    <View style={isChosen ? [s.option, s.optionChosen] : s.option}>
      <View wrap={false} minPresenceAhead={80}>
        <View style={s.optionHead}>
          <Text style={s.optionTitle}>{optionTitle(option)}</Text>
          {isChosen ? <Text style={s.badge}>ACCEPTED</Text> : chosen ? <Text style={s.badgeMuted}>Not chosen</Text> : null}
        </View>
        <Text style={{ fontSize: 10.5, lineHeight: 1.3, marginBottom: 3 }}>{option.shingleName}</Text>
        {option.highlights.map((highlight, i) => (
          <View key={i} style={s.bullet}>
            <Text style={s.bulletMark}>•</Text>
            <Text style={{ flexGrow: 1, flexShrink: 1, flexBasis: 0 }}>{highlight}</Text>
          </View>
        ))}
        {isChosen ? (
          <Text style={{ marginTop: 3, fontWeight: 700, color: CHOSEN }}>Colour chosen: {chosen.acceptance.colorName ?? "no colour choice"}</Text>
        ) : option.colors.length > 0 ? (
          <Text style={[s.small, { marginTop: 3 }]}>Colours: {option.colors.map((c) => c.name).join(", ")}</Text>
        ) : null}
      </View>
      <View style={s.table}>
        <TableHead />
        {option.lines.map((line, i) => (
          <LineRow key={line.key} line={line} amountCents={totals.lineAmounts[i]!} />
        ))}
        {addOns.map((line, i) => (
          <LineRow key={line.key} line={line} amountCents={totals.addOnAmounts[i]!} prefix="Add-on: " />
        ))}
      </View>
      <View wrap={false}>
        <View style={s.totals}>
          <TotalRow label="Subtotal" cents={totals.subtotalCents} />
          {totals.discountCents > 0 && <TotalRow label="Discount" cents={-totals.discountCents} />}
          <TotalRow label={`Sales tax (${formatBasisPoints(content.taxBp)}%)`} cents={totals.taxCents} />
          <View style={s.grandTotal}>
            <Text>Total{isChosen ? "" : addOns.length === 0 && content.addOns.length > 0 ? " (without add-ons)" : ""}</Text>
            <Text>{formatCents(totals.totalCents)}</Text>
          </View>
          <TotalRow label={`Deposit due at acceptance (${formatBasisPoints(content.depositBp)}%)`} cents={totals.depositCents} />
        </View>
        <Warranty option={option} />
      </View>
    </View>
  );
}

function TableHead() {
  return (
    <View style={s.th}>
      <Text style={s.cDesc}>Description</Text>
      <Text style={s.cQty}>Quantity</Text>
      <Text style={s.cUnit}>Unit price</Text>
      <Text style={s.cAmt}>Amount</Text>
    </View>
  );
}

function LineRow({ line, amountCents, prefix = "" }: { line: ProposalLine; amountCents: number; prefix?: string }) {
  const unit = UNIT_LABELS[line.unit].short;
  return (
    <View style={s.tr} wrap={false}>
      <Text style={s.cDesc}>
        {prefix}
        {line.description}
      </Text>
      <Text style={s.cQty}>
        {formatHundredths(line.quantityHundredths)} {unit}
      </Text>
      <Text style={s.cUnit}>
        {formatCents(line.unitPriceCents)} / {unit}
      </Text>
      <Text style={s.cAmt}>{formatCents(amountCents)}</Text>
    </View>
  );
}

function TotalRow({ label, cents }: { label: string; cents: number }) {
  return (
    <View style={s.totalRow}>
      <Text>{label}</Text>
      <Text>{formatCents(cents)}</Text>
    </View>
  );
}

function Warranty({ option }: { option: ProposalOption }) {
  const { warranty } = option;
  return (
    <View style={s.warranty}>
      <Text>
        <Text style={{ fontWeight: 700 }}>Manufacturer warranty: </Text>
        {warranty.name ? `qualifies for the ${warranty.name}` : "none (not a GAF shingle line)"}
        {warranty.windProven ? ", and for the GAF WindProven limited wind warranty" : ""}.
      </Text>
      {warranty.next && (
        <Text style={s.small}>
          For the {warranty.next.name}: {warranty.next.missing.length > 0 ? `missing ${warranty.next.missing.join("; ")}` : "nothing missing"}.
        </Text>
      )}
      <Text style={[s.small, { fontStyle: "italic" }]}>The installation registered with GAF decides; GAF's warranty terms apply.</Text>
    </View>
  );
}

function AddOns({ content, chosen }: { content: ProposalContent; chosen: Chosen | null }) {
  if (content.addOns.length === 0) return null;
  // Each add-on's amount as optionTotals computes it (all of them chosen, in the content's order).
  const amounts = optionTotals(content, content.options[0]!.key, knownAddOnKeys(content, content.addOns.map((a) => a.key)))!.addOnAmounts;
  const chosenKeys = new Set(chosen?.addOns.map((a) => a.key) ?? []);
  return (
    <View>
      <View wrap={false} minPresenceAhead={40}>
        <Text style={s.h2}>Optional add-ons</Text>
        <Text style={s.small}>Added to any option before the discount and tax{chosen ? "; those chosen are marked." : "."}</Text>
      </View>
      <View style={s.table}>
        <TableHead />
        {content.addOns.map((line, i) => (
          <LineRow key={line.key} line={line} amountCents={amounts[i]!} prefix={chosen ? (chosenKeys.has(line.key) ? "[Chosen] " : "[Not chosen] ") : ""} />
        ))}
      </View>
    </View>
  );
}

function Terms({ terms }: { terms: string }) {
  const paragraphs = terms
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <View>
      <View minPresenceAhead={60}>
        <Text style={s.h2}>Terms and conditions</Text>
      </View>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={s.paragraph} orphans={2} widows={2}>
          {paragraph}
        </Text>
      ))}
    </View>
  );
}

function SignatureBlock({ input, chosen }: { input: ProposalPdfInput; chosen: Chosen | null }) {
  if (!chosen) {
    return (
      <View wrap={false}>
        <Text style={s.h2}>Acceptance</Text>
        <Text>
          To accept, choose an option, its colour and any add-ons in your customer portal and sign there by {calendarDate(input.expiresOn)}. Your
          signature in the portal has the same effect as signing below.
        </Text>
        <View style={s.signatureBox}>
          <View>
            <View style={s.signatureLine} />
            <Text style={s.small}>Signature of {input.content.customer.name}</Text>
          </View>
          <View>
            <View style={s.dateLine} />
            <Text style={s.small}>Date</Text>
          </View>
        </View>
      </View>
    );
  }
  const { acceptance } = chosen;
  return (
    <View wrap={false}>
      <Text style={s.h2}>Acceptance</Text>
      <Text>
        {acceptance.signerName} accepted this proposal: {optionTitle(chosen.option)} ({chosen.option.shingleName}), colour{" "}
        {acceptance.colorName ?? "(no colour choice)"}, add-ons: {addOnsText(chosen.addOns)},
        total {formatCents(chosen.totals.totalCents)}, deposit {formatCents(chosen.totals.depositCents)}.
      </Text>
      <View style={s.signatureBox}>
        <View>
          <View style={[s.signatureLine, { height: 68 }]}>
            <Signature acceptance={acceptance} />
          </View>
          <Text style={s.small}>
            {acceptance.signaturePng ? "Signature of" : "Signed by typing their name:"} {acceptance.signerName}
          </Text>
        </View>
        <View>
          <View style={[s.dateLine, { height: 68 }]}>
            <Text>{longDate(acceptance.acceptedAt)}</Text>
          </View>
          <Text style={s.small}>Date (Eastern Time)</Text>
        </View>
      </View>
    </View>
  );
}

function Signature({ acceptance }: { acceptance: ProposalPdfAcceptance }) {
  if (acceptance.signaturePng) return <Image style={s.signatureImage} src={{ data: acceptance.signaturePng, format: "png" }} />;
  // The caption under the line says "Signed by typing their name".
  return <Text style={s.typedSignature}>{acceptance.signerName}</Text>;
}

function SignatureRecord({ input, chosen }: { input: ProposalPdfInput; chosen: Chosen }) {
  const { acceptance, option, totals } = chosen;
  const same = acceptance.acceptedDocumentSha256.toLowerCase() === input.documentSha256.toLowerCase();
  const rows: [string, ReactNode][] = [
    ["Who signed", acceptance.signerName],
    ["How", acceptance.signaturePng ? "Drew their signature in the customer portal (image on the Acceptance section)" : "Signed by typing their name in the customer portal"],
    ["What", `${proposalReference(input)}, sent ${longDate(input.sentAt)}, valid through ${calendarDate(input.expiresOn)}`],
    ["Option", `${optionTitle(option)}: ${option.shingleName}`],
    ["Add-ons", addOnsText(chosen.addOns)],
    ["Colour", acceptance.colorName ?? "No colour choice"],
    ["Total", `${formatCents(totals.totalCents)} (deposit ${formatCents(totals.depositCents)})`],
    ["When (Eastern Time)", easternTimestamp(acceptance.acceptedAt)],
    ["When (UTC)", acceptance.acceptedAt.toISOString()],
    ["From IP address", acceptance.clientIp ?? "Not recorded"],
    ["Browser (user agent)", acceptance.userAgent ?? "Not recorded"],
    ["Document signed, SHA-256", <Text style={s.mono}>{acceptance.acceptedDocumentSha256}</Text>],
    ["Document sent, SHA-256", <Text style={s.mono}>{input.documentSha256}</Text>],
    ["Same document", same ? "Yes: the document signed is the document as sent" : "NO: the document signed differs from the document as sent"],
  ];
  return (
    <View>
      <Text style={[s.h2, { marginTop: 0, fontSize: 15 }]}>Signature record</Text>
      <Text style={[s.small, { marginBottom: 8 }]}>
        Recorded by {input.content.letterhead.businessName}&apos;s customer portal when the proposal was accepted. The hashes identify the exact
        document: any change to it gives another hash.
      </Text>
      {rows.map(([label, value]) => (
        <View key={label} style={s.recordRow} wrap={false}>
          <Text style={s.recordLabel}>{label}</Text>
          <Text style={s.kvValue}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

function KeyValue({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  return (
    <View style={s.kv}>
      <Text style={s.kvLabel}>{label}</Text>
      <Text style={bold ? [s.kvValue, { fontWeight: 700 }] : s.kvValue}>{value}</Text>
    </View>
  );
}

function optionTitle(option: ProposalOption): string {
  return option.title || OPTION_TITLES[option.key];
}

function addOnsText(addOns: readonly ProposalLine[]): string {
  return addOns.length === 0 ? "None" : addOns.map((a) => a.description).join("; ");
}

function proposalReference(input: ProposalPdfInput): string {
  return `Proposal P-${input.proposalNumber}${input.revision > 1 ? `, revision ${input.revision}` : ""}`;
}

const LONG_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const CALENDAR_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const CLOCK = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
const ZONE_NAME = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "short" });
const ZONE_OFFSET = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" });

/** "29 November 2026": the day in Eastern Time. */
function longDate(instant: Date): string {
  return LONG_DATE.format(instant);
}

/** "2026-12-29" -> "29 December 2026" (a calendar day, no time zone). */
function calendarDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  return CALENDAR_DATE.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** "29 November 2026, 14:05:09 EST (UTC-05:00)". */
function easternTimestamp(instant: Date): string {
  const zone = (format: Intl.DateTimeFormat) => format.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
  const offset = zone(ZONE_OFFSET).replace(/^GMT$/, "GMT+00:00").replace(/^GMT/, "UTC");
  return `${longDate(instant)}, ${CLOCK.format(instant)} ${zone(ZONE_NAME)} (${offset})`;
}
