import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { config } from "~/config.server";
import { siteOrigin, siteUrl } from "~/lib/site-origin.server";
import { customerAddress, type MessageEmailLead, type PortalEmailContext } from "../messages/message-emails.server";
import { appointmentInstants, appointmentWords, type AppointmentWindow } from "./appointment-window";
import { appointmentUid, buildIcs } from "./ics";

/**
 * The appointment's emails (issue 22 item 5): the invitation to the homeowner with its `.ics` (TENTATIVE:
 * the time waits for the homeowner), the same event CONFIRMED once they confirm it (issue 31 item 5), the
 * cancellation when staff clear it (a CANCEL of the same event), the reminder the day before, and the
 * homeowner's confirmation to the office. Every value is text: renderEmail escapes it.
 */

const ICS_FILENAME = "inspection.ics";

/** Who organises the event in the invitation: the business's public address, else the office's, else MAIL_FROM's. */
function organizerEmail(context: PortalEmailContext): string {
  if (context.businessEmail) return context.businessEmail;
  if (context.officeAddress) return context.officeAddress;
  const from = config().MAIL_FROM;
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
}

function calendarAttachment(
  method: "REQUEST" | "CANCEL",
  context: PortalEmailContext,
  lead: MessageEmailLead,
  window: AppointmentWindow,
  sequence: number,
  status: "TENTATIVE" | "CONFIRMED" = "TENTATIVE",
) {
  const { start, end } = appointmentInstants(window);
  const portalUrl = siteUrl(`/portal/requests/${lead.id}`);
  const content = buildIcs({
    method,
    status,
    uid: appointmentUid(lead.id, new URL(siteOrigin()).hostname),
    sequence,
    start,
    end,
    stamp: new Date(),
    summary: `Roof inspection by ${context.brand.name}`,
    ...(lead.address ? { location: lead.address } : {}),
    description:
      method === "CANCEL"
        ? `This roof inspection appointment was cancelled. Your request: ${portalUrl}`
        : status === "CONFIRMED"
          ? `Roof inspection by ${context.brand.name}, ${appointmentWords(window)}, confirmed. Your request: ${portalUrl}`
          : `Roof inspection by ${context.brand.name}, ${appointmentWords(window)}. Confirm it or ask for another time: ${portalUrl}`,
    url: portalUrl,
    organizer: { name: context.brand.name, email: organizerEmail(context) },
    attendee: { name: `${lead.firstName} ${lead.lastName}`, email: customerAddress(lead) },
  });
  return { filename: ICS_FILENAME, contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

function replyTo(context: PortalEmailContext) {
  return context.businessEmail ? { replyTo: context.businessEmail } : {};
}

export function appointmentInvitationEmail(
  context: PortalEmailContext,
  lead: MessageEmailLead,
  window: AppointmentWindow,
  sequence: number,
): OutgoingEmail {
  const words = appointmentWords(window);
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: "lead.appointment.invitation",
    relatedId: lead.id,
    attachments: [calendarAttachment("REQUEST", context, lead, window, sequence)],
    ...renderEmail({
      title: "Your roof inspection appointment",
      subject: `Roof inspection: ${words}`,
      paragraphs: [
        `Hi ${lead.firstName},`,
        `We would like to inspect your roof${lead.address ? ` at ${lead.address}` : ""} on ${words}.`,
        "Please confirm this time, or ask for another one, in your customer portal. The attached calendar invitation adds the appointment to your calendar.",
      ],
      action: { label: "Confirm or change the time", url: siteUrl(`/portal/requests/${lead.id}`) },
      footerNote: "You receive this because you asked us for a roof inspection.",
      brand: context.brand,
    }),
  };
}

/** The homeowner confirmed the time: the same event again, CONFIRMED, with a higher SEQUENCE. */
export function appointmentConfirmedToCustomerEmail(
  context: PortalEmailContext,
  lead: MessageEmailLead,
  window: AppointmentWindow,
  sequence: number,
): OutgoingEmail {
  const words = appointmentWords(window);
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: "lead.appointment.confirmed-to-customer",
    relatedId: lead.id,
    attachments: [calendarAttachment("REQUEST", context, lead, window, sequence, "CONFIRMED")],
    ...renderEmail({
      title: "Your roof inspection is confirmed",
      subject: `Confirmed: roof inspection ${words}`,
      paragraphs: [
        `Hi ${lead.firstName},`,
        `Thank you for confirming. We will inspect your roof on ${words}.`,
        "The attached calendar update marks the appointment as confirmed in your calendar. If the time no longer suits you, ask for another one in your customer portal.",
      ],
      action: { label: "Open your request", url: siteUrl(`/portal/requests/${lead.id}`) },
      footerNote: "You receive this because you confirmed a roof inspection appointment with us.",
      brand: context.brand,
    }),
  };
}

export function appointmentCancelledEmail(
  context: PortalEmailContext,
  lead: MessageEmailLead,
  window: AppointmentWindow,
  sequence: number,
): OutgoingEmail {
  const words = appointmentWords(window);
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: "lead.appointment.cancelled",
    relatedId: lead.id,
    attachments: [calendarAttachment("CANCEL", context, lead, window, sequence)],
    ...renderEmail({
      title: "Your roof inspection appointment was cancelled",
      paragraphs: [
        `Hi ${lead.firstName},`,
        `The roof inspection appointment of ${words} is cancelled. We will get in touch about a new time.`,
        "The attached calendar update removes it from your calendar.",
      ],
      action: { label: "Open your request", url: siteUrl(`/portal/requests/${lead.id}`) },
      footerNote: "You receive this because you asked us for a roof inspection.",
      brand: context.brand,
    }),
  };
}

export function appointmentReminderEmail(context: PortalEmailContext, lead: MessageEmailLead, window: AppointmentWindow): OutgoingEmail {
  const words = appointmentWords(window);
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: "lead.appointment.reminder",
    relatedId: lead.id,
    ...renderEmail({
      title: "Reminder: your roof inspection is tomorrow",
      subject: `Reminder: roof inspection ${words}`,
      paragraphs: [
        `Hi ${lead.firstName},`,
        `This is a reminder of your roof inspection tomorrow, ${words}.`,
        "If the time no longer suits you, ask for another one in your customer portal.",
      ],
      action: { label: "Open your request", url: siteUrl(`/portal/requests/${lead.id}`) },
      footerNote: "You receive this because you have a roof inspection appointment with us.",
      brand: context.brand,
    }),
  };
}

export function appointmentConfirmedEmail(to: string, context: PortalEmailContext, lead: MessageEmailLead, window: AppointmentWindow): OutgoingEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  return {
    to,
    replyTo: customerAddress(lead),
    kind: "lead.appointment.confirmed",
    relatedId: lead.id,
    ...renderEmail({
      title: `${name} confirmed the inspection appointment`,
      paragraphs: [`${name} confirmed the roof inspection of ${appointmentWords(window)}.`],
      action: { label: "Open the lead", url: siteUrl(`/admin/leads/${lead.id}`) },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: context.brand,
    }),
  };
}

/** What a booking's email tells the homeowner about changing it: the signed link and the cut-off. */
export interface BookingChangeLink {
  url: string;
  token: string;
  /** Hours before the start until which the link works. */
  cutoffHours: number;
}

function changeWords(link: BookingChangeLink): string {
  const until = link.cutoffHours > 0 ? ` up to ${link.cutoffHours} hour${link.cutoffHours === 1 ? "" : "s"} before it starts` : " until it starts";
  return `Need another time? You can move or cancel it${until} with this link, no account needed: ${link.url}`;
}

/**
 * The homeowner booked (or moved) the inspection themselves (issue 31 item 3): the time is theirs, so the
 * event is CONFIRMED at once; the email carries the signed link to move or cancel it (sealed in the outbox).
 * For a new request it is the request's confirmation too (it replaces leadConfirmationEmail).
 */
export function bookingConfirmationEmail(
  context: PortalEmailContext,
  lead: MessageEmailLead,
  window: AppointmentWindow,
  sequence: number,
  link: BookingChangeLink,
  kind: "booked" | "moved",
): OutgoingEmail {
  const words = appointmentWords(window);
  const where = lead.address ? ` at ${lead.address}` : "";
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: kind === "booked" ? "lead.booking.confirmation" : "lead.booking.moved",
    relatedId: lead.id,
    secret: link.token,
    attachments: [calendarAttachment("REQUEST", context, lead, window, sequence, "CONFIRMED")],
    ...renderEmail({
      title: kind === "booked" ? "Your roof inspection is booked" : "Your roof inspection has moved",
      subject: kind === "booked" ? `Booked: roof inspection ${words}` : `Moved: roof inspection ${words}`,
      paragraphs: [
        `Hi ${lead.firstName},`,
        kind === "booked"
          ? `Thank you for booking with ${context.brand.name}. We will inspect your roof${where} on ${words}.`
          : `Your roof inspection${where} is now on ${words}.`,
        "The attached calendar invitation adds the appointment to your calendar.",
        changeWords(link),
        ...(kind === "booked"
          ? [
              "Our office will also email you an invitation to your customer portal, where you can follow your request, send us photos and write to our office.",
            ]
          : []),
      ],
      action: { label: "Move or cancel the inspection", url: link.url },
      footerNote: "You receive this because you booked a roof inspection on our website.",
      brand: context.brand,
    }),
  };
}

/** The homeowner cancelled their inspection themselves: the calendar's CANCEL of the event. */
export function bookingCancelledEmail(context: PortalEmailContext, lead: MessageEmailLead, window: AppointmentWindow, sequence: number): OutgoingEmail {
  const words = appointmentWords(window);
  return {
    to: customerAddress(lead),
    ...replyTo(context),
    kind: "lead.booking.cancelled",
    relatedId: lead.id,
    attachments: [calendarAttachment("CANCEL", context, lead, window, sequence)],
    ...renderEmail({
      title: "Your roof inspection is cancelled",
      paragraphs: [
        `Hi ${lead.firstName},`,
        `As you asked, the roof inspection of ${words} is cancelled. The attached calendar update removes it from your calendar.`,
        "Your request stays open: book another time on our website or reply to this email whenever it suits you.",
      ],
      footerNote: "You receive this because you cancelled a roof inspection on our website.",
      brand: context.brand,
    }),
  };
}

/** The office is told when a homeowner moves or cancels their booking. */
export function officeBookingChangeEmail(
  to: string,
  context: PortalEmailContext,
  lead: MessageEmailLead,
  change: { kind: "moved"; from: AppointmentWindow; to: AppointmentWindow } | { kind: "cancelled"; from: AppointmentWindow },
): OutgoingEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  const text =
    change.kind === "moved"
      ? `${name} moved the roof inspection from ${appointmentWords(change.from)} to ${appointmentWords(change.to)}.`
      : `${name} cancelled the roof inspection of ${appointmentWords(change.from)}.`;
  return {
    to,
    replyTo: customerAddress(lead),
    kind: change.kind === "moved" ? "lead.booking.moved-office" : "lead.booking.cancelled-office",
    relatedId: lead.id,
    ...renderEmail({
      title: change.kind === "moved" ? `${name} moved the inspection` : `${name} cancelled the inspection`,
      paragraphs: [text],
      action: { label: "Open the lead", url: siteUrl(`/admin/leads/${lead.id}`) },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: context.brand,
    }),
  };
}
