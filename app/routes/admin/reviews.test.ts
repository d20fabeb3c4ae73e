import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, googleReviews } from "~/db/schema";
import { REVIEW_TEXT } from "~/domain/reviews/admin-schemas";
import { createSession, createUser } from "../../../tests/support/factories";
import { action, loader } from "./reviews";

/**
 * /admin/reviews called as React Router calls it, as an admin: the deferred
 * list, each intent's answer (the catalogue's toast texts), the audit entry
 * written with the change, and the failures (invalid input, a review that is
 * not there). Who may call it at all is the authorization matrix's job
 * (tests/integration/auth-authorization-matrix.test.ts).
 */

const context = { cspNonce: "", requestId: "reviews-route", formKey: "" };
let cookie = "";
let adminId = "";

function post(fields: Record<string, string>): Request {
  return new Request("http://app.test/admin/reviews", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.30" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function act(fields: Record<string, string>): Promise<{ status: number; data: Record<string, unknown> }> {
  const value = (await action({ request: post(fields), params: {}, context } as never)) as unknown as { data: Record<string, unknown>; init?: ResponseInit };
  return { status: value.init?.status ?? 200, data: value.data };
}

async function auditFor(targetId: string) {
  return db()
    .select({ action: auditLog.action, actorUserId: auditLog.actorUserId, targetType: auditLog.targetType })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), sql`${auditLog.action} like 'review.%'`));
}

beforeAll(async () => {
  const admin = await createUser({ kind: "admin" });
  adminId = admin.id;
  cookie = (await createSession(admin)).cookie;
});

describe("/admin/reviews", () => {
  it("streams every review, active or not", async () => {
    const request = new Request("http://app.test/admin/reviews", { headers: { cookie } });
    const { reviews } = await loader({ request, params: {}, context } as never);
    const loaded = await reviews;
    if (!loaded.ok) throw new Error("expected the reviews");
    expect(loaded.data).toHaveLength(7);
    expect(loaded.data.every((r) => r.isDemo)).toBe(true);
  });

  it("adds, updates, deactivates, activates and deletes, each with its toast text and audit entry", async () => {
    const added = await act({ intent: "save-review", id: "", reviewerName: "Route Tester", rating: "5", reviewText: "", relativeTimeDescription: "", isActive: "on" });
    expect(added).toEqual({ status: 200, data: { ok: true, intent: "save-review", toast: { variant: "success", title: "Success", text: REVIEW_TEXT.added } } });
    const [row] = await db().select().from(googleReviews).where(eq(googleReviews.reviewerName, "Route Tester"));
    expect(row!.googleReviewId).toMatch(/^manual_\d+$/);

    const updated = await act({ intent: "save-review", id: row!.id, reviewerName: "Route Tester", rating: "2", isActive: "on" });
    expect(updated.data).toMatchObject({ ok: true, toast: { text: REVIEW_TEXT.updated } });
    const off = await act({ intent: "set-review-active", id: row!.id, active: "false" });
    expect(off.data).toMatchObject({ ok: true, toast: { text: REVIEW_TEXT.deactivated } });
    const on = await act({ intent: "set-review-active", id: row!.id, active: "true" });
    expect(on.data).toMatchObject({ ok: true, toast: { text: REVIEW_TEXT.activated } });
    const deleted = await act({ intent: "delete-review", id: row!.id });
    expect(deleted.data).toMatchObject({ ok: true, toast: { text: REVIEW_TEXT.deleted } });

    const entries = await auditFor(row!.id);
    expect(entries.map((e) => e.action).sort()).toEqual(["review.activate", "review.create", "review.deactivate", "review.delete", "review.update"]);
    expect(entries.every((e) => e.actorUserId === adminId && e.targetType === "review")).toBe(true);
  });

  it("answers invalid input with the field's message and the save failure text, writing nothing", async () => {
    const before = (await db().select().from(googleReviews)).length;
    const blank = await act({ intent: "save-review", reviewerName: " ", rating: "5" });
    expect(blank).toEqual({
      status: 400,
      data: {
        ok: false,
        intent: "save-review",
        fieldErrors: { reviewerName: "Reviewer name is required." },
        toast: { variant: "error", title: "Error", text: REVIEW_TEXT.saveFailed },
      },
    });
    expect(await db().select().from(googleReviews)).toHaveLength(before);
  });

  it("answers a review that is not there with 404 and the intent's failure text, and audits nothing", async () => {
    const missing = crypto.randomUUID();
    expect(await act({ intent: "set-review-active", id: missing, active: "false" })).toMatchObject({
      status: 404,
      data: { ok: false, toast: { text: REVIEW_TEXT.updateFailed } },
    });
    expect(await act({ intent: "delete-review", id: missing })).toMatchObject({ status: 404, data: { ok: false, toast: { text: REVIEW_TEXT.deleteFailed } } });
    expect(await act({ intent: "save-review", id: missing, reviewerName: "Ghost", rating: "5" })).toMatchObject({
      status: 404,
      data: { ok: false, toast: { text: REVIEW_TEXT.saveFailed } },
    });
    expect(await auditFor(missing)).toEqual([]);
  });
});
