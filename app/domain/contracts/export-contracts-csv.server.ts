import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractOpportunities } from "~/db/schema";
import { CSV_BOM, csvRow } from "~/lib/csv";
import type { ContractFilters } from "./contract-filters";
import { contractOrder, contractRowsQuery, contractWhere, safeSourceUrl, type ContractRow } from "./contract-query.server";
import { companyDay, contractStatusLabel, formatContractLocation, formatContractValue } from "./format";

/**
 * The filtered contract list as CSV (spec §9 columns; ~/lib/csv: RFC 4180,
 * UTF-8 BOM, CSV-injection safe): every matching row, not one page, in the
 * list's order. The matching ids are read once (one consistent list, at most
 * CONTRACT_EXPORT_MAX_ROWS), then the rows are streamed in batches.
 */

const CONTRACT_CSV_COLUMNS = ["Title", "Agency", "Location", "Posted Date", "Deadline Date", "Estimated Value", "URL", "Status"] as const;
const CONTRACT_EXPORT_MAX_ROWS = 200_000;
const BATCH = 1_000;

/** `contracts-YYYY-MM-DD.csv`, the company's date. */
export function contractCsvFileName(now = new Date()): string {
  return `contracts-${companyDay(now)}.csv`;
}

function contractCsvLine(row: Pick<ContractRow, "title" | "agencyName" | "locationCity" | "locationState" | "postedDate" | "deadlineDate" | "estimatedValue" | "sourceUrl" | "status">): string {
  return csvRow([
    row.title,
    row.agencyName,
    formatContractLocation(row.locationCity, row.locationState),
    row.postedDate ? companyDay(row.postedDate) : "",
    row.deadlineDate ? companyDay(row.deadlineDate) : "",
    formatContractValue(row.estimatedValue),
    safeSourceUrl(row.sourceUrl),
    contractStatusLabel(row.status),
  ]);
}

export async function exportContractsCsv(filters: ContractFilters): Promise<ReadableStream<Uint8Array>> {
  const ids = (
    await db()
      .select({ id: contractOpportunities.id })
      .from(contractOpportunities)
      .where(contractWhere(filters))
      .orderBy(...contractOrder(filters.sort))
      .limit(CONTRACT_EXPORT_MAX_ROWS)
  ).map((r) => r.id);
  const encoder = new TextEncoder();
  let offset = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvRow(CONTRACT_CSV_COLUMNS)}`));
        return;
      }
      const batch = ids.slice(offset, offset + BATCH);
      offset += BATCH;
      if (batch.length === 0) {
        controller.close();
        return;
      }
      const rows = await contractRowsQuery().where(inArray(contractOpportunities.id, batch));
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A row deleted since the ids were read is left out.
      const text = batch.map((id) => byId.get(id)).filter((r) => r !== undefined).map(contractCsvLine).join("");
      controller.enqueue(encoder.encode(text));
      if (offset >= ids.length) controller.close();
    },
  });
}
