import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCategories, contractChanges, contractNotes, contractOpportunities, contractSources, contractStageChanges, users, type ContractFieldChange } from "~/db/schema";
import type { ContractStatus, PipelineStage } from "./contract-filters";
import { isVeteranSetAside, safeSourceUrl } from "./contract-query.server";

/** How many entries of each history the page shows (newest first). */
const CONTRACT_HISTORY_SHOWN = 50;

export interface ContractNoteView {
  id: string;
  body: string;
  createdAt: string;
  authorUserId: string | null;
  authorName: string | null;
}

export interface ContractChangeView {
  id: string;
  changedAt: string;
  crawlSessionId: string | null;
  changes: ContractFieldChange[];
}

export interface ContractStageChangeView {
  id: string;
  fromStage: PipelineStage;
  toStage: PipelineStage;
  changedAt: string;
  changedByName: string | null;
}

export interface ContractDetail {
  id: string;
  externalId: string;
  title: string;
  description: string | null;
  agencyName: string | null;
  contactPerson: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contractType: string | null;
  estimatedValue: number | null;
  currency: string;
  locationCity: string | null;
  locationState: string | null;
  locationCountry: string;
  /** ISO date-times. */
  postedDate: string | null;
  deadlineDate: string | null;
  workStartDate: string | null;
  workEndDate: string | null;
  requirements: string | null;
  qualifications: string | null;
  submissionInstructions: string | null;
  documentsRequired: string[];
  tags: string[];
  priorityScore: number;
  isFeatured: boolean;
  isBookmarked: boolean;
  isActive: boolean;
  status: ContractStatus;
  /** Only an http(s) address, else null. */
  sourceUrl: string | null;
  /** First seen (created_at) and last seen (last_scraped_at). */
  firstSeenAt: string;
  lastSeenAt: string | null;
  scrapeCount: number;
  updatedAt: string;
  rawData: Record<string, unknown>;
  veteranSetAside: boolean;
  source: { name: string; slug: string };
  category: { name: string; slug: string } | null;
  pipelineStage: PipelineStage;
  pipelineStageChangedAt: string | null;
  pipelineStageChangedByName: string | null;
  notes: ContractNoteView[];
  changes: ContractChangeView[];
  stageHistory: ContractStageChangeView[];
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const nameOf = (first: string | null, last: string | null, name: string | null) => (first || last ? `${first ?? ""} ${last ?? ""}`.trim() : name);

/** Everything stored about one contract (active or not), with its notes and histories; null when there is none. */
export async function getContractDetail(id: string): Promise<ContractDetail | null> {
  const [row] = await db()
    .select({
      c: contractOpportunities,
      sourceName: contractSources.name,
      sourceSlug: contractSources.slug,
      categoryName: contractCategories.name,
      categorySlug: contractCategories.slug,
      stageByFirst: users.firstName,
      stageByLast: users.lastName,
      stageByName: users.name,
    })
    .from(contractOpportunities)
    .innerJoin(contractSources, eq(contractSources.id, contractOpportunities.sourceId))
    .leftJoin(contractCategories, eq(contractCategories.id, contractOpportunities.categoryId))
    .leftJoin(users, eq(users.id, contractOpportunities.pipelineStageChangedBy))
    .where(eq(contractOpportunities.id, id));
  if (!row) return null;
  const [notes, changes, stages] = await Promise.all([
    db()
      .select({ id: contractNotes.id, body: contractNotes.body, createdAt: contractNotes.createdAt, authorUserId: contractNotes.authorUserId, first: users.firstName, last: users.lastName, name: users.name })
      .from(contractNotes)
      .leftJoin(users, eq(users.id, contractNotes.authorUserId))
      .where(eq(contractNotes.contractId, id))
      .orderBy(desc(contractNotes.createdAt), desc(contractNotes.id)),
    db()
      .select()
      .from(contractChanges)
      .where(eq(contractChanges.contractId, id))
      .orderBy(desc(contractChanges.changedAt), desc(contractChanges.id))
      .limit(CONTRACT_HISTORY_SHOWN),
    db()
      .select({ id: contractStageChanges.id, fromStage: contractStageChanges.fromStage, toStage: contractStageChanges.toStage, changedAt: contractStageChanges.changedAt, first: users.firstName, last: users.lastName, name: users.name })
      .from(contractStageChanges)
      .leftJoin(users, eq(users.id, contractStageChanges.changedBy))
      .where(eq(contractStageChanges.contractId, id))
      .orderBy(desc(contractStageChanges.changedAt), desc(contractStageChanges.id))
      .limit(CONTRACT_HISTORY_SHOWN),
  ]);
  const c = row.c;
  return {
    id: c.id,
    externalId: c.externalId,
    title: c.title,
    description: c.description,
    agencyName: c.agencyName,
    contactPerson: c.contactPerson,
    contactEmail: c.contactEmail,
    contactPhone: c.contactPhone,
    contractType: c.contractType,
    estimatedValue: c.estimatedValue,
    currency: c.currency,
    locationCity: c.locationCity,
    locationState: c.locationState,
    locationCountry: c.locationCountry,
    postedDate: iso(c.postedDate),
    deadlineDate: iso(c.deadlineDate),
    workStartDate: iso(c.workStartDate),
    workEndDate: iso(c.workEndDate),
    requirements: c.requirements,
    qualifications: c.qualifications,
    submissionInstructions: c.submissionInstructions,
    documentsRequired: c.documentsRequired,
    tags: c.tags,
    priorityScore: c.priorityScore,
    isFeatured: c.isFeatured,
    isBookmarked: c.isBookmarked,
    isActive: c.isActive,
    status: c.status,
    sourceUrl: safeSourceUrl(c.sourceUrl),
    firstSeenAt: c.createdAt.toISOString(),
    lastSeenAt: iso(c.lastScrapedAt),
    scrapeCount: c.scrapeCount,
    updatedAt: c.updatedAt.toISOString(),
    rawData: c.rawData,
    veteranSetAside: isVeteranSetAside(c.tags),
    source: { name: row.sourceName, slug: row.sourceSlug },
    category: row.categoryName !== null && row.categorySlug !== null ? { name: row.categoryName, slug: row.categorySlug } : null,
    pipelineStage: c.pipelineStage,
    pipelineStageChangedAt: iso(c.pipelineStageChangedAt),
    pipelineStageChangedByName: nameOf(row.stageByFirst, row.stageByLast, row.stageByName),
    notes: notes.map((n) => ({ id: n.id, body: n.body, createdAt: n.createdAt.toISOString(), authorUserId: n.authorUserId, authorName: nameOf(n.first, n.last, n.name) })),
    changes: changes.map((ch) => ({ id: ch.id, changedAt: ch.changedAt.toISOString(), crawlSessionId: ch.crawlSessionId, changes: ch.changes })),
    stageHistory: stages.map((s) => ({ id: s.id, fromStage: s.fromStage, toStage: s.toStage, changedAt: s.changedAt.toISOString(), changedByName: nameOf(s.first, s.last, s.name) })),
  };
}
