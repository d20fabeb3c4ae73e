import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { EMAIL_STATUSES, emailOutbox } from "~/db/schema";

/** Read model of the outbox for the staff screen. Bodies only in getOutboxEmail(). */

const listOutboxInputSchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional(),
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0).max(1_000_000),
});

export type ListOutboxInput = z.input<typeof listOutboxInputSchema>;

const listColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  kind: emailOutbox.kind,
  relatedId: emailOutbox.relatedId,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  updatedAt: emailOutbox.updatedAt,
  sentAt: emailOutbox.sentAt,
};

type OutboxListItem = Pick<typeof emailOutbox.$inferSelect, keyof typeof listColumns>;
export type OutboxEmail = typeof emailOutbox.$inferSelect;

export interface OutboxPage {
  items: OutboxListItem[];
  total: number;
}

/** Newest first. Throws a ZodError on out-of-range input (validate in the route first). */
export async function listOutbox(input: ListOutboxInput): Promise<OutboxPage> {
  const { status, limit, offset } = listOutboxInputSchema.parse(input);
  const where = status ? eq(emailOutbox.status, status) : undefined;
  const [items, totals] = await Promise.all([
    db()
      .select(listColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
    db().select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One message with its bodies, or undefined (also for an id that is not a UUID). */
export async function getOutboxEmail(id: string): Promise<OutboxEmail | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}
