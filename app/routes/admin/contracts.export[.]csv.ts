import type { Route } from "./+types/contracts.export[.]csv";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { recordAuditSafely } from "~/domain/accounts/audit.server";
import { contractFiltersToSearchParams, parseContractFilters } from "~/domain/contracts/contract-filters";
import { contractCsvFileName, exportContractsCsv } from "~/domain/contracts/export-contracts-csv.server";
import { csvDownloadHeaders } from "~/lib/csv";

/**
 * GET /admin/contracts/export.csv?<the list's filters>: every contract the
 * list shows for these filters (all pages) as a CSV download, named
 * contracts-{YYYY-MM-DD}.csv (spec §9). Staff only; invalid filters answer 400.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const parsed = parseContractFilters(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return new Response(`${parsed.message}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  const filters = contractFiltersToSearchParams({ ...parsed.filters, page: 1 }).toString();
  await recordAuditSafely({ action: "contract.export", actor, targetType: "contract", details: { filters }, request });
  return new Response(await exportContractsCsv(parsed.filters), { headers: csvDownloadHeaders(contractCsvFileName()) });
}
