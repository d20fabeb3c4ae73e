import crypto from "node:crypto";
import { authSecret } from "~/domain/accounts/secret.server";

/**
 * A message's one-time secret (a link's token) waits in the outbox sealed (ADR 046): AES-256-GCM with a
 * key derived (HKDF-SHA256) from the auth secret, which lives in BETTER_AUTH_SECRET or DATA_DIR/auth-secret
 * and never in the database or a backup archive. A copy of the database therefore holds no usable link;
 * the running app opens the secret only to hand the message to the mail server.
 *
 * Format: `v1.` + base64url(12-byte IV | 16-byte tag | ciphertext). The message's id is the additional
 * data, so a sealed secret copied onto another message does not open.
 */

/** Where the secret goes in a stored body. Cannot occur in a link token (base64url) or be made by escaping. */
export const SECRET_PLACEHOLDER = "{{one-time-secret}}";

const VERSION = "v1.";
let cachedKey: { secret: string; key: Buffer } | undefined;

function key(secret = authSecret()): Buffer {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), "email-outbox-secret/v1", 32)) };
  }
  return cachedKey.key;
}

export function sealSecret(secret: string, messageId: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(messageId, "utf8"));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/**
 * The secret, or null when it cannot be opened here (another auth secret, another message, damaged).
 * `authSecretValue` is this process's auth secret unless given (a test opening another process's outbox).
 */
export function openSecret(sealed: string, messageId: string, authSecretValue?: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(authSecretValue), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(messageId, "utf8"));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A stored body with its secret put back (for delivery only). */
export function withSecret(body: string, secret: string): string {
  return body.replaceAll(SECRET_PLACEHOLDER, secret);
}
