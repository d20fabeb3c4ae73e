import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leadAttachments, leads } from "~/db/schema";
import { handleInspectionRequest } from "~/domain/leads/handle-inspection-request.server";
import { LEADS_TEXT } from "~/domain/leads/options";
import { LocalDiskStorage, setUploadStorageForTests } from "~/domain/storage/upload-storage.server";
import { createSession, createUser } from "../../../tests/support/factories";
import { action as detailAction, loader as detailLoader } from "./leads.$id";
import { loader as attachmentLoader } from "./leads.$id.attachments.$attachmentId";
import { loader as exportLoader } from "./leads.export[.]csv";
import { action as listAction, loader as listLoader } from "./leads";

/**
 * The admin lead routes called as React Router calls them (loader/action
 * with a Request), as an admin: the answers, the failure banners, and the
 * download headers. Who may call them at all is the authorization matrix's
 * job (tests/integration/auth-authorization-matrix.test.ts).
 */

const uploadsRoot = fs.mkdtempSync(path.join(os.tmpdir(), "leads-routes-"));
const context = { cspNonce: "", requestId: "leads-routes", formKey: "" };
let cookie = "";
let leadId = "";
let attachmentId = "";

function get(url: string): Request {
  return new Request(`http://app.test${url}`, { headers: { cookie, "x-app-client-ip": "203.0.113.20" } });
}

function post(url: string, fields: Record<string, string>): Request {
  return new Request(`http://app.test${url}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.20" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A loader/action result, returned or thrown, as status + data. */
async function settle(run: () => unknown): Promise<{ status: number; data: unknown; headers: Headers; response?: Response }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null, headers: value.headers, response: value };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: 200, data: value, headers: new Headers() };
}

beforeAll(async () => {
  setUploadStorageForTests(new LocalDiskStorage(uploadsRoot));
  const admin = await createUser({ kind: "admin" });
  cookie = (await createSession(admin)).cookie;
  const fd = new FormData();
  for (const [k, v] of Object.entries({
    submissionKey: "route-test-key-0000000001",
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana@example.com",
    phone: "6145550111",
    hasInsuranceDocs: "on",
  })) {
    fd.append(k, v);
  }
  fd.append("files", new Blob([Buffer.from("%PDF-1.4 claim")]), 'claim "final".pdf');
  const outcome = await handleInspectionRequest(
    new Request("http://app.test/inspection-request", { method: "POST", body: fd, headers: { "x-app-client-ip": "203.0.113.21" } }),
  );
  expect(outcome.status).toBe(200);
  const [lead] = await db().select({ id: leads.id }).from(leads).where(eq(leads.email, "dana@example.com"));
  leadId = lead!.id;
  const [attachment] = await db().select({ id: leadAttachments.id }).from(leadAttachments).where(eq(leadAttachments.leadId, leadId));
  attachmentId = attachment!.id;
});

afterAll(() => {
  setUploadStorageForTests(undefined);
  fs.rmSync(uploadsRoot, { recursive: true, force: true });
});

describe("/admin/leads", () => {
  it("lists the leads", async () => {
    const result = await settle(() => listLoader({ request: get("/admin/leads"), params: {}, context } as never));
    expect(result.status).toBe(200);
    const data = result.data as { loadFailed: boolean; leads: Array<{ firstName: string; createdAt: string }> };
    expect(data.loadFailed).toBe(false);
    expect(data.leads.map((l) => l.firstName)).toEqual(["Dana"]);
    expect(typeof data.leads[0]!.createdAt).toBe("string");
  });

  it("reports a load failure (the database refusing the query) instead of an error page", async () => {
    await db().execute(sql`alter table leads rename to leads_away`);
    try {
      const result = await settle(() => listLoader({ request: get("/admin/leads"), params: {}, context } as never));
      expect(result.status).toBe(500);
      expect(result.data).toMatchObject({ loadFailed: true, leads: [] });
    } finally {
      await db().execute(sql`alter table leads_away rename to leads`);
    }
    expect(LEADS_TEXT.loadFailed).toBe("Failed to load leads. Please try again later.");
  });

  it("sets Contacted, and answers the spec's failure text for an unknown lead or a bad request", async () => {
    const ok = await settle(() => listAction({ request: post("/admin/leads", { intent: "set-contacted", leadId, contacted: "true" }), params: {}, context } as never));
    expect(ok).toMatchObject({ status: 200, data: { ok: true, leadId } });
    const [row] = await db().select({ contacted: leads.contacted, status: leads.pipelineStatus }).from(leads).where(eq(leads.id, leadId));
    expect(row).toEqual({ contacted: true, status: "contacted" });

    const missing = await settle(() =>
      listAction({ request: post("/admin/leads", { intent: "set-contacted", leadId: crypto.randomUUID(), contacted: "true" }), params: {}, context } as never),
    );
    expect(missing).toMatchObject({ status: 404, data: { ok: false, error: LEADS_TEXT.updateFailed } });
    const bad = await settle(() => listAction({ request: post("/admin/leads", { intent: "set-contacted", leadId: "1; drop table leads", contacted: "yes" }), params: {}, context } as never));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, error: "Failed to update lead status. Please try again." } });
  });
});

describe("/admin/leads/:id", () => {
  it("shows every field, the attachments and the timeline", async () => {
    const result = await settle(() => detailLoader({ request: get(`/admin/leads/${leadId}`), params: { id: leadId }, context } as never));
    const data = result.data as { lead: Record<string, unknown>; attachments: Array<{ originalName: string }>; timeline: Array<{ kind: string }> };
    expect(data.lead).toMatchObject({ firstName: "Dana", phone: "+16145550111", hasInsuranceDocs: true });
    expect(data.lead).not.toHaveProperty("submissionKey");
    expect(data.attachments.map((a) => a.originalName)).toEqual(['claim "final".pdf']);
    expect(data.timeline[0]?.kind).toBe("received");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid", "../../etc"]) {
      const result = await settle(() => detailLoader({ request: get(`/admin/leads/${id}`), params: { id }, context } as never));
      expect(result.status, id).toBe(404);
    }
  });

  it("handles each intent, and refuses a Contacted change aimed at another lead", async () => {
    const url = `/admin/leads/${leadId}`;
    const call = (fields: Record<string, string>) => settle(() => detailAction({ request: post(url, fields), params: { id: leadId }, context } as never));
    expect(await call({ intent: "set-status", status: "inspection_scheduled" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await call({ intent: "add-note", body: "Booked for Tuesday 9am." })).toMatchObject({ status: 200, data: { ok: true, message: "Note added." } });
    expect(await call({ intent: "add-note", body: "   " })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await call({ intent: "update-insurance", insuranceCompany: "Ohio Mutual", claimNumber: "", dateOfLoss: "" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await call({ intent: "set-contacted", leadId: crypto.randomUUID(), contacted: "false" })).toMatchObject({ status: 400 });
    expect(await call({ intent: "set-status", status: "hacked" })).toMatchObject({ status: 400 });
    expect(await call({ intent: "delete-everything" })).toMatchObject({ status: 400 });
    const [row] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ pipelineStatus: "inspection_scheduled", contacted: true, insuranceCompany: "Ohio Mutual", hasInsuranceDocs: false });
  });
});

describe("downloads", () => {
  it("serves an attachment as a download with nosniff, only through its own lead", async () => {
    const result = await settle(() =>
      attachmentLoader({ request: get(`/admin/leads/${leadId}/attachments/${attachmentId}`), params: { id: leadId, attachmentId }, context } as never),
    );
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/pdf");
    expect(result.headers.get("content-disposition")).toBe(`attachment; filename="claim _final_.pdf"`);
    expect(result.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(result.headers.get("cache-control")).toBe("private, no-store");
    expect(await result.response!.text()).toBe("%PDF-1.4 claim");

    const otherLead = crypto.randomUUID();
    for (const params of [{ id: otherLead, attachmentId }, { id: leadId, attachmentId: crypto.randomUUID() }, { id: "x", attachmentId: "y" }]) {
      const denied = await settle(() =>
        attachmentLoader({ request: get(`/admin/leads/${params.id}/attachments/${params.attachmentId}`), params, context } as never),
      );
      expect(denied.status).toBe(404);
    }
  });

  it("exports the filtered list as a CSV attachment", async () => {
    const result = await settle(() => exportLoader({ request: get("/admin/leads/export.csv?q=dana"), params: {}, context } as never));
    expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename=leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await result.response!.text();
    expect(csv).toContain('"Dana","Reyes","dana@example.com","(614) 555-0111"');
    const none = await settle(() => exportLoader({ request: get("/admin/leads/export.csv?q=nobody"), params: {}, context } as never));
    expect((await none.response!.text()).trim().split("\r\n")).toHaveLength(1);
  });
});
