import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/domain/accounts/session.server";
import { runLeadIntent } from "./index.server";

/**
 * The lead page's intent dispatch (the registry of its sections): an intent no section has is refused
 * whatever its name (Object.prototype's included), and a section's intent is parsed with its own schema
 * before anything runs. Every case here is refused before a use case is called: the intents' effects
 * are tested through the route (../leads.test.ts, ../lead-messages-appointment.test.ts).
 */

const actor = { id: "staff" } as unknown as SessionUser;
const leadId = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

async function post(fields: Record<string, string>, id: string | null = leadId) {
  const request = new Request("http://app.test/admin/leads/x", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await runLeadIntent({ request, actor, leadId: id });
  return { status: result.init?.status ?? 200, data: result.data };
}

const KNOWN =
  "'set-contacted' | 'set-status' | 'add-note' | 'update-insurance' | 'invite-to-portal' | 'send-review-request' | 'send-message' | 'set-appointment' | 'clear-appointment' | 'save-measurements'";

describe("the lead page's intent dispatch", () => {
  it("refuses an unknown intent, naming the known ones, Object.prototype's names included", async () => {
    for (const intent of ["delete-everything", "__proto__", "constructor", "toString", "hasOwnProperty", ""]) {
      expect(await post({ intent }), intent).toEqual({
        status: 400,
        data: { ok: false, intent, message: `The change could not be made. Invalid discriminator value. Expected ${KNOWN}` },
      });
    }
    expect((await post({})).data).toMatchObject({ ok: false, intent: "", message: expect.stringMatching(/^The change could not be made\. /) });
  });

  it("parses a section's intent with its own schema: field errors with what was typed, else its failure text", async () => {
    expect(await post({ intent: "add-note", body: "   " })).toEqual({
      status: 400,
      data: { ok: false, intent: "add-note", message: "", fieldErrors: { body: "Write a note first." }, values: { body: "   " } },
    });
    expect(await post({ intent: "add-note", body: "Hello", extra: "1" })).toEqual({
      status: 400,
      data: { ok: false, intent: "add-note", message: 'Failed to add the note. Please try again. Unrecognized key: "extra"' },
    });
    expect(await post({ intent: "clear-appointment", extra: "1" })).toMatchObject({
      status: 400,
      data: { ok: false, intent: "clear-appointment", message: expect.stringMatching(/^Failed to clear the appointment\. Please try again\. /) },
    });
  });

  it("refuses a valid form for a malformed lead id with the intent's failure text", async () => {
    expect(await post({ intent: "add-note", body: "Hello" }, null)).toEqual({
      status: 400,
      data: { ok: false, intent: "add-note", message: "Failed to add the note. Please try again." },
    });
  });
});
