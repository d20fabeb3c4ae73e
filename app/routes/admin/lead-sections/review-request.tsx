import { ReviewRequestSection as ReviewRequestCard } from "~/components/leads/review-request";
import type { ReviewRequestData } from "./review-request.server";
import { cardClass, leadName, type LeadSectionProps } from "./section-ui";

/** The review request's card (~/components/leads/review-request): sent when and by whom, Send, or where to add the link. */
export function ReviewRequestSection({ lead, data, busy }: LeadSectionProps & { data: ReviewRequestData }) {
  return (
    <ReviewRequestCard
      pipelineStatus={lead.pipelineStatus}
      reviewRequest={data.sent}
      linkConfigured={data.linkConfigured}
      customerName={leadName(lead)}
      busy={busy}
      className={cardClass}
    />
  );
}
