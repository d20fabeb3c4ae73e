import commonPasswordsText from "./data/common-passwords.txt?raw";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./validation";

/**
 * The password policy (QUALITY S1, S2; OWASP ASVS 6.2): 12-128 characters of
 * anything (spaces, emoji, pasted text), and not one of the ~20,000 most
 * common passwords shipped in data/common-passwords.txt, nor the account's own
 * email address or name. No composition rules.
 */

let commonPasswords: Set<string> | undefined;

function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(
    commonPasswordsText
      .split(/\r?\n/)
      .filter((line) => line.length > 0 && !line.startsWith("# "))
      .map((line) => line.trim().toLowerCase()),
  );
  return commonPasswords;
}

/** Number of passwords on the shipped list (for tests and docs). */
export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.normalize("NFKC").trim().toLowerCase());
}

export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Length in user-perceived characters, so an emoji counts as one. */
function characterCount(password: string): number {
  return [...password].length;
}

/** Why `password` may not be chosen, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  const lowered = password.normalize("NFKC").trim().toLowerCase();
  const email = context.email?.trim().toLowerCase();
  const personal = [email, email?.split("@")[0], `${context.firstName ?? ""}${context.lastName ?? ""}`.toLowerCase()].filter(
    (v): v is string => Boolean(v && v.length >= 4),
  );
  if (personal.some((value) => lowered === value || lowered.replace(/[^\p{L}\p{N}]/gu, "") === value.replace(/[^\p{L}\p{N}]/gu, ""))) {
    return "Your password must not be your email address or name.";
  }
  return null;
}
