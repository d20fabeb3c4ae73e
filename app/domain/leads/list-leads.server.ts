import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { unreadMessagesCount } from "./messages/unread-messages.server";
import type { PipelineStatus, ServiceValue } from "./options";
import { LEADS_PAGE_SIZE, type LeadListQuery } from "./schemas";

/**
 * The staff's list of leads (spec 1 §2 "Lead Management"): newest first,
 * with search (name, email, phone, message) and filters (status, service,
 * insurance, date range in the business's time zone), paged. Every value
 * reaches SQL as a parameter (QUALITY S14).
 */

/** Characters of the message in a list row (the page truncates further). */
const MESSAGE_PREVIEW = 240;

interface LeadListItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** "Dublin, OH 43017" (the street is on the lead page), or null. */
  place: string | null;
  outsideServiceArea: boolean;
  service: ServiceValue | null;
  messagePreview: string | null;
  createdAt: Date;
  hasInsuranceDocs: boolean;
  contacted: boolean;
  pipelineStatus: PipelineStatus;
  attachmentCount: number;
  /** The homeowner's messages staff have not read yet (issue 22 item 4). */
  unreadMessages: number;
}

export interface LeadListPage {
  items: LeadListItem[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE conditions of `query` (shared with the CSV export). */
export function leadFilters(query: LeadListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const searches: SQL[] = [
      ilike(sql`${leads.firstName} || ' ' || ${leads.lastName}`, pattern),
      ilike(leads.email, pattern),
      ilike(leads.message, pattern),
    ];
    const digits = query.q.replace(/\D/g, "");
    if (digits.length >= 3) searches.push(sql`${leads.phone} like ${likePattern(digits)}`);
    conditions.push(or(...searches)!);
  }
  if (query.status) conditions.push(eq(leads.pipelineStatus, query.status));
  if (query.service === "none") conditions.push(isNull(leads.service));
  else if (query.service) conditions.push(eq(leads.service, query.service));
  if (query.insurance) conditions.push(eq(leads.hasInsuranceDocs, query.insurance === "yes"));
  if (query.from) conditions.push(gte(leads.createdAt, sql`(${query.from}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}`));
  if (query.to) {
    conditions.push(lt(leads.createdAt, sql`((${query.to}::date + 1)::timestamp) at time zone ${COMPANY_TIME_ZONE}`));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listLeads(query: LeadListQuery, { pageSize = LEADS_PAGE_SIZE } = {}): Promise<LeadListPage> {
  const where = leadFilters(query);
  const [totalRow] = await db().select({ n: count() }).from(leads).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page ?? 1, pageCount);
  const attachmentCount = db()
    .select({ n: count() })
    .from(leadAttachments)
    .where(eq(leadAttachments.leadId, leads.id));
  const rows = await db()
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      phone: leads.phone,
      place: sql<string | null>`case when ${leads.addressCity} is null then null else ${leads.addressCity} || ', ' || coalesce(${leads.addressState}, '') || ' ' || coalesce(${leads.addressZip}, '') end`,
      outsideServiceArea: leads.outsideServiceArea,
      service: leads.service,
      messagePreview: sql<string | null>`left(${leads.message}, ${MESSAGE_PREVIEW})`,
      createdAt: leads.createdAt,
      hasInsuranceDocs: leads.hasInsuranceDocs,
      contacted: leads.contacted,
      pipelineStatus: leads.pipelineStatus,
      attachmentCount: sql<number>`(${attachmentCount})::int`,
      unreadMessages: unreadMessagesCount("staff"),
    })
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map((r) => ({ ...r, attachmentCount: Number(r.attachmentCount), unreadMessages: Number(r.unreadMessages) })), total, page, pageCount, pageSize };
}
