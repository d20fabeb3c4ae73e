import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { seededRandom } from "../../../tests/support/prng";
import { commonPasswordCount, isCommonPassword, passwordProblem, preparePasswordStrengthChecker } from "./password-policy.server";
import { newPasswordSchema, passwordCharacterCount } from "./validation";

/**
 * The password policy (QUALITY S1, S2; issue 19 finding 6): the common list before the length
 * rule, the length in characters, the account's own name and email, and zxcvbn's judgement of
 * how easy the password is to guess (score 3 or more, with the account's words as inputs).
 */

const TOO_SHORT = "Password must be at least 12 characters long.";
const TOO_LONG = "Password must be at most 128 characters long.";
const TOO_COMMON = "This password is too common. Please choose a less predictable one.";
const PERSONAL = "Your password must not be your email address or name.";
const TOO_EASY = "This password is too easy to guess. Add more words, or use a few words that have nothing to do with each other.";

const JANE = { email: "jane.roofer@example.com", firstName: "Jane", lastName: "Roofer" };
const SOMEONE_ELSE = { email: "sam.fields@example.org", firstName: "Sam", lastName: "Fields" };

/** `count` emoji drawn from U+1F300-U+1F5FF (each one character, two UTF-16 units), seeded. */
function randomEmoji(count: number, seed: number): string {
  const { int } = seededRandom(seed);
  return Array.from({ length: count }, () => String.fromCodePoint(0x1f300 + int(0x300))).join("");
}

describe("password policy (QUALITY S1, S2)", () => {
  test("passwords of 12 or more characters that are easy to guess are refused, with what to do instead", async () => {
    for (const password of ["aaaaaaaaaaaa", "123456789012", "passwordpassword", "            ", "abcabcabcabc", "qwertyuiopas", "1111111111111111", "Password1234!", "🏠".repeat(12)]) {
      expect(`${password}: ${await passwordProblem(password)}`).toBe(`${password}: ${TOO_EASY}`);
    }
  }, 60_000);

  test("the common list is checked before the length rule: a short common password is told it is common", async () => {
    for (const password of ["password", "qwerty", "123456", "password123", "Password1234", "1qaz2wsx3edc", "QWERTY123456"]) {
      expect(`${password}: ${await passwordProblem(password)}`).toBe(`${password}: ${TOO_COMMON}`);
    }
    expect(commonPasswordCount()).toBeGreaterThan(10_000);
    expect(isCommonPassword("Slate-Ridge-Shingle-2049")).toBe(false);
    // Not on the list and short: the length rule.
    expect(await passwordProblem("abcdefghijk")).toBe(TOO_SHORT);
    expect(await passwordProblem("x7#Qp!2vLm9")).toBe(TOO_SHORT);
  });

  test("the length is counted in characters: 128 emoji are accepted, 129 refused; 11 are too short", async () => {
    const emoji128 = randomEmoji(128, 1);
    expect([passwordCharacterCount(emoji128), emoji128.length]).toEqual([128, 256]);
    expect(await passwordProblem(emoji128)).toBeNull();
    expect(await passwordProblem(randomEmoji(65, 2))).toBeNull();
    expect(await passwordProblem(randomEmoji(129, 3))).toBe(TOO_LONG);
    expect(await passwordProblem(randomEmoji(11, 4))).toBe(TOO_SHORT);
    expect(await passwordProblem(randomEmoji(12, 5))).toBeNull();
    expect(await passwordProblem("x".repeat(129))).toBe(TOO_LONG);
    expect(await passwordProblem("x".repeat(2_000_000))).toBe(TOO_LONG);
    // The forms' own schema counts the same way.
    expect(newPasswordSchema.safeParse(emoji128).success).toBe(true);
    expect(newPasswordSchema.safeParse(randomEmoji(129, 3)).error?.issues[0]?.message).toBe(TOO_LONG);
    expect(newPasswordSchema.safeParse(randomEmoji(6, 6)).error?.issues[0]?.message).toBe(TOO_SHORT);
  }, 60_000);

  test("the account's own email address or name, however dressed up, is refused", async () => {
    const variations = [
      "jane.roofer@example.com",
      "JANE.ROOFER@EXAMPLE.COM",
      "janeroofer2024",
      "jane.roofer1!",
      "Jane Roofer 2024",
      "RooferJane1990",
      "roofer.jane.2025",
      "J4n3-R00f3r-99",
      "refoorenaj-1234",
      "janeroofer123456",
      "Jane.Roofer.1",
    ];
    for (const password of variations) {
      const problem = await passwordProblem(password, JANE);
      expect([PERSONAL, TOO_EASY], `${password}: ${problem}`).toContain(problem);
    }
    expect(await passwordProblem("jane.roofer@example.com", JANE)).toBe(PERSONAL);
    // They are refused because they are Jane's: the same passwords are not refused for another account.
    for (const password of ["jane.roofer@example.com", "RooferJane1990", "roofer.jane.2025", "J4n3-R00f3r-99", "Jane.Roofer.1"]) {
      expect(`${password}: ${await passwordProblem(password, SOMEONE_ELSE)}`).toBe(`${password}: null`);
    }
    // A passphrase that merely mentions the name is fine.
    expect(await passwordProblem("Margaret's new roof 2026", { firstName: "Margaret", lastName: "Thatcher" })).toBeNull();
    expect(await passwordProblem("Jane's slate roof never leaks", JANE)).toBeNull();
  }, 60_000);

  test("long random passphrases and four random words are accepted", async () => {
    await preparePasswordStrengthChecker();
    for (let i = 0; i < 10; i += 1) {
      const random = crypto.randomBytes(18).toString("base64url");
      expect(`${random}: ${await passwordProblem(random, JANE)}`).toBe(`${random}: null`);
    }
    const { pick } = seededRandom(20261124);
    const words = ["gravel", "otter", "velvet", "lantern", "copper", "meadow", "anchor", "pepper", "violin", "glacier", "harbor", "tulip", "walnut", "comet", "saddle", "fossil", "kettle", "orchid", "pebble", "falcon"];
    for (let i = 0; i < 20; i += 1) {
      const passphrase = Array.from({ length: 4 }, () => pick(words)).join(" ");
      expect(`${passphrase}: ${await passwordProblem(passphrase, JANE)}`).toBe(`${passphrase}: null`);
    }
    for (const password of ["Tar paper & shingles", "correct horse battery staple", "Slate-Ridge-Shingle-2049", "ábcdéfghíjkl"]) {
      expect(`${password}: ${await passwordProblem(password, JANE)}`).toBe(`${password}: null`);
    }
  }, 60_000);
});
