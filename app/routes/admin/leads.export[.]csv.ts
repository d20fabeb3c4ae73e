import type { Route } from "./+types/leads.export[.]csv";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { recordAuditSafely } from "~/domain/accounts/audit.server";
import { exportLeadsCsv } from "~/domain/leads/export-leads-csv.server";
import { parseLeadListQuery } from "~/domain/leads/schemas";
import { csvDownloadHeaders } from "~/lib/csv";

/**
 * GET /admin/leads/export.csv?<the list's filters>: the filtered lead list as
 * a CSV download (staff only; CSV-injection safe, see export-leads-csv.server.ts).
 */

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const query = parseLeadListQuery(new URL(request.url).searchParams);
  await recordAuditSafely({ action: "lead.export", actor, targetType: "lead", details: { filters: JSON.stringify(query) }, request });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportLeadsCsv(query), {
    headers: csvDownloadHeaders(`leads-${day}.csv`),
  });
}
