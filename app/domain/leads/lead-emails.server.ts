import { inArray } from "drizzle-orm";
import { z } from "zod";
import { db, type DbExecutor } from "~/db/client.server";
import { cmsSiteSettings, type Lead } from "~/db/schema";
import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail, type EmailBrand } from "~/domain/email/templates/render-email.server";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "~/domain/site-settings/keys";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { logger } from "~/lib/logger.server";
import { formatBytes, formatPhone, serviceLabel } from "./options";

/**
 * The two messages of a new inspection request, written to the outbox in the
 * lead's transaction (ADR 006): the team alert (to the private setting
 * `lead_alert_email`, else the public `email`) with every detail and a link
 * to the lead, and a confirmation to the homeowner. Every value is text:
 * renderEmail escapes it.
 */

const emailAddress = z.email().max(254);

/** Team alerts read the address at most this often (a changed setting applies within this time). */
const RECIPIENT_TTL_MS = 30_000;
const recipientCache = globalThis as unknown as { __leadAlertRecipient?: { value: string | null; at: number } };

/**
 * Where team alerts go: `lead_alert_email`, else the public `email` setting,
 * else null. Kept in memory for 30 s (every lead needs it), and forgotten at once when a
 * site setting changes (server/app.ts, on the content-change notification). Call it outside a
 * transaction: it uses a connection of its own.
 */
export async function leadAlertRecipient(executor: DbExecutor = db()): Promise<string | null> {
  const cached = recipientCache.__leadAlertRecipient;
  if (cached && Date.now() - cached.at < RECIPIENT_TTL_MS) return cached.value;
  const value = await readLeadAlertRecipient(executor);
  recipientCache.__leadAlertRecipient = { value, at: Date.now() };
  return value;
}

/** Forget the cached alert address (tests, or after staff changed it). */
export function invalidateLeadAlertRecipient(): void {
  recipientCache.__leadAlertRecipient = undefined;
}

async function readLeadAlertRecipient(executor: DbExecutor): Promise<string | null> {
  const rows = await executor
    .select({ key: cmsSiteSettings.settingKey, value: cmsSiteSettings.settingValue })
    .from(cmsSiteSettings)
    .where(inArray(cmsSiteSettings.settingKey, [PRIVATE_SETTING_KEYS.leadAlertEmail, PUBLIC_SETTING_KEYS.email]));
  for (const key of [PRIVATE_SETTING_KEYS.leadAlertEmail, PUBLIC_SETTING_KEYS.email]) {
    const value = rows.find((r) => r.key === key)?.value.trim();
    if (value && emailAddress.safeParse(value).success) return value;
    if (value) logger.warn({ setting: key }, "the lead alert address setting is not an email address");
  }
  return null;
}

export interface LeadEmailInput {
  lead: Pick<
    Lead,
    | "id"
    | "firstName"
    | "lastName"
    | "email"
    | "phone"
    | "service"
    | "message"
    | "hasInsuranceDocs"
    | "insuranceCompany"
    | "claimNumber"
    | "dateOfLoss"
    | "referrer"
    | "landingPath"
    | "utmSource"
    | "utmMedium"
    | "utmCampaign"
  >;
  attachments: ReadonlyArray<{ originalName: string; sizeBytes: number }>;
  settings: Pick<PublicSiteSettings, "businessName" | "phone" | "email">;
  /** The site's origin (siteOrigin(): APP_URL, never a request header) for the link to the lead. */
  origin: string;
  /** The inspection the homeowner booked with the request, in words (issue 31 item 3). */
  booking?: string | null;
}

function brandOf(input: LeadEmailInput): EmailBrand {
  return { name: input.settings.businessName, url: input.origin };
}

export function leadAlertEmail(to: string, input: LeadEmailInput): OutgoingEmail {
  const { lead, attachments } = input;
  const name = `${lead.firstName} ${lead.lastName}`;
  const insurance = lead.hasInsuranceDocs
    ? [
        "Has insurance documents: Yes",
        lead.insuranceCompany ? `Insurance company: ${lead.insuranceCompany}` : null,
        lead.claimNumber ? `Claim number: ${lead.claimNumber}` : null,
        lead.dateOfLoss ? `Date of loss: ${lead.dateOfLoss}` : null,
      ]
    : ["Has insurance documents: No"];
  const source = [
    lead.landingPath ? `Form on: ${lead.landingPath}` : null,
    lead.referrer ? `Referrer: ${lead.referrer}` : null,
    [lead.utmSource, lead.utmMedium, lead.utmCampaign].some(Boolean)
      ? `Campaign: ${[lead.utmSource, lead.utmMedium, lead.utmCampaign].map((v) => v ?? "-").join(" / ")}`
      : null,
  ].filter(Boolean);
  const paragraphs = [
    input.booking ? `${name} asked for a free roof inspection and booked it online for ${input.booking}.` : `${name} asked for a free roof inspection.`,
    [`Email: ${lead.email}`, `Phone: ${formatPhone(lead.phone)}`, `Service: ${serviceLabel(lead.service)}`].join("\n"),
    insurance.filter(Boolean).join("\n"),
    ...(attachments.length > 0
      ? [`Attachments (${attachments.length}):\n${attachments.map((a) => `- ${a.originalName} (${formatBytes(a.sizeBytes)})`).join("\n")}`]
      : []),
    `Message:\n${lead.message ?? "(none)"}`,
    ...(source.length > 0 ? [source.join("\n")] : []),
  ];
  return {
    to,
    replyTo: lead.email,
    kind: "lead.alert",
    relatedId: lead.id,
    ...renderEmail({
      title: `New inspection request from ${name}`,
      paragraphs,
      action: { label: "Open the lead", url: `${input.origin}/admin/leads/${lead.id}` },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: brandOf(input),
    }),
  };
}

/**
 * How the customer portal works, for the homeowner's confirmation (issue 31 item 5): the office invites
 * them to it (a one-time link, invite-to-portal.server.ts); an account made before finds it at /portal.
 */
const portalExplained = (origin: string): string[] => [
  "Our office will email you an invitation to your customer portal, where you can follow your request, see your inspection appointment, send us photos and write to our office.",
  `Already have an account with us? Your requests are at ${origin}/portal.`,
];

export function leadConfirmationEmail(input: LeadEmailInput): OutgoingEmail {
  const { lead, settings } = input;
  const replyTo = emailAddress.safeParse(settings.email).success ? settings.email : undefined;
  return {
    to: lead.email,
    ...(replyTo ? { replyTo } : {}),
    kind: "lead.confirmation",
    relatedId: lead.id,
    ...renderEmail({
      title: "We received your inspection request",
      paragraphs: [
        `Hi ${lead.firstName},`,
        `Thank you for contacting ${settings.businessName}. We received your request for a free roof inspection and we'll be in touch with you shortly.`,
        `If it's urgent, call us at ${settings.phone}.`,
        ...portalExplained(input.origin),
      ],
      footerNote: "You receive this because this address was entered in the inspection request form on our website.",
      brand: brandOf(input),
    }),
  };
}
