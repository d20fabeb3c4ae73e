import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { leadNotes, leads } from "~/db/schema";
import { action } from "~/routes/portal/requests.$id";
import { createSession, createUser } from "../support/factories";

/**
 * Issue 31 item 1: the homeowner gives or corrects the property's address in the portal, through the
 * request page's own action: refusals under their fields with what was typed, the service-area flag
 * following the ZIP, the timeline told; locked once the appointment is confirmed; another customer's
 * request is a 404.
 */

vi.setConfig({ testTimeout: 60_000 });

async function post(leadId: string, cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://app.test/portal/requests/${leadId}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.7" },
    body: new URLSearchParams(fields).toString(),
  });
  const value = (await action({ request, params: { id: leadId }, context: { cspNonce: "", requestId: "portal-address" } } as never)) as { data: Record<string, unknown>; init: { status: number } };
  return { status: value.init?.status ?? 200, data: value.data };
}

describe("the property's address in the portal", () => {
  test("corrected until the appointment is confirmed; the flag follows the ZIP; strangers get 404", async () => {
    const customer = await createUser({ kind: "customer", overrides: { firstName: "Siobhán" } });
    const [lead] = await db()
      .insert(leads)
      .values({ firstName: "Siobhán", lastName: "O'Brien", email: customer.email, phone: "+16145550147", submissionKey: crypto.randomUUID(), customerUserId: customer.id })
      .returning();
    const { cookie } = await createSession(customer);
    const fields = { intent: "update-address", addressStreet: "9 River Rd", addressCity: "Steubenville", addressState: "OH", addressZip: "4395" };

    const refused = await post(lead!.id, cookie, fields);
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { addressZip: "Enter a 5-digit ZIP code, like 43017." }, values: { addressStreet: "9 River Rd" } } });

    expect(await post(lead!.id, cookie, { ...fields, addressZip: "43950" })).toMatchObject({ status: 200, data: { ok: true, message: "The property's address was saved." } });
    let [row] = await db().select().from(leads).where(eq(leads.id, lead!.id));
    expect(row).toMatchObject({ addressStreet: "9 River Rd", addressZip: "43950", outsideServiceArea: true });
    expect(await post(lead!.id, cookie, { ...fields, addressStreet: "1200 Veterans Way", addressCity: "Dublin", addressZip: "43017" })).toMatchObject({ status: 200 });
    [row] = await db().select().from(leads).where(eq(leads.id, lead!.id));
    expect(row).toMatchObject({ addressCity: "Dublin", outsideServiceArea: false });
    const notes = await db().select({ body: leadNotes.body }).from(leadNotes).where(eq(leadNotes.leadId, lead!.id));
    expect(notes.map((n) => n.body)).toEqual([
      `${customer.firstName} ${customer.lastName} gave the property's address: 9 River Rd, Steubenville, OH 43950.`,
      `${customer.firstName} ${customer.lastName} changed the property's address from 9 River Rd, Steubenville, OH 43950 to 1200 Veterans Way, Dublin, OH 43017.`,
    ]);

    // Another customer: 404, nothing changed.
    const stranger = await createUser({ kind: "customer" });
    expect((await post(lead!.id, (await createSession(stranger)).cookie, { ...fields, addressZip: "43215" })).status).toBe(404);

    // Confirmed appointment: locked.
    await db().update(leads).set({ appointmentDate: "2026-12-01", appointmentStart: "09:00", appointmentEnd: "10:00", appointmentStatus: "confirmed", pipelineStatus: "inspection_scheduled", contacted: true }).where(eq(leads.id, lead!.id));
    expect(await post(lead!.id, cookie, { ...fields, addressZip: "43215" })).toMatchObject({ status: 409, data: { message: "Your appointment is confirmed for this address. To change it, write to us below." } });
    [row] = await db().select().from(leads).where(eq(leads.id, lead!.id));
    expect(row!.addressZip).toBe("43017");
  });
});
