import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Queue } from "pg-boss";
import { z } from "zod";
import { db, type DbExecutor, type DbTransaction } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { enqueueMany, JOBS_SCHEMA, JobsNotRunningError } from "~/jobs/queue.server";
import { currentRequestId, logger } from "~/lib/logger.server";
import { SECRET_PLACEHOLDER, sealSecret } from "./sealed-secret.server";

/**
 * The outbox. A message is a row in `email_outbox`, written with the same
 * executor (transaction) as the change that causes it, so it exists exactly
 * when that change committed. After the commit, dispatchQueuedEmail() sends
 * the `email.send` job; if that fails or the process dies first, the
 * `email.sweep` job (every minute) sends the jobs that are missing.
 */

export const EMAIL_SEND_JOB = "email.send";
export const EMAIL_SWEEP_JOB = "email.sweep";
export const EMAIL_PURGE_BODIES_JOB = "email.purge-bodies";

/** Attempts per message, counted on the row: 1 + 5 retries. */
export const MAX_EMAIL_ATTEMPTS = 6;

/** A queued row without a live job is sent by the sweep after this long. */
const SWEEP_AFTER_SECONDS = 60;
/** A row left in `sending` this long (process died mid-send) is sent again. */
export const STALE_SENDING_SECONDS = 300;

/**
 * Queue settings of `email.send`. Policy `short`: while a job for a message
 * waits, sending another with the same singletonKey (the outbox id) is a
 * no-op. The row's status change queued -> sending is what guarantees that
 * two jobs never both send it. Retries back off from ~15-30 s to ~4-8 min.
 */
export const EMAIL_SEND_QUEUE = {
  policy: "short",
  retryLimit: MAX_EMAIL_ATTEMPTS - 1,
  retryDelay: 15,
  retryBackoff: true,
  // Longer than the worst case of one send (each SMTP wait is capped at 10 s).
  expireInSeconds: 120,
} as const satisfies Omit<Queue, "name">;

export interface EmailSendJobData {
  outboxId: string;
  requestId?: string;
}

/** db() or the `tx` of db().transaction(): the outbox row commits or rolls back with it. */
export type { DbExecutor, DbTransaction } from "~/db/client.server";

const headerText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), "must be a single line");

/**
 * A text attachment: a plain file name (no path, quotes or control characters: it becomes a MIME
 * header), a `type/subtype` content type with optional parameters, and the UTF-8 text itself.
 */
const attachmentSchema = z.strictObject({
  filename: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, "must be a plain file name"),
  contentType: z
    .string()
    .max(200)
    .regex(/^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*(?:; ?[a-z0-9-]+=[A-Za-z0-9._-]+)*$/, "must look like text/calendar; method=REQUEST"),
  content: z.string().min(1).max(500_000),
  /** "base64": `content` is a binary file (a signed proposal's PDF) in base64; absent: UTF-8 text. */
  encoding: z.literal("base64").optional(),
});

const outgoingEmailSchema = z.object({
  /** One recipient address. */
  to: z.email().max(254),
  replyTo: z.email().max(254).optional(),
  subject: headerText(998),
  text: z.string().min(1).max(1_000_000),
  html: z.string().max(2_000_000).optional(),
  /** What caused the message, `<domain>.<event>`: `lead.alert`, `auth.verify-email`... */
  kind: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "must look like lead.alert"),
  /** The record that caused it (a lead id, a user id...). */
  relatedId: z.string().min(1).max(200).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Small attachments (a calendar invitation's .ics, a signed proposal's PDF), stored on the row and sent with it. */
  attachments: z.array(attachmentSchema).max(5).optional(),
  /**
   * The message's one-time secret (a link's token), as it appears in `text` (and `html`): stored sealed,
   * never in clear, and put back only to send the message (sealed-secret.server.ts, ADR 046).
   */
  secret: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "must be a URL-safe token of 20 or more characters").optional(),
});

export type OutgoingEmail = z.input<typeof outgoingEmailSchema>;

export class InvalidEmailError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid email message: ${issues.join("; ")}`);
    this.name = "InvalidEmailError";
  }
}

/**
 * Writes a message to the outbox with `executor` and returns its id. Pass the
 * transaction of the business change; call dispatchQueuedEmail(id) after it
 * commits (or use withEmails()). Throws InvalidEmailError on a malformed
 * message (a bug in the caller: validate user input before).
 */
export async function queueEmail(executor: DbExecutor, message: OutgoingEmail): Promise<string> {
  const [id] = await queueEmails(executor, [message]);
  if (!id) throw new Error("email_outbox insert returned no row");
  return id;
}

/**
 * Writes several messages to the outbox in one statement (one round trip inside the caller's
 * transaction) and returns their ids in order. Validates every message first: nothing is written
 * when one is malformed.
 */
async function queueEmails(executor: DbExecutor, messages: readonly OutgoingEmail[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = outboxRows(messages);
  await executor.insert(emailOutbox).values(rows);
  return rows.map((row) => row.id);
}

/**
 * The outbox rows of `messages`, validated (InvalidEmailError when one is malformed), with ids made
 * here: for a caller that writes them in a statement of its own (one round trip with its other writes).
 */
export function outboxRows(messages: readonly OutgoingEmail[]) {
  const requestId = currentRequestId();
  return messages.map((message) => {
    const parsed = outgoingEmailSchema.safeParse(message);
    if (!parsed.success) {
      throw new InvalidEmailError(parsed.error.issues.map((i) => `${i.path.join(".") || "message"}: ${i.message}`));
    }
    const m = parsed.data;
    // Made here so the ids are known without relying on the order of RETURNING.
    const id = crypto.randomUUID();
    if (m.secret && (!m.text.includes(m.secret) || m.subject.includes(m.secret))) {
      throw new InvalidEmailError(["secret: must appear in the text, and not in the subject"]);
    }
    const stored = (body: string) => (m.secret ? body.replaceAll(m.secret, SECRET_PLACEHOLDER) : body);
    return {
      id,
      toAddress: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      textBody: stored(m.text),
      htmlBody: m.html === undefined ? null : stored(m.html),
      sealedSecret: m.secret ? sealSecret(m.secret, id) : null,
      kind: m.kind,
      relatedId: m.relatedId ?? null,
      metadata: {
        ...m.metadata,
        ...(requestId ? { requestId } : {}),
      } as Record<string, unknown>,
      attachments: m.attachments ?? [],
    };
  });
}

/**
 * Sends the `email.send` job of each message. Call after the transaction that
 * queued them committed. Never throws: a failure is logged and the sweep
 * sends the job within about a minute.
 */
export async function dispatchQueuedEmail(ids: string | readonly string[]): Promise<void> {
  const list = typeof ids === "string" ? [ids] : ids;
  if (list.length === 0) return;
  const requestId = currentRequestId();
  try {
    // One statement for all of them (a lead queues two): fewer round trips and commits per request.
    await enqueueMany(
      EMAIL_SEND_JOB,
      list.map((outboxId) => ({
        data: (requestId ? { outboxId, requestId } : { outboxId }) satisfies EmailSendJobData,
        singletonKey: outboxId,
        retryLimit: EMAIL_SEND_QUEUE.retryLimit,
        retryDelay: EMAIL_SEND_QUEUE.retryDelay,
        retryBackoff: EMAIL_SEND_QUEUE.retryBackoff,
      })),
    );
  } catch (error) {
    if (error instanceof JobsNotRunningError) {
      logger.info({ emailIds: list }, "jobs are not running here: the email sweep will send these emails");
    } else {
      logger.warn({ err: error, emailIds: list }, "could not enqueue emails; the sweep will retry");
    }
  }
}

/**
 * Runs `work` in a transaction with a `queue` function that writes messages
 * to the outbox in it, then dispatches them once it committed. Nothing is
 * dispatched if `work` throws (the rows are rolled back with everything else).
 */
export async function withEmails<T>(
  work: (tx: DbTransaction, queue: (message: OutgoingEmail) => Promise<string>) => Promise<T>,
): Promise<T> {
  const ids: string[] = [];
  const result = await db().transaction((tx) =>
    work(tx, async (message) => {
      const id = await queueEmail(tx, message);
      ids.push(id);
      return id;
    }),
  );
  await dispatchQueuedEmail(ids);
  return result;
}

/** Queues and dispatches one message that is not tied to any other write. */
export async function sendEmail(message: OutgoingEmail): Promise<string> {
  const id = await queueEmail(db(), message);
  await dispatchQueuedEmail(id);
  return id;
}

/**
 * The `email.sweep` job: sends the jobs of messages that have none, i.e.
 * rows `queued` for over a minute (enqueue failed, process died after the
 * commit, or pg-boss gave up while attempts remain) or `sending` for over
 * five minutes (process died mid-send). Idempotent: a message with a waiting,
 * retrying or active job is left alone, and the singletonKey dedups the rest.
 */
export async function sweepQueuedEmails(options: { limit?: number } = {}): Promise<{ enqueued: number }> {
  const limit = Math.min(Math.max(options.limit ?? 200, 1), 1_000);
  const jobTable = sql`${sql.identifier(JOBS_SCHEMA)}.job`;
  const result = await db().execute<{ id: string }>(sql`
    select o.id
    from ${emailOutbox} o
    where (
        (o.status = 'queued' and o.updated_at < now() - make_interval(secs => ${SWEEP_AFTER_SECONDS}))
        or (o.status = 'sending' and o.updated_at < now() - make_interval(secs => ${STALE_SENDING_SECONDS}))
      )
      and not exists (
        select 1 from ${jobTable} j
        where j.name = ${EMAIL_SEND_JOB}
          and j.singleton_key = o.id::text
          and j.state < 'completed'
      )
    order by o.created_at
    limit ${limit}
  `);
  const ids = result.rows.map((r) => r.id);
  if (ids.length > 0) {
    logger.warn({ count: ids.length }, "email sweep: enqueuing emails that had no job");
    await dispatchQueuedEmail(ids);
  }
  return { enqueued: ids.length };
}
