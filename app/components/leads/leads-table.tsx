import { MessageSquare, Paperclip } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { unreadMessagesText } from "~/domain/leads/messages/schemas";
import { formatPhone, pipelineLabel, serviceLabel } from "~/domain/leads/options";
import { SERVICE_AREA_TEXT } from "~/domain/leads/service-area";
import { ContactedToggle, type ContactedResult } from "./contacted-toggle";
import { formatDateTime } from "./format";

/**
 * The table of /admin/leads (spec 1 §2): Name, Contact Info (email and
 * phone), Service, Message (truncated), Date, Insurance (Yes or No),
 * Contacted (checkbox). User-supplied text is rendered as text (QUALITY S16).
 * On a phone each lead is a card (stacked table) with Contacted beside the name.
 */

export interface LeadRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  place?: string | null;
  outsideServiceArea?: boolean;
  service: string | null;
  messagePreview: string | null;
  /** ISO timestamp. */
  createdAt: string;
  hasInsuranceDocs: boolean;
  contacted: boolean;
  pipelineStatus: string;
  attachmentCount: number;
  /** The homeowner's messages staff have not read (issue 22 item 4). */
  unreadMessages: number;
}

const linkClass = "rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export function LeadsTable({ leads, onContactedResult }: { leads: LeadRow[]; onContactedResult: (result: ContactedResult) => void }) {
  return (
    <Table stacked>
      <TableHeader className="bg-slate-50">
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Contact Info</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Insurance</TableHead>
          <TableHead>Contacted</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {leads.map((lead) => {
          const name = `${lead.firstName} ${lead.lastName}`;
          return (
            <TableRow key={lead.id} data-lead-id={lead.id}>
              <TableCell className="align-top max-md:col-span-1">
                <Link to={`/admin/leads/${lead.id}`} className={`${linkClass} font-semibold text-brand-navy`}>
                  {name}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge variant={lead.pipelineStatus === "new" ? "warning" : "secondary"}>{pipelineLabel(lead.pipelineStatus)}</Badge>
                  {lead.outsideServiceArea && <Badge variant="warning">{SERVICE_AREA_TEXT.flag}</Badge>}
                  {lead.unreadMessages > 0 && (
                    <Badge variant="warning" asChild className="min-h-6">
                      <Link to={`/admin/leads/${lead.id}#lead-messages`}>
                        <MessageSquare aria-hidden="true" />
                        {unreadMessagesText(lead.unreadMessages)}
                      </Link>
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell className="align-top" label="Contact Info">
                <a href={`mailto:${lead.email}`} className={`${linkClass} block min-h-6 break-all text-slate-800`}>
                  {lead.email}
                </a>
                <a href={`tel:${lead.phone}`} className={`${linkClass} inline-flex min-h-6 items-center whitespace-nowrap text-slate-600`}>
                  {formatPhone(lead.phone)}
                </a>
                {lead.place && <span className="block text-sm text-slate-600">{lead.place}</span>}
              </TableCell>
              <TableCell className="align-top whitespace-nowrap" label="Service">{lead.service ? serviceLabel(lead.service) : "—"}</TableCell>
              <TableCell className="max-w-xs align-top" label="Message">
                <p className="line-clamp-2 break-words text-slate-700">{lead.messagePreview || "—"}</p>
              </TableCell>
              <TableCell className="align-top whitespace-nowrap text-slate-700" label="Date">{formatDateTime(lead.createdAt)}</TableCell>
              <TableCell className="align-top whitespace-nowrap" label="Insurance">
                {lead.hasInsuranceDocs ? "Yes" : "No"}
                {lead.attachmentCount > 0 && (
                  <span className="ml-2 inline-flex items-center gap-1 text-slate-600">
                    <Paperclip className="size-3.5" aria-hidden="true" />
                    <span>
                      {lead.attachmentCount}
                      <span className="sr-only"> {lead.attachmentCount === 1 ? "file" : "files"}</span>
                    </span>
                  </span>
                )}
              </TableCell>
              {/* On a phone the checkbox sits beside the name (top right of the card), labelled. */}
              <TableCell className="align-top max-md:col-span-1 max-md:col-start-2 max-md:row-start-1">
                <span aria-hidden="true" className="mr-2 text-xs font-semibold text-slate-600 md:hidden">
                  Contacted
                </span>
                <ContactedToggle leadId={lead.id} name={name} contacted={lead.contacted} onResult={onContactedResult} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
