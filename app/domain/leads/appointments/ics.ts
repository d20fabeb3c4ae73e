/**
 * A calendar invitation (iCalendar, RFC 5545; iTIP methods of RFC 5546) for one inspection appointment:
 * what the customer's email carries as an `.ics` attachment. Pure: text in, text out.
 *
 * - one event per lead: its UID is stable (`lead-<id>@<site host>`), so a calendar replaces the event
 *   when the appointment changes (a higher SEQUENCE) and removes it on a CANCEL;
 * - a REQUEST is TENTATIVE while the homeowner has not confirmed the time, CONFIRMED once they have (a new
 *   invitation with a higher SEQUENCE says so); a CANCEL is CANCELLED;
 * - times are UTC instants (`...Z`), computed from the Eastern Time wall clock (daylight saving time
 *   applied), so no VTIMEZONE is needed;
 * - lines end with CRLF and are folded at 75 octets (never inside a UTF-8 character); text values are
 *   escaped (backslash, semicolon, comma, line breaks); a parameter value with `:;,` is quoted.
 */

export interface CalendarEvent {
  method: "REQUEST" | "CANCEL";
  /** A REQUEST's STATUS: TENTATIVE until the homeowner confirms, then CONFIRMED (a CANCEL is CANCELLED whatever this says). */
  status: "TENTATIVE" | "CONFIRMED";
  /** Stable per appointment (per lead): `lead-<id>@<host>`. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version of the invitation was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  /** A link to the request in the portal. */
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** The stable UID of a lead's appointment. */
export function appointmentUid(leadId: string, siteHost: string): string {
  return `lead-${leadId}@${siteHost}`;
}

/** `date` as an iCalendar UTC date-time: 20261201T140000Z. */
function icsDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/** A parameter value (CN=...): quoted when it holds `:`, `;` or `,`; a double quote cannot appear at all. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, "").trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with one space. A
 * multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let current = "";
  let currentBytes = 0;
  // The first line holds 75 octets; each continuation holds 74 after its leading space.
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > limit) {
      pieces.push(current);
      current = "";
      currentBytes = 0;
      limit = 74;
    }
    current += char;
    currentBytes += bytes;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/** The iCalendar text of `event`: CRLF line ends (the last line too), folded lines. */
export function buildIcs(event: CalendarEvent): string {
  const cancel = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Roofing website//Inspection appointments//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${cancel ? "CANCELLED" : event.status}`,
    "TRANSP:OPAQUE",
    ...(cancel
      ? []
      : ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(event.summary)}`, "TRIGGER:-PT1H", "END:VALARM"]),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
