import crypto from "node:crypto";

/**
 * Password hashing (QUALITY S3, OWASP ASVS 11.4.2): scrypt with N = 2^17,
 * r = 8, p = 1 (128 MiB, ~0.6 s on the reference 2-core machine), a 16-byte
 * random salt and a 64-byte key. better-auth's default (N = 2^14, r = 16,
 * 32 MiB) is below the bar, so it calls these functions instead.
 *
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>`. The
 * parameters travel with the hash, so they can be raised later without
 * breaking existing passwords.
 *
 * Each hash holds 128 MiB for its duration: at most MAX_CONCURRENT_HASHES run
 * at once (the rest wait in line), which bounds memory under a burst of
 * sign-in attempts; rate limiting bounds each client's share.
 */

export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;
const MAX_CONCURRENT_HASHES = 2;

let active = 0;
const queue: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active < MAX_CONCURRENT_HASHES) active += 1;
  else await new Promise<void>((resolve) => queue.push(resolve)); // the slot is handed over by release()
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  }
}

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        crypto.scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { log2N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = crypto.randomBytes(saltLength);
  const key = await scrypt(password, salt, log2N, r, p, keyLength);
  return ["scrypt", log2N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Hashes must be of our format; anything else never verifies. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const parts = hash.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![log2N, r, p].every(Number.isInteger) || log2N < 14 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (salt.length < 16 || expected.length < 32) return false;
  const actual = await scrypt(password, salt, log2N, r, p, expected.length);
  return crypto.timingSafeEqual(actual, expected);
}
