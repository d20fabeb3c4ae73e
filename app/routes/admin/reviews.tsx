import { Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/reviews";
import { AdminData } from "~/components/admin/admin-data";
import type { FieldSpec } from "~/components/admin/admin-form";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/admin/data-table";
import { FormDialog } from "~/components/admin/form-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ConfirmDeleteButton, IntentButton, RowButton } from "~/components/admin/row-actions";
import { RatingStars, RatingStarSymbol, ReviewerAvatar } from "~/components/reviews/review-parts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { DEFAULT_REVIEW_RATING, MAX_REVIEW_RATING, MIN_REVIEW_RATING, REVIEW_TEXT, reviewActionSchema, saveReviewSchema } from "~/domain/reviews/admin-schemas";
import { deleteReview } from "~/domain/reviews/delete-review.server";
import { reviewTimeLabel } from "~/domain/reviews/display";
import { listReviewsForAdmin } from "~/domain/reviews/list-reviews-for-admin.server";
import { saveReview } from "~/domain/reviews/save-review.server";
import { setReviewActive } from "~/domain/reviews/set-review-active.server";
import type { AdminReview } from "~/domain/reviews/types";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * /admin/reviews (spec 2 §2 "Review management"): every review with the
 * columns Reviewer, Rating, Review, Status, Actions; the count in the
 * heading; Add Review and Edit in a dialog; Activate/Deactivate; delete
 * after confirmation. Only active reviews are on the public pages, which
 * follow each change at once (the content-change trigger clears their cache).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { reviews: adminLoad(listReviewsForAdmin, REVIEW_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: reviewActionSchema,
  intents: {
    "save-review": { failure: REVIEW_TEXT.saveFailed, run: (input, { tx }) => saveReview(tx, input) },
    "set-review-active": { failure: REVIEW_TEXT.updateFailed, run: (input, { tx }) => setReviewActive(tx, input) },
    "delete-review": { failure: REVIEW_TEXT.deleteFailed, run: (input, { tx }) => deleteReview(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: REVIEW_TEXT.title }, { name: "robots", content: "noindex" }];
}

const RATING_OPTIONS = Array.from({ length: MAX_REVIEW_RATING - MIN_REVIEW_RATING + 1 }, (_, i) => {
  const stars = MAX_REVIEW_RATING - i;
  return { value: String(stars), label: `${stars} ${stars === 1 ? "star" : "stars"}` };
});

const REVIEW_FIELDS: readonly FieldSpec[] = [
  { name: "reviewerName", label: "Reviewer Name", kind: "text", required: true, maxLength: 200 },
  { name: "rating", label: "Rating", kind: "select", required: true, options: RATING_OPTIONS },
  { name: "reviewText", label: "Review", kind: "textarea", maxLength: 5000 },
  {
    name: "relativeTimeDescription",
    label: "Time description",
    kind: "text",
    maxLength: 100,
    placeholder: "e.g. 2 weeks ago",
    hint: "Shown under the review on the website. Left blank, it shows “Google Review”.",
  },
  { name: "isActive", label: "Active", kind: "checkbox" },
];

const NEW_REVIEW_VALUES: Record<string, string> = { rating: String(DEFAULT_REVIEW_RATING), isActive: "on" };

function formValues(review: AdminReview): Record<string, string> {
  return {
    reviewerName: review.reviewerName,
    rating: String(review.rating),
    reviewText: review.reviewText ?? "",
    relativeTimeDescription: review.relativeTimeDescription,
    isActive: review.isActive ? "on" : "",
  };
}

/** How a row's buttons name their review for assistive technology ("Edit review by Karen Mitchell"). */
function itemName(review: AdminReview): string {
  return `review by ${review.reviewerName}`;
}

export default function ReviewManagement({ loaderData }: Route.ComponentProps) {
  const [addOpen, setAddOpen] = useState(false);

  const addDialog = (
    <FormDialog
      open={addOpen}
      onOpenChange={setAddOpen}
      title="Add Review"
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Review
        </Button>
      }
      schema={saveReviewSchema}
      intent="save-review"
      fields={REVIEW_FIELDS}
      values={NEW_REVIEW_VALUES}
      submitLabel="Add Review"
    />
  );

  return (
    <AdminPage
      title={REVIEW_TEXT.title}
      count={<AdminCount resolve={loaderData.reviews} count={(reviews) => reviews.length} />}
      action={addDialog}
    >
      <AdminData resolve={loaderData.reviews} loadingText={REVIEW_TEXT.loading}>
        {(reviews) => <ReviewsTable reviews={reviews} onAdd={() => setAddOpen(true)} />}
      </AdminData>
    </AdminPage>
  );
}

function ReviewsTable({ reviews, onAdd }: { reviews: AdminReview[]; onAdd: () => void }) {
  return (
    <>
      <RatingStarSymbol />
      <DataTable
        caption="Reviews"
        columns={COLUMNS}
        rows={reviews}
        rowKey={(review) => review.id}
        actions={(review) => <ReviewActions review={review} />}
        empty={
          <EmptyState
            action={
              <Button type="button" onClick={onAdd}>
                <Plus aria-hidden="true" />
                Add Review
              </Button>
            }
          >
            {REVIEW_TEXT.empty}
          </EmptyState>
        }
      />
    </>
  );
}

const COLUMNS: ReadonlyArray<Column<AdminReview>> = [
  { header: "Reviewer", cell: (review) => <ReviewerCell review={review} />, className: "min-w-56" },
  { header: "Rating", cell: (review) => <RatingStars rating={review.rating} size="sm" /> },
  {
    header: "Review",
    className: "min-w-64 max-w-xl whitespace-normal",
    cell: (review) => (
      <div className="grid gap-1">
        {review.reviewText ? (
          <p className="line-clamp-3 whitespace-pre-line text-slate-700">{review.reviewText}</p>
        ) : (
          <p className="text-slate-500 italic">No review text</p>
        )}
        <p className="text-xs text-slate-600">{reviewTimeLabel(review.relativeTimeDescription)}</p>
      </div>
    ),
  },
  {
    header: "Status",
    cell: (review) => <Badge variant={review.isActive ? "success" : "outline"}>{review.isActive ? "Active" : "Inactive"}</Badge>,
  },
];

function ReviewerCell({ review }: { review: AdminReview }) {
  return (
    <div className="flex items-center gap-3">
      <ReviewerAvatar name={review.reviewerName} size="sm" />
      <div className="grid min-w-0 justify-items-start gap-1">
        <span className="font-medium break-words whitespace-normal text-slate-900">{review.reviewerName}</span>
        {review.isDemo && (
          <Badge variant="warning" title="Sample content: replace it with a real review before launch">
            Demo
            <span className="sr-only">: sample content to replace before launch</span>
          </Badge>
        )}
      </div>
    </div>
  );
}

function ReviewActions({ review }: { review: AdminReview }) {
  const [editOpen, setEditOpen] = useState(false);
  const name = itemName(review);
  return (
    <>
      <FormDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        title="Edit Review"
        trigger={<RowButton label="Edit" itemName={name} icon={Pencil} />}
        schema={saveReviewSchema}
        intent="save-review"
        fields={REVIEW_FIELDS}
        values={formValues(review)}
        hidden={{ id: review.id }}
        submitLabel="Update Review"
      />
      <IntentButton
        intent="set-review-active"
        fields={{ id: review.id, active: review.isActive ? "false" : "true" }}
        label={review.isActive ? "Deactivate" : "Activate"}
        itemName={name}
        icon={review.isActive ? EyeOff : Eye}
      />
      <ConfirmDeleteButton
        intent="delete-review"
        fields={{ id: review.id }}
        what="review"
        itemName={name}
        icon={Trash2}
        detail={`The review by ${review.reviewerName} will be deleted. This cannot be undone.`}
      />
    </>
  );
}
