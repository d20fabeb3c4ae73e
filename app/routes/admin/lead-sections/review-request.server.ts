import { z } from "zod";
import { reviewRequestLink } from "~/domain/leads/review-link.server";
import { sendReviewRequest } from "~/domain/leads/send-review-request.server";
import { answer, leadIntent, type LeadLoadContext } from "./section.server";

/**
 * The lead's one review request: when and by whom (`sent`, null while none was sent), and whether a
 * review link is configured (`linkConfigured`: without one there is nothing to send, and the card says
 * where to add it instead of offering the button).
 */
export async function load({ detail }: LeadLoadContext) {
  const sent = detail.reviewRequest && { sentAt: detail.reviewRequest.sentAt.toISOString(), sentByName: detail.reviewRequest.sentByName };
  return { sent, linkConfigured: sent !== null || (await reviewRequestLink()) !== null };
}
export type ReviewRequestData = Awaited<ReturnType<typeof load>>;

/** The review request's form sends its intent only (send-review-request.server.ts decides the rest). */
const sendReviewRequestSchema = z.strictObject({ intent: z.literal("send-review-request") });

export const intents = {
  "send-review-request": leadIntent({
    schema: sendReviewRequestSchema,
    failure: "Failed to send the review request. Please try again.",
    run: async (_change, { leadId, actor, request, intent }) => {
      const outcome = await sendReviewRequest({ leadId, actor, request });
      return answer({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
    },
  }),
};
