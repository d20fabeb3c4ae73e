import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import commonPasswordsText from "./data/common-passwords.txt?raw";
import {
  PASSWORD_IS_PERSONAL,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MAX_UTF16_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_EASY,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordCharacterCount,
} from "./validation";

/**
 * The password policy (QUALITY S1, S2; OWASP ASVS 6.2), the one place that
 * judges a new password (better-auth's before-hook runs it for sign-up, reset
 * and change, whether they come from the /auth forms or the API). In order:
 *
 * 1. not one of the ~20,000 most common passwords shipped in
 *    data/common-passwords.txt, whatever its length: "password" is told it is
 *    too common, not that it is too short (padding it to 12 would not help);
 * 2. 12 to 128 characters as a person counts them (code points: an emoji is
 *    one, not two UTF-16 units), of anything: spaces, emoji, pasted text;
 * 3. not the account's own email address or name;
 * 4. hard enough to guess: zxcvbn (@zxcvbn-ts/core with its common and
 *    English dictionaries) scores it 3 or more out of 4, with the account's
 *    names and email address as words an attacker would try first. This is
 *    what refuses `aaaaaaaaaaaa`, `123456789012` or `passwordpassword`.
 *
 * No composition rules. zxcvbn's dictionaries are a few MB: loaded on the
 * first check (a dynamic import, server only), then kept.
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

/** The minimum zxcvbn score (0-4): 3 is "safely unguessable", about 10^10 guesses. */
const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's l33t matcher tries substitutions of characters like `4 @ 1 ! | 0 $`, up to this many
 * variants of the password. Its default (100) lets 128 such characters hold the event loop for
 * about a second (3-4 s on a loaded 2-core machine), and a 12-20 character password ~130 ms there.
 * 10 keeps the worst 128-character input we found under 0.3 s on that loaded machine (~15 ms for
 * an ordinary password); the price: of 600 common passwords joined and heavily l33t-spelled
 * ("m@xw3114965"), 37 more pass (6%). The common list and the other matchers are unaffected.
 */
const L33T_MAX_SUBSTITUTIONS = 10;

let strengthChecker: Promise<ZxcvbnFactory> | undefined;

function loadStrengthChecker(): Promise<ZxcvbnFactory> {
  strengthChecker ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })().catch((error: unknown) => {
    strengthChecker = undefined; // the next check tries again
    throw error;
  });
  return strengthChecker;
}

/** Loads zxcvbn's dictionaries now rather than on the first password check (tests, timing). */
export async function preparePasswordStrengthChecker(): Promise<void> {
  await loadStrengthChecker();
}

/** The words of the account an attacker would try first: its names, its email and the email's parts. */
function personalWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const word = value?.normalize("NFKC").trim().toLowerCase();
    if (word && word.length >= 2) words.add(word);
  };
  const email = context.email?.trim().toLowerCase();
  add(email);
  const localPart = email?.split("@")[0];
  add(localPart);
  for (const piece of localPart?.split(/[^\p{L}\p{N}]+/u) ?? []) add(piece);
  add(email?.split("@")[1]?.split(".")[0]);
  add(context.firstName);
  add(context.lastName);
  if (context.firstName && context.lastName) {
    add(`${context.firstName}${context.lastName}`);
    add(`${context.firstName} ${context.lastName}`);
  }
  return [...words];
}

/** zxcvbn's score (0-4) of `password` for the account described by `context`. */
async function passwordStrengthScore(password: string, context: PasswordContext = {}): Promise<number> {
  const checker = await loadStrengthChecker();
  return checker.check(password.normalize("NFKC"), personalWords(context)).score;
}

/** Digits and signs read as letters ("J4n3-R00f3r"): the personal check also tries the text with them read back. */
const LOOK_ALIKE_LETTERS: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };

const lettersAndDigits = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The account's own email address or name, with little else: what is left once its names, its
 * email address and the address's parts (also written backwards) are taken out of the password's
 * letters and digits is under 6 characters or only digits ("RooferJane1990", "jane.roofer@example.com",
 * "J4n3-R00f3r-99"). Passwords that merely contain a name ("Margaret's new roof 2026") are left to
 * the strength check, which knows the same words.
 */
function isPersonal(password: string, context: PasswordContext): boolean {
  const words = new Set<string>();
  for (const word of personalWords(context)) {
    const letters = lettersAndDigits(word);
    if (letters.length >= 3) words.add(letters).add([...letters].reverse().join(""));
  }
  if (words.size === 0) return false;
  const longestFirst = [...words].sort((a, b) => b.length - a.length);
  const lowered = password.normalize("NFKC").toLowerCase();
  const readBack = [...lowered].map((character) => LOOK_ALIKE_LETTERS[character] ?? character).join("");
  return [lowered, readBack].some((variant) => {
    const all = lettersAndDigits(variant);
    const rest = longestFirst.reduce((text, word) => text.split(word).join(""), all);
    return rest.length < all.length && (rest.length < 6 || /^\p{N}*$/u.test(rest));
  });
}

/**
 * Rules 1 and 2 (the common list, then the length): what the /auth forms answer before the request
 * goes to better-auth, whose before-hook then runs the whole policy.
 */
export function passwordRuleProblem(password: string): string | null {
  // More than two UTF-16 units per allowed character is too long whatever it holds (and on no list):
  // answered before any work on the text.
  if (password.length > PASSWORD_MAX_UTF16_LENGTH) return PASSWORD_TOO_LONG;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  const length = passwordCharacterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}

/** Why `password` may not be chosen, or null when it is acceptable. */
export async function passwordProblem(password: string, context: PasswordContext = {}): Promise<string | null> {
  const rule = passwordRuleProblem(password);
  if (rule) return rule;
  if (isPersonal(password, context)) return PASSWORD_IS_PERSONAL;
  if ((await passwordStrengthScore(password, context)) < MIN_PASSWORD_SCORE) return PASSWORD_TOO_EASY;
  return null;
}
