import { asc, desc, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { countUnreadForCustomer } from "~/domain/leads/messages/unread-messages.server";
import { customerLeadCondition } from "./customer-leads.server";

/** A customer's requests for /portal (issue 22 item 2), newest first, with what each list card shows. */

export interface CustomerRequestSummary {
  id: string;
  createdAt: Date;
  service: string | null;
  pipelineStatus: string;
  message: string | null;
  appointment: CustomerAppointment | null;
  photos: Array<{ id: string; name: string; thumbnailReady: boolean }>;
  documents: number;
  unreadMessages: number;
}

export interface CustomerAppointment {
  date: string;
  start: string;
  end: string;
  status: "proposed" | "confirmed" | "change_requested";
}

export function appointmentOf(row: {
  appointmentDate: string | null;
  appointmentStart: string | null;
  appointmentEnd: string | null;
  appointmentStatus: CustomerAppointment["status"] | null;
}): CustomerAppointment | null {
  if (!row.appointmentDate || !row.appointmentStart || !row.appointmentEnd || !row.appointmentStatus) return null;
  return { date: row.appointmentDate, start: row.appointmentStart.slice(0, 5), end: row.appointmentEnd.slice(0, 5), status: row.appointmentStatus };
}

export async function listCustomerRequests(user: Pick<SessionUser, "id" | "email" | "emailVerified">): Promise<CustomerRequestSummary[]> {
  const rows = await db()
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      service: leads.service,
      pipelineStatus: leads.pipelineStatus,
      message: leads.message,
      appointmentDate: leads.appointmentDate,
      appointmentStart: leads.appointmentStart,
      appointmentEnd: leads.appointmentEnd,
      appointmentStatus: leads.appointmentStatus,
    })
    .from(leads)
    .where(customerLeadCondition(user))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(100);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [files, unread] = await Promise.all([
    db()
      .select({
        id: leadAttachments.id,
        leadId: leadAttachments.leadId,
        name: leadAttachments.originalName,
        contentType: leadAttachments.contentType,
        thumbnailStatus: leadAttachments.thumbnailStatus,
      })
      .from(leadAttachments)
      .where(inArray(leadAttachments.leadId, ids))
      .orderBy(asc(leadAttachments.createdAt), asc(leadAttachments.id)),
    countUnreadForCustomer(ids),
  ]);
  return rows.map((row) => {
    const own = files.filter((f) => f.leadId === row.id);
    return {
      id: row.id,
      createdAt: row.createdAt,
      service: row.service,
      pipelineStatus: row.pipelineStatus,
      message: row.message,
      appointment: appointmentOf(row),
      photos: own.filter((f) => f.contentType.startsWith("image/")).map((f) => ({ id: f.id, name: f.name, thumbnailReady: f.thumbnailStatus === "ready" })),
      documents: own.filter((f) => !f.contentType.startsWith("image/")).length,
      unreadMessages: unread.get(row.id) ?? 0,
    };
  });
}
