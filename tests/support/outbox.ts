import { openSecret, withSecret } from "~/domain/email/sealed-secret.server";

/**
 * An outbox row as its recipient will get it: the one-time secret the outbox keeps sealed (ADR 046) put
 * back into the bodies. For the unit project, whose process holds the app's auth secret; the row must
 * still be waiting (a sent message keeps no secret). End-to-end tests read links from a real SMTP server.
 */
export function asSent<T extends { id: string; textBody: string; htmlBody: string | null; sealedSecret: string | null }>(row: T): T {
  if (!row.sealedSecret) return row;
  const secret = openSecret(row.sealedSecret, row.id);
  if (secret === null) throw new Error(`the sealed secret of outbox message ${row.id} does not open with this process's auth secret`);
  return { ...row, textBody: withSecret(row.textBody, secret), htmlBody: row.htmlBody === null ? null : withSecret(row.htmlBody, secret) };
}
