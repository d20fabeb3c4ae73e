import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/admin/contracts.export[.]csv";
import { insertContract } from "../../../tests/support/contracts";
import { createSession, createUser } from "../../../tests/support/factories";
import { truncate } from "../../../tests/support/test-database";
import { DEFAULT_CONTRACT_FILTERS } from "./contract-filters";
import { contractCsvFileName, exportContractsCsv } from "./export-contracts-csv.server";

const HEADER = '"Title","Agency","Location","Posted Date","Deadline Date","Estimated Value","URL","Status"\r\n';

async function csvOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keep the BOM (Response.text() would drop it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("the contracts CSV export", () => {
  let cookie = "";
  beforeAll(async () => {
    await truncate("contract_opportunities");
    cookie = (await createSession(await createUser({ kind: "admin" }))).cookie;
    await insertContract({
      title: '=HYPERLINK("http://evil.example","Click")',
      agencyName: "+Agency, with comma",
      locationCity: "Columbus",
      locationState: "OH",
      postedDate: new Date("2026-03-12T03:30:00Z"),
      deadlineDate: new Date("2026-04-01T20:00:00Z"),
      estimatedValue: 1234567.89,
      sourceUrl: "https://example.com/bid?a=1&b=2",
    });
    await insertContract({ title: "-2+3 \"quoted\" title\nsecond line", agencyName: "@SUM(A1)", locationState: "KY", sourceUrl: "javascript:alert(1)", postedDate: new Date("2026-03-01T12:00:00Z") });
    await insertContract({ title: "Inactive", isActive: false });
  });

  it("has the spec's columns, a BOM, CRLF, quoting and neutralised formulas", async () => {
    const text = await csvOf(await exportContractsCsv(DEFAULT_CONTRACT_FILTERS));
    expect(text.startsWith(`\ufeff${HEADER}`)).toBe(true);
    const rows = text.slice(1 + HEADER.length);
    expect(rows).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")","'+Agency, with comma","Columbus, OH","2026-03-11","2026-04-01","$1,234,568","https://example.com/bid?a=1&b=2","Active"\r\n` +
        `"'-2+3 ""quoted"" title\nsecond line","'@SUM(A1)","KY","2026-03-01","","N/A","","Active"\r\n`,
    );
  });

  it("exports every page of the filtered list", async () => {
    for (let i = 0; i < 60; i += 1) await insertContract({ title: `Bulk ${i}`, locationState: "WV" });
    const text = await csvOf(await exportContractsCsv({ ...DEFAULT_CONTRACT_FILTERS, state: "WV", page: 3 }));
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(61);
  });

  it("is a download named by the company's date, never cached; invalid filters are 400", async () => {
    expect(contractCsvFileName(new Date("2026-11-26T03:00:00Z"))).toBe("contracts-2026-11-25.csv");
    const ok = (await loader({ request: new Request("http://app.test/admin/contracts/export.csv?state=ky", { headers: { cookie } }), params: {}, context: {} } as never)) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(ok.headers.get("content-disposition")).toMatch(/^attachment; filename=contracts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect((await ok.text()).split("\r\n").filter(Boolean)).toHaveLength(2);
    const bad = (await loader({ request: new Request("http://app.test/admin/contracts/export.csv?min=' OR 1=1--", { headers: { cookie } }), params: {}, context: {} } as never)) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Minimum value must be a whole number");
  });
});
