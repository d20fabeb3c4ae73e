import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import { formatPhone, pipelineLabel, serviceLabel } from "./options";
import { leadFilters } from "./list-leads.server";
import type { LeadListQuery } from "./schemas";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * The filtered lead list as CSV (~/lib/csv: RFC 4180, UTF-8 with a BOM,
 * CSV-injection safe). Streamed in batches, newest first, the same order and
 * filters as the page.
 */

const CSV_COLUMNS = [
  "Received",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Street address",
  "City",
  "State",
  "ZIP",
  "Outside service area",
  "Service",
  "Message",
  "Insurance documents",
  "Insurance company",
  "Claim number",
  "Date of loss",
  "Contacted",
  "Status",
  "Attachments",
  "Referrer",
  "Form page",
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "UTM term",
  "UTM content",
  "Lead id",
] as const;

const BATCH = 1_000;

const receivedFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: COMPANY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function received(date: Date): string {
  const parts = Object.fromEntries(receivedFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The CSV text of the leads matching `query`, as a stream of rows. */
export function exportLeadsCsv(query: LeadListQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = leadFilters(query);
  let cursor: { createdAt: Date; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvRow(CSV_COLUMNS)}`));
        return;
      }
      const after = cursor
        ? or(lt(leads.createdAt, cursor.createdAt), and(eq(leads.createdAt, cursor.createdAt), lt(leads.id, cursor.id)))
        : undefined;
      const rows = await db()
        .select({
          id: leads.id,
          createdAt: leads.createdAt,
          firstName: leads.firstName,
          lastName: leads.lastName,
          email: leads.email,
          phone: leads.phone,
          addressStreet: leads.addressStreet,
          addressCity: leads.addressCity,
          addressState: leads.addressState,
          addressZip: leads.addressZip,
          outsideServiceArea: leads.outsideServiceArea,
          service: leads.service,
          message: leads.message,
          hasInsuranceDocs: leads.hasInsuranceDocs,
          insuranceCompany: leads.insuranceCompany,
          claimNumber: leads.claimNumber,
          dateOfLoss: leads.dateOfLoss,
          contacted: leads.contacted,
          pipelineStatus: leads.pipelineStatus,
          referrer: leads.referrer,
          landingPath: leads.landingPath,
          utmSource: leads.utmSource,
          utmMedium: leads.utmMedium,
          utmCampaign: leads.utmCampaign,
          utmTerm: leads.utmTerm,
          utmContent: leads.utmContent,
          attachments: sql<number>`(select count(*) from ${leadAttachments} where ${leadAttachments.leadId} = ${leads.id})::int`,
        })
        .from(leads)
        .where(and(where, after))
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(BATCH);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
      const text = rows
        .map((r) =>
          csvRow([
            received(r.createdAt),
            r.firstName,
            r.lastName,
            r.email,
            formatPhone(r.phone),
            r.addressStreet,
            r.addressCity,
            r.addressState,
            r.addressZip,
            r.outsideServiceArea ? "Yes" : "No",
            r.service ? serviceLabel(r.service) : "",
            r.message,
            r.hasInsuranceDocs ? "Yes" : "No",
            r.insuranceCompany,
            r.claimNumber,
            r.dateOfLoss,
            r.contacted ? "Yes" : "No",
            pipelineLabel(r.pipelineStatus),
            Number(r.attachments),
            r.referrer,
            r.landingPath,
            r.utmSource,
            r.utmMedium,
            r.utmCampaign,
            r.utmTerm,
            r.utmContent,
            r.id,
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(text));
      if (rows.length < BATCH) controller.close();
    },
  });
}
