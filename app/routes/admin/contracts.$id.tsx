import { ExternalLink } from "lucide-react";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/contracts.$id";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { ContractChanges, RawData, StageHistory } from "~/components/contracts/contract-history";
import { BookmarkToggle, StageForm } from "~/components/contracts/contract-controls";
import { ContractNotes } from "~/components/contracts/contract-notes";
import { ContractSummary } from "~/components/contracts/contract-summary";
import { LeadBanner } from "~/components/leads/lead-banner";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { addContractNote } from "~/domain/contracts/add-contract-note.server";
import { CONTRACT_TEXT, contractActionSchema, contractIdOf } from "~/domain/contracts/admin-schemas";
import { contractFiltersToSearchParams, parseContractFilters } from "~/domain/contracts/contract-filters";
import { deleteContractNote } from "~/domain/contracts/delete-contract-note.server";
import { getContractDetail } from "~/domain/contracts/get-contract-detail.server";
import { setContractBookmark } from "~/domain/contracts/set-contract-bookmark.server";
import { setContractStage } from "~/domain/contracts/set-contract-stage.server";
import { adminAction, type AdminActionContext } from "~/lib/admin-action.server";

/**
 * /admin/contracts/:id: everything stored about one contract (ADR 026), its
 * pipeline stage, bookmark and notes, what re-crawls changed, and the raw
 * data. ?back=<the list's query string> keeps the list's filters on "Back to
 * Contracts".
 */

export { headers } from "./admin-headers";

/** The link back to the list, with its filters when ?back= holds valid ones (only ever /admin/contracts). */
function backLink(url: URL): string {
  const back = url.searchParams.get("back");
  if (!back || back.length > 4000) return "/admin/contracts";
  const parsed = parseContractFilters(new URLSearchParams(back.replace(/^\?/, "")));
  const query = parsed.ok ? contractFiltersToSearchParams(parsed.filters).toString() : "";
  return query ? `/admin/contracts?${query}` : "/admin/contracts";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const id = contractIdOf(params.id);
  const contract = id ? await getContractDetail(id) : null;
  if (!contract) throw data({ message: CONTRACT_TEXT.notFound }, { status: 404 });
  return { contract, userId: actor.id, back: backLink(new URL(request.url)) };
}

/** The page's contract (the URL's id), or a 404 answer for a use case. */
function withContract<T>(run: (contractId: string, input: T, ctx: AdminActionContext) => ReturnType<typeof setContractBookmark>) {
  return (input: T, ctx: AdminActionContext) => {
    const contractId = contractIdOf(ctx.params.id);
    return contractId ? run(contractId, input, ctx) : Promise.resolve({ ok: false as const, status: 404 as const, message: CONTRACT_TEXT.notFound });
  };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: contractActionSchema,
  intents: {
    stage: { failure: CONTRACT_TEXT.stageFailed, run: withContract((contractId, input, { tx, actor }) => setContractStage(tx, { contractId, stage: input.stage, actorId: actor.id })) },
    bookmark: { failure: CONTRACT_TEXT.bookmarkFailed, run: withContract((contractId, input, { tx }) => setContractBookmark(tx, { contractId, bookmarked: input.bookmarked })) },
    "add-note": { failure: CONTRACT_TEXT.addNoteFailed, run: withContract((contractId, input, { tx, actor }) => addContractNote(tx, { contractId, body: input.body, actorId: actor.id })) },
    "delete-note": {
      failure: CONTRACT_TEXT.deleteNoteFailed,
      run: withContract((contractId, input, { tx, actor }) => deleteContractNote(tx, { contractId, noteId: input.noteId, actorId: actor.id })),
    },
  },
});

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.contract.title ?? "Contract"} | Contracts` }, { name: "robots", content: "noindex" }];
}

export default function ContractDetailPage({ loaderData }: Route.ComponentProps) {
  const { contract, userId, back } = loaderData;
  return (
    <AdminPage
      title={contract.title}
      links={<BackLink to={back}>Back to Contracts</BackLink>}
      action={
        <div className="flex flex-wrap items-end gap-3">
          {contract.sourceUrl && (
            <a href={contract.sourceUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
              <ExternalLink aria-hidden="true" />
              View on source
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          <BookmarkToggle bookmarked={contract.isBookmarked} />
          <StageForm stage={contract.pipelineStage} />
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ContractSummary contract={contract} />
          <ContractChanges changes={contract.changes} />
          <RawData data={contract.rawData} />
        </div>
        <div className="grid content-start gap-6">
          <ContractNotes notes={contract.notes} userId={userId} />
          <StageHistory history={contract.stageHistory} />
        </div>
      </div>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminPage title={notFound ? CONTRACT_TEXT.notFound : "Contracts"} links={<BackLink to="/admin/contracts">Back to Contracts</BackLink>}>
      <LeadBanner text={notFound ? "This contract does not exist or was removed." : CONTRACT_TEXT.loadFailed} />
    </AdminPage>
  );
}
