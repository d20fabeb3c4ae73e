import { Star } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { REVIEW_REQUEST_STATUSES, type PipelineStatus } from "~/domain/leads/options";
import { cn } from "~/lib/cn";
import { formatDateTime } from "./format";

/**
 * The lead page's review request (issue 22 item 6), in its side column: once sent, when and by whom;
 * while the job is won or completed and none was sent, a prominent "Send review request" (intent
 * `send-review-request`, a plain form: it works without JavaScript); before that, what it will offer.
 * Without a review link in Site Configuration (nor a Google Business Profile) there is no button: the card
 * says where to add the link. At most one per lead: the server refuses a second one in words.
 */

const REVIEW_LINK_MISSING = { before: "Add your review link in ", link: "Site Configuration", after: " to send review requests." } as const;

const SEND_REVIEW_REQUEST_INTENT = "send-review-request";

export interface ReviewRequestInfo {
  /** ISO time. */
  sentAt: string;
  sentByName: string | null;
}

export function ReviewRequestSection({
  pipelineStatus,
  reviewRequest,
  linkConfigured,
  customerName,
  busy,
  className,
}: {
  pipelineStatus: string;
  reviewRequest: ReviewRequestInfo | null;
  /** Whether a review link is configured (review-link.server.ts): without one, no button. */
  linkConfigured: boolean;
  customerName: string;
  busy: boolean;
  className?: string;
}) {
  const done = REVIEW_REQUEST_STATUSES.includes(pipelineStatus as PipelineStatus);
  const offer = done && !reviewRequest && linkConfigured;
  return (
    <section aria-labelledby="lead-review-request" className={cn(className, offer && "border-brand-navy ring-2 ring-brand-navy/20")}>
      <h2 id="lead-review-request" className="mb-3 text-lg font-bold text-brand-navy">
        Review request
      </h2>
      {reviewRequest ? (
        <p className="text-sm text-slate-800">
          Review request sent on {formatDateTime(reviewRequest.sentAt)}
          {reviewRequest.sentByName ? ` by ${reviewRequest.sentByName}` : ""}.
        </p>
      ) : offer ? (
        <Form method="post" preventScrollReset className="grid gap-3">
          <input type="hidden" name="intent" value={SEND_REVIEW_REQUEST_INTENT} />
          <p className="text-sm text-slate-800">
            The job is done: ask {customerName} for a review. One email with your review link, sent once.
          </p>
          <div>
            <button type="submit" disabled={busy} className={buttonVariants()}>
              <Star aria-hidden="true" />
              Send review request
            </button>
          </div>
        </Form>
      ) : (
        <div className="grid gap-2 text-sm text-slate-700">
          {!done && <p>When the job is won or completed, you can send the customer one email asking for a review.</p>}
          {!linkConfigured && (
            <p className="text-slate-800">
              {REVIEW_LINK_MISSING.before}
              <Link to="/admin/site-config" className="font-medium text-brand-navy underline underline-offset-4">
                {REVIEW_LINK_MISSING.link}
              </Link>
              {REVIEW_LINK_MISSING.after}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
