import { eq, sql } from "drizzle-orm";
import { db, type DbTransaction } from "~/db/client.server";
import { proposals, type PriceBookCategory, type Proposal } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { recordLeadEvent } from "~/domain/leads/record-lead-event.server";
import { lineFor } from "./build-option";
import { loadBuilderData, type BuilderData } from "./builder-data.server";
import { composeOption, rewarrant } from "./compose";
import { OPTION_KEYS, proposalContentSchema, type OptionKey, type ProposalContent } from "./content";
import { companyToday, PROPOSAL_TEXT } from "./proposal-state";

/**
 * The builder's changes to a draft revision (issue 30 item 3), each in one transaction on the locked
 * row: a sent revision is never edited (409: make a new revision). Every change is audited; the content
 * is validated whole before it is written, so a draft is never half-changed.
 */

export type EditOutcome = { ok: true; message: string; proposalId?: string } | { ok: false; status: 404 | 409 | 422; message: string; field?: string };

export type DraftChange =
  | { intent: "build-option"; optionKey: OptionKey; shingleItemId: string; components: Partial<Record<PriceBookCategory, string>> }
  | { intent: "add-option"; shingleItemId: string }
  | { intent: "remove-option"; optionKey: OptionKey }
  | { intent: "save-lines"; optionKey: OptionKey; lines: Array<{ key: string; quantityHundredths: number; unitPriceCents: number; remove: boolean }> }
  | { intent: "add-add-on"; priceBookItemId: string; quantityHundredths: number }
  | { intent: "remove-add-on"; key: string }
  | { intent: "save-terms"; discountCents: number; taxBp: number; depositBp: number; expiresOn: string; terms: string };

type Refusal = Extract<EditOutcome, { ok: false }>;

function applyChange(change: DraftChange, content: ProposalContent, data: BuilderData): { content: ProposalContent; expiresOn?: string; message: string } | Refusal {
  const ladder = { shingles: data.shingles, certification: data.certification, warrantyNames: data.warrantyNames, layers: content.measurements.layers };
  switch (change.intent) {
    case "build-option":
    case "add-option": {
      const key = change.intent === "build-option" ? change.optionKey : OPTION_KEYS.find((k) => !content.options.some((o) => o.key === k));
      if (!key) return { ok: false, status: 409, message: "A proposal has at most three options." };
      if (change.intent === "build-option" && !content.options.some((o) => o.key === key)) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      const existing = content.options.find((o) => o.key === key);
      const components =
        change.intent === "build-option"
          ? change.components
          : Object.fromEntries((content.options.at(-1)?.lines ?? []).filter((l) => l.category !== "shingles" && l.priceBookItemId).map((l) => [l.category, l.priceBookItemId!]));
      const composed = composeOption({ key, shingleItemId: change.shingleItemId, components, items: data.items, shingles: data.shingles, measurements: content.measurements, settings: data.settings, certification: data.certification, warrantyNames: data.warrantyNames });
      if (!composed.ok) return { ok: false, status: 422, field: composed.field, message: composed.message };
      const options = existing ? content.options.map((o) => (o.key === key ? composed.option : o)) : [...content.options, composed.option];
      options.sort((a, b) => OPTION_KEYS.indexOf(a.key) - OPTION_KEYS.indexOf(b.key));
      return { content: { ...content, options }, message: `${composed.option.title} option built from the price book.` };
    }
    case "remove-option": {
      if (content.options.length <= 1) return { ok: false, status: 409, message: "A proposal keeps at least one option." };
      if (!content.options.some((o) => o.key === change.optionKey)) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      return { content: { ...content, options: content.options.filter((o) => o.key !== change.optionKey) }, message: "Option removed." };
    }
    case "save-lines": {
      const option = content.options.find((o) => o.key === change.optionKey);
      if (!option) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      const edits = new Map(change.lines.map((l) => [l.key, l]));
      const lines = option.lines
        .filter((line) => !edits.get(line.key)?.remove)
        .map((line) => {
          const edit = edits.get(line.key);
          return edit ? { ...line, quantityHundredths: edit.quantityHundredths, unitPriceCents: edit.unitPriceCents } : line;
        });
      if (lines.length === 0) return { ok: false, status: 422, message: PROPOSAL_TEXT.emptyOption };
      const updated = rewarrant({ ...option, lines }, ladder);
      return { content: { ...content, options: content.options.map((o) => (o.key === option.key ? updated : o)) }, message: `${option.title} option's lines saved.` };
    }
    case "add-add-on": {
      const item = data.items.find((i) => i.id === change.priceBookItemId);
      if (!item) return { ok: false, status: 422, field: "priceBookItemId", message: "Choose an item from the price book." };
      if (content.addOns.length >= 20) return { ok: false, status: 409, message: "A proposal offers at most 20 add-ons." };
      const used = new Set(content.addOns.map((a) => a.key));
      let n = content.addOns.length + 1;
      while (used.has(`addon-${n}`)) n++;
      const line = lineFor(item, `addon-${n}`, content.measurements, data.settings, change.quantityHundredths);
      if (!line) return { ok: false, status: 422, field: "quantity", message: "Enter a quantity above 0." };
      return { content: { ...content, addOns: [...content.addOns, line] }, message: `Add-on “${line.description}” offered.` };
    }
    case "remove-add-on": {
      if (!content.addOns.some((a) => a.key === change.key)) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound };
      return { content: { ...content, addOns: content.addOns.filter((a) => a.key !== change.key) }, message: "Add-on removed." };
    }
    case "save-terms": {
      if (change.expiresOn <= companyToday()) return { ok: false, status: 422, field: "expiresOn", message: PROPOSAL_TEXT.expiryPast };
      return {
        content: { ...content, discountCents: change.discountCents, taxBp: change.taxBp, depositBp: change.depositBp, terms: change.terms },
        expiresOn: change.expiresOn,
        message: "Terms saved.",
      };
    }
  }
}

async function lockedProposal(tx: DbTransaction, proposalId: string): Promise<Proposal | undefined> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, proposalId)).for("update");
  return row;
}

export async function editDraft(input: { proposalId: string; change: DraftChange; actor: SessionUser; request?: Request | null }): Promise<EditOutcome> {
  const data = await loadBuilderData();
  return db().transaction(async (tx) => {
    const row = await lockedProposal(tx, input.proposalId);
    if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound } as const;
    if (row.status !== "draft") return { ok: false, status: 409, message: PROPOSAL_TEXT.notDraft } as const;
    const applied = applyChange(input.change, proposalContentSchema.parse(row.content), data);
    if ("ok" in applied) return applied;
    const content = proposalContentSchema.parse(applied.content);
    await tx
      .update(proposals)
      .set({ content, ...(applied.expiresOn ? { expiresOn: applied.expiresOn } : {}), updatedAt: sql`now()` })
      .where(eq(proposals.id, row.id));
    await recordAudit(tx, { action: `proposal.${input.change.intent}`, actor: input.actor, targetType: "proposal", targetId: row.id, request: input.request ?? null });
    return { ok: true, message: applied.message } as const;
  });
}

/** Deletes a draft (never a sent revision: that is the record of what the homeowner was shown). */
export async function deleteDraft(input: { proposalId: string; actor: SessionUser; request?: Request | null }): Promise<EditOutcome & { leadId?: string }> {
  return db().transaction(async (tx) => {
    const row = await lockedProposal(tx, input.proposalId);
    if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound } as const;
    if (row.status !== "draft") return { ok: false, status: 409, message: PROPOSAL_TEXT.notDraft } as const;
    await tx.delete(proposals).where(eq(proposals.id, row.id));
    await recordLeadEvent(tx, { leadId: row.leadId, actor: input.actor, request: input.request, action: "proposal.delete-draft", timeline: `Draft of proposal P-${row.proposalNumber} deleted.`, details: { proposalId: row.id } });
    return { ok: true, message: "Draft deleted.", leadId: row.leadId } as const;
  });
}

/**
 * A new draft revision of a sent proposal (a change to what the homeowner was shown): the same number,
 * the next revision, the content copied. The sent revision stays acceptable until the new one is sent
 * (send-proposal.server.ts supersedes it then); an existing draft revision is returned instead of a second.
 */
export async function reviseProposal(input: { proposalId: string; actor: SessionUser; request?: Request | null }): Promise<EditOutcome> {
  return db().transaction(async (tx) => {
    const row = await lockedProposal(tx, input.proposalId);
    if (!row) return { ok: false, status: 404, message: PROPOSAL_TEXT.notFound } as const;
    if (row.status === "draft") return { ok: true, message: "This revision is still a draft.", proposalId: row.id } as const;
    if (row.status === "accepted") return { ok: false, status: 409, message: "This proposal was accepted: it is a signed job and is not revised." } as const;
    // Serialise revisions of one proposal number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`proposal:${row.proposalNumber}`}))`);
    const [latest] = await tx
      .select({ id: proposals.id, revision: proposals.revision, status: proposals.status })
      .from(proposals)
      .where(eq(proposals.proposalNumber, row.proposalNumber))
      .orderBy(sql`${proposals.revision} desc`)
      .limit(1);
    if (latest && latest.status === "draft") return { ok: true, message: "A draft revision already exists.", proposalId: latest.id } as const;
    if (latest && latest.status === "accepted") return { ok: false, status: 409, message: "This proposal was accepted: it is a signed job and is not revised." } as const;
    const [created] = await tx
      .insert(proposals)
      .values({ leadId: row.leadId, proposalNumber: row.proposalNumber, revision: (latest?.revision ?? row.revision) + 1, status: "draft", content: row.content, expiresOn: row.expiresOn, createdBy: input.actor.id })
      .returning({ id: proposals.id, revision: proposals.revision });
    await recordLeadEvent(tx, {
      leadId: row.leadId,
      actor: input.actor,
      request: input.request,
      action: "proposal.revise",
      timeline: `Revision ${created!.revision} of proposal P-${row.proposalNumber} drafted.`,
      details: { proposalId: created!.id, from: row.id },
    });
    return { ok: true, message: `Revision ${created!.revision} drafted.`, proposalId: created!.id } as const;
  });
}
