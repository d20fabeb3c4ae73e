import { Download, FileSearch, RefreshCw } from "lucide-react";
import { Suspense } from "react";
import { Await, data, Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/contracts";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminData } from "~/components/admin/admin-data";
import { AdminPage } from "~/components/admin/admin-page";
import { FormMessage } from "~/components/admin/form-message";
import { EmptyState } from "~/components/admin/list-states";
import { ContractCard } from "~/components/contracts/contract-card";
import { ContractFiltersPanel } from "~/components/contracts/contract-filters-panel";
import { JobsNotRunningNotice } from "~/components/admin/jobs-not-running-notice";
import { CrawlActivity } from "~/components/contracts/crawl-activity";
import { CrawlControls } from "~/components/contracts/crawl-controls";
import { RecentSessions } from "~/components/contracts/recent-sessions";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { jobsNotice } from "~/domain/operations/jobs-heartbeat.server";
import { logger } from "~/lib/logger.server";
import {
  contractFilterInputOf,
  contractFiltersToSearchParams,
  DEFAULT_CONTRACT_FILTERS,
  parseContractFilters,
  type ContractFilterInput,
  type ContractFilterProblem,
  type ContractFilters,
} from "~/domain/contracts/contract-filters";
import { loadContractsWorkspace, type ContractsWorkspace } from "~/domain/contracts/crawls/load-contracts-workspace.server";
import { startCrawlFormSchema, startCrawlFromAdmin } from "~/domain/contracts/crawls/start-crawl-from-admin.server";
import { CRAWL_UI_TEXT } from "~/domain/contracts/crawls/types";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { cn } from "~/lib/cn";

/**
 * /admin/contracts (spec 2 §2 "Contracts", issue 11): crawl controls that
 * start a crawl of one source as a background job, the crawl's live progress
 * and its server-side log (ADR 028), the recent sessions, and the crawled
 * contracts with filters, sort and paging that live in the URL, and the CSV
 * export of the filtered list.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseContractFilters(new URL(request.url).searchParams);
  const filters = parsed.ok ? parsed.filters : DEFAULT_CONTRACT_FILTERS;
  return data(
    {
      filters,
      filterError: parsed.ok ? null : parsed.message,
      // A refused view keeps what was typed, with every problem (the list shows all contracts meanwhile).
      filterInput: parsed.ok ? contractFilterInputOf(filters) : parsed.input,
      filterProblems: parsed.ok ? [] : parsed.problems,
      // Crawls run as background jobs: say so when nothing runs them (issue 24).
      jobs: await jobsNotice().catch((error: unknown) => {
        logger.warn({ err: error }, "contracts: could not read the jobs' heartbeat");
        return null;
      }),
      workspace: adminLoad(() => loadContractsWorkspace(filters), CRAWL_UI_TEXT.loadFailed),
    },
    { status: parsed.ok ? 200 : 400 },
  );
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: startCrawlFormSchema,
  intents: {
    "start-crawl": { failure: CRAWL_UI_TEXT.failedToStart, run: (input, { actor }) => startCrawlFromAdmin(input, actor) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: "Contracts" }, { name: "robots", content: "noindex" }];
}

/** The query string of a view, without its page (for links that keep the filters). */
function searchOf(filters: ContractFilters, page?: number): string {
  const params = contractFiltersToSearchParams({ ...filters, page: page ?? filters.page });
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function Contracts({ loaderData }: Route.ComponentProps) {
  const { filters, filterInput, filterProblems, workspace, jobs } = loaderData;
  const exportHref = `/admin/contracts/export.csv${searchOf(filters, 1)}`;
  return (
    <AdminPage
      title="Contracts"
      description="Public bid opportunities for roofing work, crawled from government bid sites."
      links={
        <Link to="/admin/contracts/sources" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Sources
        </Link>
      }
      action={
        <Suspense fallback={<HeaderActions anyContracts={false} exportHref={exportHref} />}>
          <Await resolve={workspace}>
            {(loaded) => <HeaderActions anyContracts={loaded.ok && loaded.data.anyContracts} exportHref={exportHref} />}
          </Await>
        </Suspense>
      }
    >
      <JobsNotRunningNotice notice={jobs} />
      <AdminData resolve={workspace} loadingText="Loading contracts...">
        {(loaded) => <Workspace workspace={loaded} filters={filters} input={filterInput} problems={filterProblems} jobsStopped={jobs !== null} />}
      </AdminData>
    </AdminPage>
  );
}

function HeaderActions({ anyContracts, exportHref }: { anyContracts: boolean; exportHref: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      {anyContracts ? (
        <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      ) : (
        <Button type="button" variant="outline" disabled>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      )}
      <Link to={`${location.pathname}${location.search}`} className={buttonVariants({ variant: "outline" })} preventScrollReset>
        <RefreshCw aria-hidden="true" />
        Refresh
      </Link>
    </div>
  );
}

function Workspace({
  workspace,
  filters,
  input,
  problems,
  jobsStopped,
}: {
  workspace: ContractsWorkspace;
  filters: ContractFilters;
  input: ContractFilterInput;
  problems: ContractFilterProblem[];
  jobsStopped: boolean;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/contracts";
  const { page, anyContracts, filterOptions, targets, sessions, progress } = workspace;
  const crawling = new Set(sessions.filter((s) => s.status === "running" && s.sourceId).map((s) => s.sourceId as string));
  const filtered = searchOf({ ...filters, sort: DEFAULT_CONTRACT_FILTERS.sort }, 1) !== "";
  const pageCount = Math.max(1, Math.ceil(page.total / page.perPage));
  const first = page.total === 0 ? 0 : (page.page - 1) * page.perPage + 1;
  const last = (page.page - 1) * page.perPage + page.contracts.length;
  const listSearch = searchOf(filters);
  const detailSearch = listSearch ? `?back=${encodeURIComponent(listSearch)}` : "";
  const now = new Date();

  return (
    // One column no wider than the screen (a long title, URL or option widened the page by ~60 px at 390 px).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CrawlControls targets={targets} sources={filterOptions.sources} sourceSlug={input.source?.[0] ?? ""} crawlingSourceIds={crawling} />
      <CrawlActivity key={progress?.session.id ?? "none"} initial={progress} jobsStopped={jobsStopped} />
      <RecentSessions sessions={sessions} />
      <ContractFiltersPanel input={input} problems={problems} options={filterOptions} />

      <section aria-labelledby="contract-list-title" aria-busy={loading || undefined} className={cn("grid grid-cols-[minmax(0,1fr)] gap-4", loading && "opacity-60")}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="contract-list-title" className="text-xl font-semibold text-brand-navy">
            Opportunities
          </h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {page.total === 0
              ? "0 contracts"
              : `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${page.total.toLocaleString("en-US")} ${page.total === 1 ? "contract" : "contracts"}`}
          </p>
        </div>
        {page.contracts.length === 0 ? (
          <EmptyState
            action={
              !anyContracts && targets[0] ? (
                <Button type="button" onClick={() => void navigate(`/admin/contracts?source=${encodeURIComponent(targets[0]!.slug)}`)}>
                  Get Started
                </Button>
              ) : undefined
            }
          >
            <FileSearch aria-hidden="true" className="mx-auto mb-2 size-8 text-slate-400" />
            <span className="block font-semibold text-slate-800">No contracts found</span>
            {!anyContracts ? (
              <span className="block">No contracts have been crawled yet. Use the &apos;Get Contracts&apos; button to start crawling.</span>
            ) : filtered ? (
              <span className="block">No contracts match your current search criteria.</span>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
            {page.contracts.map((contract) => (
              <li key={contract.id}>
                <ContractCard contract={contract} detailSearch={detailSearch} now={now} />
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 || page.page > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-4">
            <Link
              to={`/admin/contracts${searchOf(filters, page.page - 1)}`}
              aria-disabled={page.page <= 1 || undefined}
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), page.page <= 1 && "pointer-events-none opacity-50")}
            >
              Previous
            </Link>
            <p className="text-sm text-slate-600">
              Page {page.page} of {pageCount}
            </p>
            <Link
              to={`/admin/contracts${searchOf(filters, page.page + 1)}`}
              aria-disabled={!page.hasMore || undefined}
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), !page.hasMore && "pointer-events-none opacity-50")}
            >
              Next
            </Link>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminPage title="Contracts">
      <FormMessage title="Error" text={CRAWL_UI_TEXT.loadFailed} />
    </AdminPage>
  );
}
