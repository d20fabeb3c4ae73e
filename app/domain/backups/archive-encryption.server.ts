import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequire } from "node:module";
import type * as AgeEncryption from "age-encryption";

/**
 * The optional encryption of backup archives (ADR 047): the age format (age-encryption.org/v1) through
 * the `age-encryption` package, to X25519 (or hybrid post-quantum) recipients. The archive is encrypted
 * as it is written, in age's STREAM chunks of 64 KiB, so memory stays bounded whatever its size; a
 * restore decrypts it the same way, and a wrong key is refused by the header, before any byte is read.
 */

/** The first line of every binary age file. */
/**
 * age-encryption (with its post-quantum and curve code, ~20 MB of memory) is loaded when a backup is
 * encrypted or opened, or a recipient setting checked, not when the app starts (ADR 058). Synchronously,
 * as the configuration's check is (Node loads an ES module through `require`).
 */
let ageModule: typeof AgeEncryption | undefined;
const age = () => (ageModule ??= createRequire(import.meta.url)("age-encryption") as typeof AgeEncryption);

export const AGE_HEADER = "age-encryption.org/v1\n";
/** The file name's suffix of an encrypted archive (`.tar.gz.age`). */
export const AGE_SUFFIX = ".age";

/** Recipients (public keys, `age1...`) written in one setting: separated by commas or white space. */
export function parseRecipients(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter(Boolean);
}

/** Why a recipient cannot be used (null when it can): what age-encryption makes of it. */
export function recipientProblem(recipient: string): string | null {
  if (/^AGE-SECRET-KEY-/i.test(recipient)) return "is a private key (an identity): give its public key, the age1... line age-keygen prints as 'public key'";
  try {
    new (age().Encrypter)().addRecipient(recipient);
    return null;
  } catch {
    return "is not an age public key (age1..., as age-keygen prints it)";
  }
}

/** `plain` encrypted to every recipient, as a stream (nothing is held whole in memory). */
export async function encryptStream(plain: Readable, recipients: string[]): Promise<Readable> {
  const encrypter = new (age().Encrypter)();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const encrypted = await encrypter.encrypt(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(encrypted as unknown as NodeReadableStream<Uint8Array>);
}

/** True when the file starts as an age file does. */
export async function isAgeFile(file: string): Promise<boolean> {
  const handle = await fsp.open(file, "r");
  try {
    const head = Buffer.alloc(AGE_HEADER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString("latin1") === AGE_HEADER;
  } finally {
    await handle.close();
  }
}

/** A private key for restore, and where it came from (named in messages; never the key itself). */
export interface BackupIdentity {
  key: string;
  source: string;
}

/**
 * The identities (`AGE-SECRET-KEY-1...`) of an identity file as age-keygen writes it: one per line,
 * `#` comments and blank lines ignored. Throws with the file's name when it holds none or a bad line.
 */
export async function readIdentityFile(file: string): Promise<BackupIdentity[]> {
  let text: string;
  try {
    text = await fsp.readFile(file, "utf8");
  } catch (error) {
    throw new Error(`Cannot read the identity file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  if (keys.length === 0) throw new Error(`The identity file ${file} holds no key (an AGE-SECRET-KEY-1... line).`);
  return keys.map((key, i) => checkedIdentity(key, keys.length === 1 ? file : `${file} (key ${i + 1})`));
}

/** An identity given in a setting; throws naming the source when it is not an age private key. */
export function checkedIdentity(key: string, source: string): BackupIdentity {
  const trimmed = key.trim();
  try {
    identityToRecipientSync(trimmed);
  } catch {
    throw new Error(`${source} is not an age private key (AGE-SECRET-KEY-1..., as age-keygen writes it).`);
  }
  return { key: trimmed, source };
}

function identityToRecipientSync(key: string): void {
  if (!/^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(key)) throw new Error("not an identity");
  new (age().Decrypter)().addIdentity(key);
}

/** The public key of an identity (what a backup must have been encrypted to for it to open). */
async function publicKeyOf(identity: BackupIdentity): Promise<string> {
  return age().identityToRecipient(identity.key);
}

class WrongKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WrongKeyError";
  }
}

/**
 * The archive's plaintext as a stream: its header is read and its file key unwrapped before this
 * returns, so a key it was not encrypted to fails here, before anything is written. Every 64 KiB
 * chunk is authenticated as it is read; a changed or cut file fails the stream.
 */
export async function decryptStream(file: Readable, identities: BackupIdentity[]): Promise<Readable> {
  const decrypter = new (age().Decrypter)();
  for (const identity of identities) decrypter.addIdentity(identity.key);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(file) as unknown as ReadableStream<Uint8Array>);
  } catch (error) {
    file.destroy();
    const message = (error as Error).message;
    if (/no identity matched/.test(message)) {
      const names = await Promise.all(identities.map(async (i) => `${i.source} (public key ${await publicKeyOf(i)})`));
      throw new WrongKeyError(`The archive was not encrypted to the key given: ${names.join(", ")}. Give the private key whose public key is BACKUP_AGE_RECIPIENT of the app that made it.`);
    }
    throw new Error(`The encrypted archive cannot be read (${message}). Is it a complete backup archive?`);
  }
  return Readable.fromWeb(plain as unknown as NodeReadableStream<Uint8Array>);
}
