import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { emailOutbox, leads, users } from "~/db/schema";
import { dispatchQueuedEmail, outboxRows, type OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { logger } from "~/lib/logger.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";
import { REVIEW_REQUEST_STATUSES } from "./options";
import { recordLeadEvent, type LeadActor } from "./record-lead-event.server";
import { reviewRequestLink } from "./review-link.server";

/**
 * The review request (issue 22 item 6): ONE email to the homeowner asking for a review, with the
 * business's review link (reviewRequestLink: Site Configuration's "Review link", else the Google Business
 * Profile). Only once the job is won or completed (REVIEW_REQUEST_STATUSES), and at most once per lead:
 * the lead is claimed with `UPDATE ... WHERE review_requested_at IS NULL RETURNING` in the same
 * transaction as the outbox row, the timeline line and the audit entry `lead.review_request`, so two
 * presses at once (two staff, a double click) send one email. The email goes to the customer's portal
 * account when the lead is linked to one, else to the lead's email.
 */

export const REVIEW_REQUEST_TEXT = {
  notDone: "The review request can be sent once the job is won or completed.",
  noLink: "Add the review link in Site Configuration first.",
  notFound: "This lead does not exist or was deleted.",
  alreadySent: (sentAt: Date) => `A review request was already sent on ${formatDay(sentAt)}.`,
  sent: (to: string) => `Review request sent to ${to}.`,
} as const;

export type ReviewRequestOutcome =
  | { ok: true; sentAt: Date; to: string; message: string }
  | { ok: false; status: 404 | 409 | 422; reason: "not_found" | "already_sent" | "not_done" | "no_link"; message: string };

const DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: COMPANY_TIME_ZONE });

/** "November 27, 2026", in Eastern Time. */
function formatDay(instant: Date): string {
  return DAY.format(instant);
}

function reviewRequestEmail(input: { to: string; firstName: string; leadId: string; link: string; businessName: string; replyTo: string | null }): OutgoingEmail {
  return {
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    kind: "lead.review-request",
    relatedId: input.leadId,
    ...renderEmail({
      title: `How did we do, ${input.firstName}?`,
      subject: `How did ${input.businessName} do on your roof?`,
      paragraphs: [
        `Hi ${input.firstName},`,
        `Thank you for choosing ${input.businessName}. We hope you are happy with your roof.`,
        "If you have a minute, would you tell others about your experience? A short review helps your neighbors choose a contractor, and it helps us a great deal.",
      ],
      action: { label: "Leave a review", url: input.link },
      footerNote: "We send this once, when your job is done. Reply to this email if anything about the job is not right: we will make it right.",
      brand: { name: input.businessName, url: siteOrigin() },
    }),
  };
}

export async function sendReviewRequest(input: { leadId: string; actor: LeadActor; request?: Request | null }): Promise<ReviewRequestOutcome> {
  const { leadId, actor } = input;
  // Read before the transaction (cached): never ask the pool for a second connection while holding one.
  const [link, settings] = await Promise.all([reviewRequestLink(), getPublicSiteSettings()]);
  const replyTo = z.email().safeParse(settings.email).success ? settings.email : null;

  const outcome = await db().transaction(async (tx): Promise<ReviewRequestOutcome & { emailId?: string }> => {
    const [claimed] = link
      ? await tx
          .update(leads)
          .set({ reviewRequestedAt: sql`now()`, reviewRequestedBy: actor.id, updatedAt: sql`now()` })
          .where(and(eq(leads.id, leadId), isNull(leads.reviewRequestedAt), inArray(leads.pipelineStatus, [...REVIEW_REQUEST_STATUSES])))
          .returning({ firstName: leads.firstName, email: leads.email, customerUserId: leads.customerUserId, sentAt: leads.reviewRequestedAt })
      : [];
    if (!claimed || !link) {
      // Nothing was written: say why, in the order staff can act on it.
      const [lead] = await tx.select({ sentAt: leads.reviewRequestedAt, status: leads.pipelineStatus }).from(leads).where(eq(leads.id, leadId));
      if (!lead) return { ok: false, status: 404, reason: "not_found", message: REVIEW_REQUEST_TEXT.notFound };
      if (lead.sentAt) return { ok: false, status: 409, reason: "already_sent", message: REVIEW_REQUEST_TEXT.alreadySent(lead.sentAt) };
      if (!REVIEW_REQUEST_STATUSES.includes(lead.status)) return { ok: false, status: 409, reason: "not_done", message: REVIEW_REQUEST_TEXT.notDone };
      return { ok: false, status: 422, reason: "no_link", message: REVIEW_REQUEST_TEXT.noLink };
    }
    const [account] = claimed.customerUserId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.customerUserId)) : [];
    const to = account?.email ?? claimed.email;
    const [email] = outboxRows([reviewRequestEmail({ to, firstName: claimed.firstName, leadId, link, businessName: settings.businessName, replyTo })]);
    await tx.insert(emailOutbox).values(email!);
    await recordLeadEvent(tx, {
      leadId,
      actor,
      request: input.request,
      action: "lead.review_request",
      timeline: REVIEW_REQUEST_TEXT.sent(to),
      details: { to, link },
    });
    return { ok: true, sentAt: claimed.sentAt!, to, message: REVIEW_REQUEST_TEXT.sent(to), emailId: email!.id };
  });

  if (outcome.ok && outcome.emailId) {
    await dispatchQueuedEmail(outcome.emailId);
    logger.info({ leadId }, "review request sent");
  }
  const { emailId: _id, ...answer } = outcome as ReviewRequestOutcome & { emailId?: string };
  return answer;
}
