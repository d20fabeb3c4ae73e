import crypto from "node:crypto";
import { authSecret } from "~/domain/accounts/secret.server";
import { siteUrl } from "~/lib/site-origin.server";

/**
 * The signed link in a booking's email (issue 31 item 3): the homeowner moves or cancels the inspection
 * without an account. The token is an HMAC of the lead and the appointment's SEQUENCE under a key derived
 * from the auth secret (never stored: the outbox keeps it sealed, ADR 046, and no table holds it), so a
 * link stops working when the appointment changes (the new email carries the new link) and a copy of the
 * database cannot make one.
 */

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), Buffer.alloc(0), "inspection-booking-link/v1", 32));
}

export function bookingToken(leadId: string, sequence: number): string {
  return crypto.createHmac("sha256", key()).update(`${leadId}:${sequence}`).digest("base64url");
}

export function isBookingToken(leadId: string, sequence: number, token: string): boolean {
  const expected = Buffer.from(bookingToken(leadId, sequence));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The page a booking's email links to; the token goes in the query (the access log keeps paths only). */
export function bookingLink(leadId: string, sequence: number): { url: string; token: string } {
  const token = bookingToken(leadId, sequence);
  return { url: siteUrl(`/booking/${leadId}?t=${token}`), token };
}
