import { and, desc, eq, sql } from "drizzle-orm";
import { db, type DbTransaction } from "~/db/client.server";
import { leadMeasurements, leads, proposals, type PriceBookCategory } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { loadBuilderData, type BuilderData } from "./builder-data.server";
import { composeOption, defaultComponents } from "./compose";
import { OPTION_KEYS, proposalContentSchema, type MeasurementsSnapshot, type ProposalContent, type ProposalOption } from "./content";
import { addDays, companyToday, PROPOSAL_TEXT } from "./proposal-state";

/**
 * A new proposal for a lead (issue 30 item 3, `/admin/leads/:id/proposals/new`): one option per chosen
 * shingle line (good, better, best in that order), each with the price book's first item of every other
 * category, measured on the lead's roof; the sales tax, deposit and validity of the price book's
 * defaults, and the terms of Site Configuration. It starts as a draft revision 1 under a new number.
 */

export type CreateOutcome =
  | { ok: true; proposalId: string; proposalNumber: number }
  | { ok: false; status: 404 | 409 | 422; message: string; field?: string };

function measurementsSnapshot(m: typeof leadMeasurements.$inferSelect): MeasurementsSnapshot {
  return {
    areaHundredths: m.areaHundredths,
    pitch: m.pitch,
    stories: m.stories,
    layers: m.layers,
    complexity: m.complexity,
    ridgeFt: m.ridgeFt,
    hipFt: m.hipFt,
    valleyFt: m.valleyFt,
    eaveFt: m.eaveFt,
    rakeFt: m.rakeFt,
    penetrations: m.penetrations,
  };
}

/** The options for these shingle items, or the first refusal. */
function composeOptions(data: BuilderData, measurements: MeasurementsSnapshot, shingleItemIds: readonly string[], components?: Partial<Record<PriceBookCategory, string>>): { ok: true; options: ProposalOption[] } | { ok: false; field: string; message: string } {
  const options: ProposalOption[] = [];
  for (const [index, shingleItemId] of shingleItemIds.entries()) {
    const composed = composeOption({
      key: OPTION_KEYS[index]!,
      shingleItemId,
      components: components ?? defaultComponents(data.items),
      items: data.items,
      shingles: data.shingles,
      measurements,
      settings: data.settings,
      certification: data.certification,
      warrantyNames: data.warrantyNames,
    });
    if (!composed.ok) return { ok: false, field: `option-${index}`, message: composed.message };
    options.push(composed.option);
  }
  return { ok: true, options };
}

async function nextProposalNumber(tx: DbTransaction): Promise<number> {
  const result = await tx.execute<{ n: string }>(sql`select nextval('proposal_number_seq')::text as n`);
  return Number(result.rows[0]!.n);
}

export async function createProposal(input: { leadId: string; shingleItemIds: readonly string[]; actor: SessionUser; request?: Request | null }): Promise<CreateOutcome> {
  const ids = input.shingleItemIds.filter(Boolean).slice(0, 3);
  if (ids.length === 0) return { ok: false, status: 422, field: "option-0", message: "Choose at least one shingle line." };
  const data = await loadBuilderData();
  return db().transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, input.leadId)).for("update");
    if (!lead) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound } as const;
    const [measured] = await tx.select().from(leadMeasurements).where(eq(leadMeasurements.leadId, lead.id));
    if (!measured) return { ok: false, status: 409, message: PROPOSAL_TEXT.needsMeasurements } as const;
    const measurements = measurementsSnapshot(measured);
    const composed = composeOptions(data, measurements, ids);
    if (!composed.ok) return { ok: false, status: 422, field: composed.field, message: composed.message } as const;
    const content: ProposalContent = proposalContentSchema.parse({
      version: 1,
      customer: { name: `${lead.firstName} ${lead.lastName}`.trim(), email: lead.email, phone: lead.phone },
      letterhead: data.letterhead,
      measurements,
      options: composed.options,
      addOns: [],
      discountCents: 0,
      taxBp: data.settings.salesTaxBp,
      depositBp: data.settings.depositBp,
      terms: data.terms,
    });
    const proposalNumber = await nextProposalNumber(tx);
    const [row] = await tx
      .insert(proposals)
      .values({ leadId: lead.id, proposalNumber, revision: 1, status: "draft", content, expiresOn: addDays(companyToday(), data.settings.validDays), createdBy: input.actor.id })
      .returning({ id: proposals.id });
    await recordLeadEvent(tx, {
      leadId: lead.id,
      actor: input.actor,
      request: input.request,
      action: "proposal.create",
      timeline: `Proposal P-${proposalNumber} drafted with ${composed.options.length} ${composed.options.length === 1 ? "option" : "options"}.`,
      details: { proposalId: row!.id, proposalNumber },
    });
    return { ok: true, proposalId: row!.id, proposalNumber } as const;
  });
}

/** The lead's proposals, newest revision first (the lead page's Proposals section). */
export async function listLeadProposals(leadId: string) {
  return db()
    .select({
      id: proposals.id,
      proposalNumber: proposals.proposalNumber,
      revision: proposals.revision,
      status: proposals.status,
      expiresOn: proposals.expiresOn,
      sentAt: proposals.sentAt,
      firstViewedAt: proposals.firstViewedAt,
      decidedAt: proposals.decidedAt,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId)))
    .orderBy(desc(proposals.proposalNumber), desc(proposals.revision));
}
