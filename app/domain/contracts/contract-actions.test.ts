import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, contractNotes, contractOpportunities, contractStageChanges } from "~/db/schema";
import { action } from "~/routes/admin/contracts.$id";
import { insertContract } from "../../../tests/support/contracts";
import { createSession, createUser } from "../../../tests/support/factories";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { getContractDetail } from "./get-contract-detail.server";

/** The detail page's action (the kit's adminAction) called in-process, as React Router would, for the page of `contractId`. */
async function post(cookie: string, contractId: string, fields: Record<string, string>) {
  const request = new Request(`http://app.test/admin/contracts/${contractId}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.9" },
    body: new URLSearchParams(fields),
  });
  const result = (await action({ request, params: { id: contractId }, context: {} } as never)) as unknown as {
    data: { ok: boolean; toast: { title: string; text: string }; fieldErrors?: Record<string, string> };
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

const auditActions = async () => (await db().select({ action: auditLog.action }).from(auditLog)).map((r) => r.action).filter((a) => a.startsWith("contract."));

describe("the contract detail page's changes", () => {
  let cookie = "";
  let adminId = "";
  let contractId = "";

  beforeEach(async () => {
    await resetTestDatabase();
    const admin = await createUser({ kind: "admin", overrides: { firstName: "Dana", lastName: "Reyes" } });
    adminId = admin.id;
    cookie = (await createSession(admin)).cookie;
    contractId = (await insertContract({ title: "Roof repair at Station 4" })).id;
  });

  it("sets the pipeline stage, keeps who and when, and its history", async () => {
    const answer = await post(cookie, contractId, { intent: "stage", stage: "bidding" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Success", text: "Pipeline stage set to Bidding." } } });
    const detail = (await getContractDetail(contractId))!;
    expect(detail.pipelineStage).toBe("bidding");
    expect(detail.pipelineStageChangedByName).toBe("Dana Reyes");
    expect(detail.stageHistory).toMatchObject([{ fromStage: "new", toStage: "bidding", changedByName: "Dana Reyes" }]);
    // The same stage again changes nothing in the history.
    expect((await post(cookie, contractId, { intent: "stage", stage: "bidding" })).status).toBe(200);
    expect(await db().select().from(contractStageChanges)).toHaveLength(1);
    expect(await auditActions()).toEqual(["contract.stage", "contract.stage"]);
  });

  it("bookmarks and removes the bookmark", async () => {
    expect((await post(cookie, contractId, { intent: "bookmark", bookmarked: "true" })).body.toast.text).toBe("Contract bookmarked.");
    expect((await getContractDetail(contractId))!.isBookmarked).toBe(true);
    expect((await post(cookie, contractId, { intent: "bookmark", bookmarked: "false" })).body.toast.text).toBe("Bookmark removed.");
    expect((await getContractDetail(contractId))!.isBookmarked).toBe(false);
    expect(await auditActions()).toEqual(["contract.bookmark", "contract.unbookmark"]);
  });

  it("adds a note and deletes one's own note only", async () => {
    expect((await post(cookie, contractId, { intent: "add-note", body: "  Site visit on Friday.\r\nBring the drone.  " })).body.toast.text).toBe("Note added.");
    const [note] = (await getContractDetail(contractId))!.notes;
    expect(note).toMatchObject({ body: "Site visit on Friday.\nBring the drone.", authorName: "Dana Reyes", authorUserId: adminId });

    const other = await createUser({ kind: "admin" });
    const otherCookie = (await createSession(other)).cookie;
    const refused = await post(otherCookie, contractId, { intent: "delete-note", noteId: note!.id });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, toast: { text: "You can only delete your own notes." } } });

    const deleted = await post(cookie, contractId, { intent: "delete-note", noteId: note!.id });
    expect(deleted).toMatchObject({ status: 200, body: { toast: { text: "Note deleted." } } });
    expect(await db().select().from(contractNotes)).toHaveLength(0);
    expect(await auditActions()).toEqual(["contract.note.add", "contract.note.delete"]);
  });

  it("refuses invalid input and unknown contracts or notes, writing nothing", async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      [contractId, { intent: "stage", stage: "done" }, 400],
      [contractId, { intent: "stage" }, 400],
      [contractId, { intent: "bookmark", bookmarked: "yes" }, 400],
      [contractId, { intent: "add-note", body: "   " }, 400],
      [contractId, { intent: "add-note", body: "x".repeat(5001) }, 400],
      [contractId, { intent: "add-note", body: "a\u0000b" }, 400],
      [contractId, { intent: "delete-note", noteId: "1 OR 1=1" }, 400],
      [contractId, { intent: "delete-note", noteId: crypto.randomUUID() }, 404],
      [contractId, { intent: "drop-table" }, 400],
      [crypto.randomUUID(), { intent: "stage", stage: "won" }, 404],
      ["not-an-id", { intent: "bookmark", bookmarked: "true" }, 404],
      [crypto.randomUUID(), { intent: "add-note", body: "hello" }, 404],
    ];
    for (const [id, fields, status] of cases) expect((await post(cookie, id, fields)).status, JSON.stringify(fields)).toBe(status);
    const [row] = await db().select().from(contractOpportunities).where(eq(contractOpportunities.id, contractId));
    expect(row).toMatchObject({ pipelineStage: "new", isBookmarked: false });
    expect(await db().select().from(contractNotes)).toHaveLength(0);
    expect(await auditActions()).toEqual([]);
  });

  it("shows every stored field, first and last seen, and nothing for an unknown id", async () => {
    const detail = (await getContractDetail(contractId))!;
    expect(detail).toMatchObject({ title: "Roof repair at Station 4", scrapeCount: 1, source: { slug: "bidnet" }, notes: [], changes: [], stageHistory: [] });
    expect(detail.firstSeenAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await getContractDetail(crypto.randomUUID())).toBeNull();
  });
});
