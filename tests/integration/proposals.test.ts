import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, leadAttachments, leadNotes, leads, priceBookItems, proposalAcceptances, proposals } from "~/db/schema";
import { optionTotals, proposalContentSchema } from "~/domain/proposals/content";
import { createProposal } from "~/domain/proposals/create-proposal.server";
import { editDraft, reviseProposal } from "~/domain/proposals/edit-draft.server";
import { acceptProposal, declineProposal } from "~/domain/proposals/decide-proposal.server";
import { getCustomerProposal, recordProposalView } from "~/domain/proposals/customer-proposals.server";
import { saveMeasurementsSchema } from "~/domain/proposals/measurement-schema";
import { saveLeadMeasurements } from "~/domain/proposals/measurements.server";
import { PROPOSAL_TEXT } from "~/domain/proposals/proposal-state";
import { proposalStats } from "~/domain/proposals/proposal-stats.server";
import { sendProposal } from "~/domain/proposals/send-proposal.server";
import { loader as portalProposalLoader } from "~/routes/portal/proposals.$id";
import { createSession, createUser, uniqueEmail } from "../support/factories";

/**
 * Issue 30 end to end through the use cases on this file's database: measurements, a three-option draft
 * from the seeded price book, an edit, sending (PDF kept with the lead's files, the lead at Estimate sent,
 * the email), the homeowner's view, acceptance with server-side totals (a client total is not even an
 * input), two tabs accepting at once, refusals of a replaced, declined or expired revision, and another
 * customer's 404.
 */

vi.setConfig({ testTimeout: 60_000 });

async function newLead(email = uniqueEmail("homeowner")) {
  const [lead] = await db()
    .insert(leads)
    .values({ firstName: "Zoë", lastName: "O'Brien", email, phone: "6145550147", submissionKey: crypto.randomUUID(), pipelineStatus: "inspected", contacted: true })
    .returning();
  return lead!;
}

const MEASURED = { intent: "save-measurements", area: "28.5", facets: "", pitch: "9", stories: "2", layers: "1", complexity: "moderate", ridgeFt: "42", hipFt: "18", valleyFt: "24", eaveFt: "96", rakeFt: "64", penetrations: "4" };

async function setUp() {
  const admin = await createUser({ kind: "admin" });
  const lead = await newLead();
  const customer = await createUser({ kind: "customer", overrides: { email: lead.email, firstName: "Zoë", lastName: "O'Brien" } });
  await saveLeadMeasurements(lead.id, saveMeasurementsSchema.parse(MEASURED), admin as never);
  const shingles = await db().select({ id: priceBookItems.id, name: priceBookItems.name }).from(priceBookItems).where(eq(priceBookItems.category, "shingles")).orderBy(priceBookItems.sortOrder);
  return { admin, lead, customer, shingles };
}

describe("measurements", () => {
  test("a 40/12 pitch, a negative length and facets that do not add up are messages under their fields", () => {
    const refused = saveMeasurementsSchema.safeParse({ ...MEASURED, pitch: "40", ridgeFt: "-3" });
    expect(refused.success).toBe(false);
    const fields = Object.fromEntries(refused.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields.pitch).toMatch(/0 to 24/);
    expect(fields.ridgeFt).toBeTruthy();
    const facets = saveMeasurementsSchema.safeParse({ ...MEASURED, facets: "12.5, 8, 7" });
    expect(facets.error?.issues[0]).toMatchObject({ path: ["facets"], message: expect.stringMatching(/add up to 27.5 squares, not 28.5/) as string });
    const summed = saveMeasurementsSchema.parse({ ...MEASURED, area: "", facets: "12.5, 8, 8" });
    expect(summed.areaHundredths).toBe(2850);
  });
});

describe("a proposal from inspection to a signed job", () => {
  test("build, send, view, accept once; the server computes every total", async () => {
    const { admin, lead, customer, shingles } = await setUp();
    expect(shingles.length).toBeGreaterThanOrEqual(3);
    const created = await createProposal({ leadId: lead.id, shingleItemIds: shingles.slice(0, 3).map((s) => s.id), actor: admin as never });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const [draft] = await db().select().from(proposals).where(eq(proposals.id, created.proposalId));
    const content = proposalContentSchema.parse(draft!.content);
    expect(content.options.map((o) => o.key)).toEqual(["good", "better", "best"]);
    // Labour carries the steep-pitch (9/12) and two-story factors in its unit price and says so.
    const labour = content.options[1]!.lines.find((l) => l.category === "labour")!;
    expect(labour.description).toMatch(/steep pitch 9\/12, 2 stories/);
    expect(labour.unitPriceCents).toBe(Math.round((9500 * 1.25 * 1.1)));
    // The better option (Timberline HDZ with the GAF components) qualifies above the standard warranty.
    expect(content.options[1]!.warranty.name).toMatch(/System Plus|Roofing System/);
    expect(content.options[0]!.warranty.next).not.toBeNull();

    // An edit: one add-on offered, the discount set; a sent revision can no longer be edited.
    const gutter = await db().select({ id: priceBookItems.id }).from(priceBookItems).where(eq(priceBookItems.name, "Seamless gutter guards"));
    expect((await editDraft({ proposalId: created.proposalId, change: { intent: "add-add-on", priceBookItemId: gutter[0]!.id, quantityHundredths: 9600 }, actor: admin as never })).ok).toBe(true);
    const tomorrow = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expect((await editDraft({ proposalId: created.proposalId, change: { intent: "save-terms", discountCents: 25_000, taxBp: 725, depositBp: 3000, expiresOn: tomorrow, terms: "Terms." }, actor: admin as never })).ok).toBe(true);

    const sent = await sendProposal({ proposalId: created.proposalId, actor: admin as never });
    expect(sent).toMatchObject({ ok: true });
    const [afterSend] = await db().select().from(proposals).where(eq(proposals.id, created.proposalId));
    expect(afterSend).toMatchObject({ status: "sent" });
    expect(afterSend!.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    const [pdf] = await db().select().from(leadAttachments).where(eq(leadAttachments.id, afterSend!.pdfAttachmentId!));
    expect(pdf).toMatchObject({ addedFrom: "proposal", contentType: "application/pdf", leadId: lead.id });
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.pipelineStatus).toBe("estimate_sent");
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, "proposal.sent"), eq(emailOutbox.relatedId, created.proposalId)));
    expect(mail!.toAddress).toBe(lead.email);
    expect(mail!.textBody).toContain(`/portal/proposals/${created.proposalId}`);
    expect((await editDraft({ proposalId: created.proposalId, change: { intent: "remove-add-on", key: "addon-1" }, actor: admin as never })).ok).toBe(false);

    // The homeowner opens it: Viewed, once on the timeline.
    const shown = (await getCustomerProposal(customer, created.proposalId))!;
    await recordProposalView(customer, shown);
    await recordProposalView(customer, shown);
    const views = await db().select().from(leadNotes).where(and(eq(leadNotes.leadId, lead.id)));
    expect(views.filter((n) => n.body.includes("opened")).length).toBe(1);

    const choice = {
      proposalId: created.proposalId,
      customer,
      shownDocumentSha256: shown.documentSha256,
      optionKey: "better",
      addOnKeys: ["addon-1", "not-an-add-on"],
      colorId: shown.content.options[1]!.colors[0]?.id ?? null,
      signerName: "Zoë O'Brien",
      consent: true,
      signaturePng: null,
      clientIp: "203.0.113.9",
      userAgent: "vitest",
    };
    expect(await acceptProposal({ ...choice, consent: false })).toMatchObject({ ok: false, field: "consent" });
    expect(await acceptProposal({ ...choice, shownDocumentSha256: "0".repeat(64) })).toMatchObject({ ok: false, message: PROPOSAL_TEXT.acceptRefused.changed });

    // Two tabs at once: one acceptance.
    const outcomes = await Promise.all([acceptProposal(choice), acceptProposal(choice)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ status: 409 });
    const rows = await db().select().from(proposalAcceptances).where(eq(proposalAcceptances.proposalId, created.proposalId));
    expect(rows).toHaveLength(1);
    const expected = optionTotals(shown.content, "better", ["addon-1"])!;
    expect(rows[0]).toMatchObject({ optionKey: "better", addOnKeys: ["addon-1"], totalCents: expected.totalCents, depositCents: expected.depositCents, signerName: "Zoë O'Brien", clientIp: "203.0.113.9" });
    expect(expected.taxCents).toBe(Math.round(((expected.subtotalCents - 25_000) * 725) / 10_000));
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.pipelineStatus).toBe("won");
    const signed = await db().select().from(emailOutbox).where(eq(emailOutbox.relatedId, created.proposalId));
    const kinds = signed.map((m) => m.kind).sort();
    expect(kinds).toEqual(expect.arrayContaining(["proposal.accepted-customer", "proposal.accepted-office"]));
    const attached = signed.find((m) => m.kind === "proposal.accepted-customer")!.attachments[0]!;
    expect(attached).toMatchObject({ contentType: "application/pdf", encoding: "base64" });
    expect(Buffer.from(attached.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    // The dashboard's figures: one proposal sent, accepted, at its accepted value.
    const stats = await proposalStats(90);
    expect(stats).toMatchObject({ sent: 1, accepted: 1, acceptanceRate: 1, averageAcceptedCents: expected.totalCents });
    expect(stats.medianHoursToProposal).toBeGreaterThanOrEqual(0);
    // Not revised once accepted.
    expect(await reviseProposal({ proposalId: created.proposalId, actor: admin as never })).toMatchObject({ ok: false, status: 409 });
  });

  test("a replaced revision, a declined one and an expired one are refused with why; another customer gets nothing", async () => {
    const { admin, lead, customer, shingles } = await setUp();
    const created = await createProposal({ leadId: lead.id, shingleItemIds: [shingles[1]!.id], actor: admin as never });
    if (!created.ok) throw new Error(created.message);
    await sendProposal({ proposalId: created.proposalId, actor: admin as never });
    const first = (await getCustomerProposal(customer, created.proposalId))!;
    const revised = await reviseProposal({ proposalId: created.proposalId, actor: admin as never });
    if (!revised.ok || !revised.proposalId) throw new Error("no revision");
    // A draft revision is not the homeowner's to see.
    expect(await getCustomerProposal(customer, revised.proposalId)).toBeNull();
    await sendProposal({ proposalId: revised.proposalId, actor: admin as never });
    const base = { customer, optionKey: "good", addOnKeys: [], colorId: first.content.options[0]!.colors[0]?.id ?? null, signerName: "Zoë O'Brien", consent: true, signaturePng: null, clientIp: null, userAgent: null };
    const old = await acceptProposal({ ...base, proposalId: created.proposalId, shownDocumentSha256: first.documentSha256 });
    expect(old).toMatchObject({ ok: false, message: PROPOSAL_TEXT.acceptRefused.superseded, current: { id: revised.proposalId } });

    const second = (await getCustomerProposal(customer, revised.proposalId))!;
    expect(await declineProposal({ proposalId: revised.proposalId, customer, reason: "Going with a cheaper quote" })).toMatchObject({ ok: true });
    expect(await acceptProposal({ ...base, proposalId: revised.proposalId, shownDocumentSha256: second.documentSha256 })).toMatchObject({ ok: false, message: PROPOSAL_TEXT.acceptRefused.declined });

    // Expired: a sent revision past its last day.
    const third = await reviseProposal({ proposalId: revised.proposalId, actor: admin as never });
    if (!third.ok || !third.proposalId) throw new Error("no third revision");
    await sendProposal({ proposalId: third.proposalId, actor: admin as never });
    await db().update(proposals).set({ expiresOn: "2020-01-01" }).where(eq(proposals.id, third.proposalId));
    const expired = (await getCustomerProposal(customer, third.proposalId))!;
    expect(expired.state).toBe("expired");
    expect(await acceptProposal({ ...base, proposalId: third.proposalId, shownDocumentSha256: expired.documentSha256 })).toMatchObject({ ok: false, message: PROPOSAL_TEXT.acceptRefused.expired });

    // Another customer: 404 by the loader, null by the use case, nothing accepted.
    const stranger = await createUser({ kind: "customer" });
    expect(await getCustomerProposal(stranger, created.proposalId)).toBeNull();
    const session = await createSession(stranger);
    const response = await portalProposalLoader({
      request: new Request(`http://app.test/portal/proposals/${third.proposalId}`, { headers: { cookie: session.cookie } }),
      params: { id: third.proposalId },
      context: { cspNonce: "", requestId: "proposals" },
    } as never).catch((error: unknown) => error);
    expect((response as { init?: { status?: number } }).init?.status ?? (response as Response).status).toBe(404);
    expect(await acceptProposal({ ...base, customer: stranger, proposalId: third.proposalId, shownDocumentSha256: expired.documentSha256 })).toMatchObject({ ok: false, status: 404 });
  });
});
