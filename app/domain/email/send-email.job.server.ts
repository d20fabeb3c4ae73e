import { and, eq, lt, or, sql } from "drizzle-orm";
import type { SMTPSentMessageInfo } from "nodemailer";
import type { Job } from "pg-boss";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { defineJob, type JobContext } from "~/jobs/define-job";
import { logger } from "~/lib/logger.server";
import {
  EMAIL_PURGE_BODIES_JOB,
  EMAIL_SEND_JOB,
  EMAIL_SEND_QUEUE,
  EMAIL_SWEEP_JOB,
  MAX_EMAIL_ATTEMPTS,
  STALE_SENDING_SECONDS,
  sweepQueuedEmails,
  type EmailSendJobData,
} from "./queue-email.server";
import { purgeOutboxBodies } from "./purge-outbox-bodies.server";
import { openSecret, withSecret } from "./sealed-secret.server";
import { describeTransportError, emailTransport, isPermanentDeliveryError, mailFromDomain } from "./transport.server";

/**
 * Delivers one outbox message. The row is claimed with a conditional update
 * (queued -> sending, attempts + 1), so of any number of concurrent jobs for
 * one message exactly one sends it; a message already sent or stored is
 * skipped. Without SMTP_URL the message is marked `stored` (staff read it in
 * the outbox). On a transport error the row goes back to `queued` with
 * lastError and the error is rethrown so pg-boss retries; after the last
 * attempt, or on a permanent rejection, it is marked `failed`.
 */

export type DeliveryOutcome =
  /** Handed to the SMTP server. */
  | "sent"
  /** No SMTP_URL: kept in the outbox. */
  | "stored"
  /** Given up: attempts exhausted or permanently rejected. */
  | "failed"
  /** Already sent, stored or failed: nothing to do. */
  | "done-before"
  /** Another job is sending it right now. */
  | "busy"
  /** No such row. */
  | "missing";

/** A retryable delivery failure; the row is back in `queued`. */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    public readonly attempts: number,
  ) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

const staleSending = () =>
  and(
    eq(emailOutbox.status, "sending"),
    lt(emailOutbox.updatedAt, sql`now() - make_interval(secs => ${STALE_SENDING_SECONDS})`),
  );

/**
 * Delivers one message. `signal` cancels the SMTP exchange (shutdown): the
 * row then goes back to `queued` like after any transport error.
 */
export async function deliverQueuedEmail(
  outboxId: string,
  options: { signal?: AbortSignal } = {},
): Promise<DeliveryOutcome> {
  const [row] = await db()
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailOutbox.id, outboxId),
        or(eq(emailOutbox.status, "queued"), staleSending()),
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
      ),
    )
    .returning();

  if (!row) return explainUnclaimed(outboxId);

  const log = logger.child({ emailId: row.id, kind: row.kind, attempt: row.attempts });
  const transport = await emailTransport();

  // The one-time secret, opened only to hand the message over (ADR 046).
  const secret = row.sealedSecret ? openSecret(row.sealedSecret, row.id) : null;
  if (row.sealedSecret && secret === null) {
    // Sealed under another auth secret (a restore into a new data directory): the link cannot be made.
    const lastError = "Not sent: its one-time link was sealed with another auth secret. Send a new one.";
    await db()
      .update(emailOutbox)
      .set({ status: "failed", lastError, sealedSecret: null, updatedAt: sql`now()` })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
    log.error({ error: lastError }, "email delivery failed for good");
    return "failed";
  }
  const text = secret ? withSecret(row.textBody, secret) : row.textBody;
  const html = row.htmlBody && secret ? withSecret(row.htmlBody, secret) : row.htmlBody;

  if (!transport) {
    await db()
      .update(emailOutbox)
      .set({ status: "stored", lastError: null, sealedSecret: null, updatedAt: sql`now()` })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
    log.info({ to: row.toAddress, subject: row.subject }, "SMTP_URL not set: email stored in the outbox, not sent");
    // The text (a reset or confirmation link) helps in development: only in the log, where nothing keeps it in
    // the database; in production it stays out of the logs, and the outbox keeps the text without its link.
    if (!config().isProduction) log.debug({ text }, "stored email text");
    return "stored";
  }

  let info: SMTPSentMessageInfo;
  try {
    info = await transport.sendMail({
      to: row.toAddress,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      subject: row.subject,
      text,
      ...(html ? { html } : {}),
      ...(row.attachments.length > 0
        ? { attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.encoding ? { encoding: a.encoding } : {}) })) }
        : {}),
      // The same id on every attempt, so a rare duplicate is recognisable.
      messageId: `<${row.id}@${mailFromDomain()}>`,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    const lastError = describeTransportError(error);
    const permanent = isPermanentDeliveryError(error);
    const giveUp = permanent || row.attempts >= MAX_EMAIL_ATTEMPTS;
    await db()
      .update(emailOutbox)
      .set({ status: giveUp ? "failed" : "queued", lastError, ...(giveUp ? { sealedSecret: null } : {}), updatedAt: sql`now()` })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
    if (giveUp) {
      log.error({ error: lastError, permanent }, "email delivery failed for good");
      return "failed";
    }
    log.warn({ error: lastError }, "email delivery failed; will retry");
    // The raw error stays out: lastError is the redacted description.
    throw new EmailDeliveryError(lastError, row.attempts);
  }

  await db()
    .update(emailOutbox)
    .set({
      status: "sent",
      sealedSecret: null,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
      lastError: null,
      providerMessageId: (info.serverMessageId ?? info.messageId ?? "").slice(0, 500) || null,
    })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
  log.info("email sent");
  return "sent";
}

async function explainUnclaimed(outboxId: string): Promise<DeliveryOutcome> {
  const [current] = await db()
    .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, outboxId))
    .limit(1);
  if (!current) {
    logger.warn({ emailId: outboxId }, "email job for a message that does not exist");
    return "missing";
  }
  if (current.status === "queued" || current.status === "sending") {
    if (current.attempts >= MAX_EMAIL_ATTEMPTS) {
      // Out of attempts but not marked (the process died during the last one).
      const [failed] = await db()
        .update(emailOutbox)
        .set({ status: "failed", lastError: sql`coalesce(${emailOutbox.lastError}, 'no attempts left')`, sealedSecret: null, updatedAt: sql`now()` })
        .where(and(eq(emailOutbox.id, outboxId), or(eq(emailOutbox.status, "queued"), staleSending())))
        .returning({ id: emailOutbox.id });
      if (failed) {
        logger.error({ emailId: outboxId, attempts: current.attempts }, "email delivery failed for good");
        return "failed";
      }
    }
    return "busy";
  }
  return "done-before";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `email.send` handler. */
async function handleSendEmailJob(
  job: Job<EmailSendJobData>,
  context?: JobContext,
): Promise<{ outcome: DeliveryOutcome }> {
  const outboxId = job.data?.outboxId;
  if (typeof outboxId !== "string" || !UUID.test(outboxId)) {
    // Retrying cannot fix a malformed payload.
    logger.error({ jobId: job.id }, "email.send job without a valid outboxId; dropped");
    return { outcome: "missing" };
  }
  return { outcome: await deliverQueuedEmail(outboxId, context ? { signal: context.signal } : {}) };
}

const sendEmailJob = defineJob<EmailSendJobData>({
  name: EMAIL_SEND_JOB,
  queue: EMAIL_SEND_QUEUE,
  concurrency: 2,
  // A backlog (a restore, an outage of the mail server, the day's reminders) is sent at the mail server's pace,
  // not one message per worker per poll (2 s): each worker takes up to 10, sends them side by side, and fetches
  // again while full. Each message is still claimed on its row (queued -> sending), so none is sent twice.
  batchSize: 10,
  handle: handleSendEmailJob,
});

const sweepEmailJob = defineJob<Record<string, never>>({
  name: EMAIL_SWEEP_JOB,
  // `short` without a key: at most one sweep waits at a time. A failed sweep is not retried:
  // the next one runs a minute later.
  queue: { policy: "short", retryLimit: 0, expireInSeconds: 60 },
  schedule: { cron: "* * * * *" },
  handle: () => sweepQueuedEmails(),
});

const purgeBodiesJob = defineJob<Record<string, never>>({
  name: EMAIL_PURGE_BODIES_JOB,
  queue: { policy: "short", retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
  schedule: { cron: "17 3 * * *" },
  handle: () => purgeOutboxBodies(),
});

export const emailJobs = [sendEmailJob, sweepEmailJob, purgeBodiesJob];

