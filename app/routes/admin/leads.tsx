import { useState } from "react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/leads";
import { AdminPage } from "~/components/admin/admin-page";
import { useHydrated } from "~/components/admin/use-hydrated";
import { LeadBanner } from "~/components/leads/lead-banner";
import { LeadFilters } from "~/components/leads/lead-filters";
import { LeadsTable } from "~/components/leads/leads-table";
import type { ContactedResult } from "~/components/leads/contacted-toggle";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { reportLeadFailure } from "~/domain/leads/lead-failure.server";
import { listLeads } from "~/domain/leads/list-leads.server";
import { LEADS_TEXT } from "~/domain/leads/options";
import { leadListSearch, parseLeadListQuery, setContactedSchema } from "~/domain/leads/schemas";
import { setLeadContacted } from "~/domain/leads/set-lead-contacted.server";
import { cn } from "~/lib/cn";

/**
 * /admin/leads (spec 1 §2 "Lead Management"): every inspection request,
 * newest first, with the Contacted checkbox. Beyond the spec: search,
 * filters (status, service, insurance, dates), paging, CSV export of the
 * filtered list, a detail page per lead.
 */

export { headers } from "./admin-headers";

const LEAD_RANGE_REVERSED = "The date range is reversed: From is after To. Swap the two dates, or clear one of them.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseLeadListQuery(new URL(request.url).searchParams);
  // A reversed range matches nothing: say so, keeping the dates as typed, instead of "No leads match" (issue 23).
  if (query.from && query.to && query.from > query.to) {
    return { query, loadFailed: false, rangeError: LEAD_RANGE_REVERSED, total: 0, page: 1, pageCount: 1, leads: [] };
  }
  try {
    const page = await listLeads(query);
    return {
      query,
      loadFailed: false,
      rangeError: null,
      total: page.total,
      page: page.page,
      pageCount: page.pageCount,
      leads: page.items.map((lead) => ({ ...lead, createdAt: lead.createdAt.toISOString() })),
    };
  } catch (error) {
    reportLeadFailure(error, "loading the lead list failed");
    return data({ query, loadFailed: true, rangeError: null, total: 0, page: 1, pageCount: 1, leads: [] }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  let values: Record<string, string>;
  try {
    values = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  } catch {
    return data({ ok: false, error: LEADS_TEXT.updateFailed }, { status: 400 });
  }
  const parsed = setContactedSchema.safeParse(values);
  if (!parsed.success) return data({ ok: false, error: LEADS_TEXT.updateFailed }, { status: 400 });
  try {
    const outcome = await setLeadContacted({ leadId: parsed.data.leadId, contacted: parsed.data.contacted, actor, request });
    if (!outcome.ok) return data({ ok: false, leadId: parsed.data.leadId, error: LEADS_TEXT.updateFailed }, { status: 404 });
    return { ok: true, leadId: parsed.data.leadId };
  } catch (error) {
    reportLeadFailure(error, "updating a lead's contacted flag failed");
    return data({ ok: false, leadId: parsed.data.leadId, error: LEADS_TEXT.updateFailed }, { status: 500 });
  }
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Lead Management" }, { name: "robots", content: "noindex" }];
}

export default function LeadManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, query, total, page, pageCount, loadFailed, rangeError } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/leads";
  const [updateFailed, setUpdateFailed] = useState(false);
  const search = leadListSearch(query);
  const filtered = search !== "";
  // Without JavaScript the checkbox posts the page and the answer comes back as action data.
  const noJsFailure = !hydrated && actionData && "ok" in actionData && !actionData.ok;

  const onContactedResult = (result: ContactedResult) => setUpdateFailed(!result.ok);

  return (
    <AdminPage title="Lead Management" description="Inspection requests from the website, newest first.">

      {(updateFailed || noJsFailure) && <LeadBanner text={LEADS_TEXT.updateFailed} />}
      {loadFailed && <LeadBanner text={LEADS_TEXT.loadFailed} />}

      <LeadFilters query={query} exportHref={`/admin/leads/export.csv${search}`} rangeError={rangeError} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm text-slate-600">
          {loading ? LEADS_TEXT.loading : loadFailed || rangeError ? "" : `${total} ${total === 1 ? "lead" : "leads"}${filtered ? " match these filters" : ""}`}
        </p>
      </div>

      {!loadFailed && !rangeError && (
        <div aria-busy={loading || undefined} className={cn("overflow-hidden rounded-xl border border-border bg-white shadow-sm", loading && "opacity-60")}>
          {leads.length === 0 ? (
            <p className="p-6 text-slate-600">{filtered ? LEADS_TEXT.emptyFiltered : LEADS_TEXT.empty}</p>
          ) : (
            <LeadsTable leads={leads} onContactedResult={onContactedResult} />
          )}
        </div>
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4">
          <Link
            to={`/admin/leads${leadListSearch(query, { page: page - 1 })}`}
            aria-disabled={page <= 1 || undefined}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), page <= 1 && "pointer-events-none opacity-50")}
          >
            Previous
          </Link>
          <p className="text-sm text-slate-600">
            Page {page} of {pageCount}
          </p>
          <Link
            to={`/admin/leads${leadListSearch(query, { page: page + 1 })}`}
            aria-disabled={page >= pageCount || undefined}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), page >= pageCount && "pointer-events-none opacity-50")}
          >
            Next
          </Link>
        </nav>
      )}
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return (
    <AdminPage title="Lead Management">
      <LeadBanner text={LEADS_TEXT.loadFailed} />
    </AdminPage>
  );
}
