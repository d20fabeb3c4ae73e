import type { SMTPSentMessageInfo, Transporter } from "nodemailer";
import { config } from "~/config.server";

/**
 * The SMTP transport, built from SMTP_URL (smtp:// or smtps://, credentials in
 * the URL) and MAIL_FROM. Created once, and again only if those settings
 * change (tests). One connection per message: the volume is small and nothing
 * stays open to close at shutdown. nodemailer is loaded by the first message
 * sent, in the process that runs the email jobs, not by every process (ADR 058).
 */

/** Every wait on the SMTP server is bounded, so a slow server never holds a worker for long. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 10_000,
  dnsTimeout: 10_000,
} as const;

let cached: { key: string; transport: Transporter<SMTPSentMessageInfo> } | undefined;

/** The transport, or undefined when SMTP_URL is not set (messages are then stored, not sent). */
export async function emailTransport(): Promise<Transporter<SMTPSentMessageInfo> | undefined> {
  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) return undefined;
  const key = `${SMTP_URL}\n${MAIL_FROM}`;
  if (cached?.key !== key) {
    const { default: nodemailer } = await import("nodemailer");
    if (cached?.key === key) return cached.transport;
    cached?.transport.close();
    // Options given next to `url` are overridden by the URL's query parameters, if any.
    const transport = nodemailer.createTransport({ url: SMTP_URL, ...SMTP_TIMEOUTS }, { from: MAIL_FROM });
    cached = { key, transport };
  }
  return cached.transport;
}

/** The domain of MAIL_FROM's address, used for Message-ID values. */
export function mailFromDomain(): string {
  const from = config().MAIL_FROM;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.split("@").pop()?.trim().toLowerCase() ?? "";
  return /^[a-z0-9.-]+$/.test(domain) && domain !== "" ? domain : "localhost";
}

/**
 * A transport error as one line safe to store and show to staff: code, SMTP
 * reply and message, with credentials removed and the length capped.
 */
export function describeTransportError(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [
    typeof e.code === "string" ? e.code : undefined,
    typeof e.responseCode === "number" ? String(e.responseCode) : undefined,
    typeof e.message === "string" ? e.message : String(error),
  ].filter(Boolean);
  return redactSecrets(parts.join(": ")).slice(0, 1_000);
}

function redactSecrets(text: string): string {
  let result = text.replace(/(\/\/)[^/\s@]*@/g, "$1***@");
  const smtpUrl = config().SMTP_URL;
  if (smtpUrl) {
    try {
      const { password } = new URL(smtpUrl);
      for (const secret of [password, decodeURIComponent(password)]) {
        if (secret.length >= 3) result = result.split(secret).join("***");
      }
    } catch {
      // SMTP_URL is validated at start; nothing to redact if it does not parse.
    }
  }
  return result;
}

/**
 * True when retrying cannot help: the server rejected this message or its
 * recipient for good (5xx). Authentication and connection problems are not
 * permanent: they are fixed in the settings, and the message then goes out.
 */
export function isPermanentDeliveryError(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; permanent?: unknown };
  return e.permanent === true && (e.code === "EENVELOPE" || e.code === "EMESSAGE");
}
