import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadMessages, leads, users, type LeadMessageAuthor } from "~/db/schema";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";

/**
 * A request's thread, oldest first, as one side sees it (issue 22 item 4). Who wrote each message is
 * named for the reader: staff see the homeowner's name and each colleague's; the homeowner sees "You"
 * and the office's replies signed with the staff member's first name and the business's name ("Dana,
 * Buckeye Valor Roofing": staffSignature; never their email). The caller scoped the lead (requireAdmin,
 * or the portal's findCustomerLeadId).
 */

export type MessageViewer = "staff" | "customer";

export interface LeadMessageView {
  id: string;
  author: LeadMessageAuthor;
  /** Who wrote it, in the reader's words. */
  authorName: string;
  body: string;
  createdAt: Date;
}

/** How a staff member signs to the homeowner: "Dana, Buckeye Valor Roofing"; the business alone without a first name. */
export function staffSignature(firstName: string | null | undefined, businessName: string): string {
  const first = firstName?.trim();
  return first ? `${first}, ${businessName}` : businessName;
}

export async function listLeadMessages(leadId: string, viewer: MessageViewer): Promise<LeadMessageView[]> {
  const businessName = viewer === "customer" ? (await getPublicSiteSettings()).businessName : "";
  const rows = await db()
    .select({
      id: leadMessages.id,
      author: leadMessages.author,
      body: leadMessages.body,
      createdAt: leadMessages.createdAt,
      leadFirstName: leads.firstName,
      leadLastName: leads.lastName,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
    })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .leftJoin(users, eq(users.id, leadMessages.authorUserId))
    .where(eq(leadMessages.leadId, leadId))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    authorName: authorName(row, viewer, businessName),
    body: row.body,
    createdAt: row.createdAt,
  }));
}

function authorName(
  row: { author: LeadMessageAuthor; leadFirstName: string; leadLastName: string; userFirstName: string | null; userLastName: string | null; userEmail: string | null },
  viewer: MessageViewer,
  businessName: string,
): string {
  const first = row.userFirstName?.trim();
  if (viewer === "customer") {
    if (row.author === "customer") return "You";
    return staffSignature(first, businessName);
  }
  if (row.author === "customer") return `${row.leadFirstName} ${row.leadLastName} (homeowner)`;
  const full = [first, row.userLastName?.trim()].filter(Boolean).join(" ");
  return full || row.userEmail || "Staff (account removed)";
}
