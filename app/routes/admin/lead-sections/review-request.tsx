import { ReviewRequestSection as ReviewRequestCard } from "~/components/leads/review-request";
import type { ReviewRequestData } from "./review-request.server";
import { cardClass, leadName, type LeadSectionProps } from "./section-ui";

/** The review request's card (~/components/leads/review-request): sent when and by whom, or Send. */
export function ReviewRequestSection({ lead, data, busy }: LeadSectionProps & { data: ReviewRequestData }) {
  return <ReviewRequestCard pipelineStatus={lead.pipelineStatus} reviewRequest={data} customerName={leadName(lead)} busy={busy} className={cardClass} />;
}
