import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, test } from "vitest";
import { AdminData, type AdminLoadedData } from "./admin-data";

// The states of a screen's streamed data, rendered as the server streams them. (In a browser the loading
// state lasts as long as the query, which a test cannot hold open reliably; hence here, not in tests/e2e.)

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

const list = (loaded: Promise<AdminLoadedData<string[]>>) => (
  <AdminData resolve={loaded} loadingText="Loading GAF configuration...">
    {(names) => (
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    )}
  </AdminData>
);

describe("AdminData", () => {
  test("while the data is on its way: the spec's loading text in a busy status region", () => {
    const out = renderToString(list(new Promise(() => {})));
    expect(out).toMatch(/role="status" aria-busy="true"/);
    expect(out).toContain("Loading GAF configuration...");
  });

  test("loaded: the children with the data, no loading text", async () => {
    const out = await html(list(Promise.resolve({ ok: true, data: ["Charcoal", "Pewter Gray"] })));
    expect(out).toContain("<li>Charcoal</li><li>Pewter Gray</li>");
    expect(out).not.toContain("Loading GAF configuration...");
  });

  test("failed: the catalogue's load-failure text in the page", async () => {
    const out = await html(list(Promise.resolve({ ok: false, message: "Failed to load GAF data" })));
    expect(out).toContain("Failed to load GAF data");
    expect(out).not.toContain("<li>");
  });
});
