import { eq, sql } from "drizzle-orm";
import { db, type DbTransaction } from "~/db/client.server";
import { leadMessages, leads, users, type LeadMessageAuthor } from "~/db/schema";
import { recordAudit } from "~/domain/accounts/audit.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { dispatchQueuedEmail, queueEmail } from "~/domain/email/queue-email.server";
import { logger } from "~/lib/logger.server";
import { customerMessageEmail, officeMessageEmail, portalEmailContext, type PortalEmailContext } from "./message-emails.server";
import { messageBody } from "./schemas";

/**
 * A message in a request's thread (issue 22 item 4), from the homeowner (the portal) or the office (the
 * lead page). In one transaction: the message, the author's side marked read up to now, and an email to
 * the other side in the outbox: the office's message to the homeowner (their account's address, else
 * the request's) with a link to the request in the portal; the homeowner's to the office address
 * (`leadAlertRecipient()`: there is no per-lead assignee in this app) with a link to the lead. Staff
 * messages are in the audit log (`lead.message`).
 *
 * The caller checked who may write: requireAdmin for staff, requireCustomer + findCustomerLeadId for a
 * customer (the portal's scoping); the body was validated with `sendMessageSchema` (schemas.ts).
 */

export interface PostLeadMessageInput {
  leadId: string;
  author: LeadMessageAuthor;
  actor: Pick<SessionUser, "id" | "email">;
  body: string;
  request?: Request;
}

export type PostLeadMessageResult = { ok: true; messageId: string } | { ok: false; reason: "not_found" };

export async function postLeadMessage(input: PostLeadMessageInput): Promise<PostLeadMessageResult> {
  // Read before the transaction: never ask the pool for a second connection while holding one.
  const context = await portalEmailContext();
  const emailIds: string[] = [];
  const result = await db().transaction(async (tx) => {
    const written = await writeLeadMessage(tx, input, context);
    if (written.ok) emailIds.push(...written.emailIds);
    return written;
  });
  await dispatchQueuedEmail(emailIds);
  return result.ok ? { ok: true, messageId: result.messageId } : result;
}

/**
 * postLeadMessage's work inside the caller's transaction (the homeowner's "Ask for another time" writes
 * its message with the appointment's change): returns the ids of the queued emails, to dispatch once
 * the transaction committed. `changeRequest` words the office's email as a request for another time.
 */
export async function writeLeadMessage(
  tx: DbTransaction,
  input: PostLeadMessageInput,
  context: PortalEmailContext,
  { changeRequest = false }: { changeRequest?: boolean } = {},
): Promise<{ ok: true; messageId: string; emailIds: string[] } | { ok: false; reason: "not_found" }> {
  const body = messageBody.parse(input.body);
  const [lead] = await tx
    .select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email, accountEmail: users.email })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.customerUserId))
    .where(eq(leads.id, input.leadId))
    .for("update", { of: leads });
  if (!lead) return { ok: false, reason: "not_found" };

  const [message] = await tx
    .insert(leadMessages)
    .values({ leadId: lead.id, author: input.author, authorUserId: input.actor.id, body })
    .returning({ id: leadMessages.id });
  const messageId = message!.id;
  await tx
    .update(leads)
    .set(input.author === "staff" ? { staffReadAt: sql`now()` } : { customerReadAt: sql`now()` })
    .where(eq(leads.id, lead.id));

  const emailIds: string[] = [];
  if (input.author === "staff") {
    // Signed with the author's first name, as the portal shows the message.
    const [author] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, input.actor.id));
    emailIds.push(await queueEmail(tx, officeMessageEmail(context, lead, body, author?.firstName ?? null)));
    await recordAudit(tx, {
      action: "lead.message",
      actor: input.actor,
      targetType: "lead",
      targetId: lead.id,
      details: { messageId, length: body.length },
      request: input.request ?? null,
    });
  } else if (context.officeAddress) {
    emailIds.push(await queueEmail(tx, customerMessageEmail(context.officeAddress, context, lead, body, { changeRequest })));
  } else {
    logger.warn({ leadId: lead.id }, "no office address is set (lead_alert_email or email): the homeowner's message is not emailed");
  }
  return { ok: true, messageId, emailIds };
}
