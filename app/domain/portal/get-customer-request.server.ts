import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { ThumbnailStatus } from "~/domain/leads/thumbnail-status";
import { listLeadMessages, type LeadMessageView } from "~/domain/leads/messages/list-lead-messages.server";
import { customerLeadCondition } from "./customer-leads.server";
import { appointmentOf, type CustomerAppointment } from "./list-customer-requests.server";

/**
 * One of a customer's requests for /portal/requests/:id: what they sent, its files, the insurance details,
 * the appointment and the messages. null when the id is not one of theirs (the route answers 404).
 * Nothing staff-only leaves here: no notes, no attribution, no client address.
 */

interface CustomerRequestFile {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  /** pending until the thumbnail job made it (the page then asks for it: issue 31 item 5), ready, failed, none (a PDF). */
  thumbnailStatus: ThumbnailStatus;
  addedFromPortal: boolean;
  /** A proposal's PDF (sent or signed) kept with the request's files. */
  fromProposal: boolean;
}

type CustomerRequestMessage = LeadMessageView;

export interface CustomerRequestDetail {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string | null;
  message: string | null;
  pipelineStatus: string;
  insuranceCompany: string | null;
  claimNumber: string | null;
  /** The property's address (issue 31 item 1). */
  address: { street: string | null; city: string | null; state: string | null; zip: string | null };
  dateOfLoss: string | null;
  hasInsuranceDocs: boolean;
  updatedAt: Date;
  appointment: CustomerAppointment | null;
  reviewRequested: boolean;
  files: CustomerRequestFile[];
  messages: CustomerRequestMessage[];
  /** When the customer last read the thread (before this visit), for the "new" marks. */
  readUntil: Date | null;
}

export async function getCustomerRequest(
  user: Pick<SessionUser, "id" | "email" | "emailVerified">,
  leadId: string,
): Promise<CustomerRequestDetail | null> {
  const [lead] = await db()
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), customerLeadCondition(user)))
    .limit(1);
  if (!lead) return null;
  const [files, messages] = await Promise.all([
    db()
      .select({
        id: leadAttachments.id,
        name: leadAttachments.originalName,
        contentType: leadAttachments.contentType,
        sizeBytes: leadAttachments.sizeBytes,
        createdAt: leadAttachments.createdAt,
        thumbnailStatus: leadAttachments.thumbnailStatus,
        addedFrom: leadAttachments.addedFrom,
      })
      .from(leadAttachments)
      .where(eq(leadAttachments.leadId, lead.id))
      .orderBy(asc(leadAttachments.createdAt), asc(leadAttachments.id)),
    listLeadMessages(lead.id, "customer"),
  ]);
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    service: lead.service,
    message: lead.message,
    pipelineStatus: lead.pipelineStatus,
    insuranceCompany: lead.insuranceCompany,
    address: { street: lead.addressStreet, city: lead.addressCity, state: lead.addressState, zip: lead.addressZip },
    claimNumber: lead.claimNumber,
    dateOfLoss: lead.dateOfLoss,
    hasInsuranceDocs: lead.hasInsuranceDocs,
    updatedAt: lead.updatedAt,
    appointment: appointmentOf(lead),
    reviewRequested: lead.reviewRequestedAt !== null,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      createdAt: f.createdAt,
      thumbnailStatus: f.thumbnailStatus,
      addedFromPortal: f.addedFrom === "portal",
      fromProposal: f.addedFrom === "proposal",
    })),
    messages,
    readUntil: lead.customerReadAt,
  };
}
