import { z } from "zod";
import {
  ASSIGNABLE_ROLE_OPTIONS,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MAX_UTF16_LENGTH,
  PASSWORD_MIN_LENGTH,
  STATUS_OPTIONS,
} from "./constants";
import { emailAddress, requiredText } from "~/lib/text-fields";

/**
 * Input rules of the account forms and the auth API, shared by the server
 * (route actions and better-auth's before-hook) and, for hints only, by the
 * forms. Server-side checks are the ones that count.
 */

export { PASSWORD_MAX_LENGTH, PASSWORD_MAX_UTF16_LENGTH, PASSWORD_MIN_LENGTH };

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
export const PASSWORD_TOO_COMMON = "This password is too common. Please choose a less predictable one.";
export const PASSWORD_IS_PERSONAL = "Your password must not be your email address or name.";
export const PASSWORD_TOO_EASY = "This password is too easy to guess. Add more words, or use a few words that have nothing to do with each other.";

/**
 * A password's length as a person counts it: in characters (code points), so
 * an emoji is one, not the two UTF-16 units of `string.length`. Stops counting
 * past `PASSWORD_MAX_LENGTH + 1`: the answer is "too long" either way.
 */
export function passwordCharacterCount(password: string): number {
  let count = 0;
  for (let i = 0; i < password.length && count <= PASSWORD_MAX_LENGTH; i += 1) {
    const unit = password.charCodeAt(i);
    // A surrogate pair is one character (a lone surrogate counts as one too, as in `[...password]`).
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = password.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

const notTooLong = (value: string) => passwordCharacterCount(value) <= PASSWORD_MAX_LENGTH;

/**
 * Names and emails follow the shared text rules (~/lib/text-fields.ts): control
 * characters, text-direction overrides and lone surrogates are refused with
 * its messages (never stripped), checked before trimming.
 */
const personName = (label: string) =>
  requiredText({
    max: NAME_MAX_LENGTH,
    requiredMessage: `${label} is required.`,
    tooLongMessage: `${label} must be at most ${NAME_MAX_LENGTH} characters.`,
  });

export const firstNameSchema = personName("First name");
export const lastNameSchema = personName("Last name");

export const emailSchema = emailAddress({
  max: EMAIL_MAX_LENGTH,
  requiredMessage: "Email is required.",
  tooLongMessage: `Email must be at most ${EMAIL_MAX_LENGTH} characters.`,
  invalidMessage: "Please enter a valid email address.",
}).transform((v) => v.toLowerCase());

/**
 * Length only, in characters; the whole policy (the common-password list first, then the length,
 * the account's own name and email, and how easy it is to guess) is password-policy.server.ts.
 */
export const newPasswordSchema = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .refine((value) => passwordCharacterCount(value) >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .refine(notTooLong, PASSWORD_TOO_LONG);

/** A password being checked, not chosen: any length up to the maximum (the hash decides). */
const currentPasswordSchema = z.string({ error: "Password is required." }).min(1, "Password is required.").refine(notTooLong, PASSWORD_TOO_LONG);

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

export const signUpSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});

/** The new password typed again: missing is as good as different. */
const confirmPasswordSchema = z.string({ error: "The passwords do not match." }).refine(notTooLong, PASSWORD_TOO_LONG);

/** What a reset link's token can hold (better-auth's ids; a URL's unreserved characters). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9._~-]+$/;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: "This reset link is incomplete." })
      .trim()
      .min(1, "This reset link is incomplete.")
      .max(200, "This reset link is not valid.")
      .regex(RESET_TOKEN_PATTERN, "This reset link is not valid."),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." })
  .refine((v) => v.password !== v.currentPassword, { path: ["password"], message: "Choose a password you have not used here." });

const userId = z.uuid("Unknown user.");

/** The actions of /admin/users, told apart by `intent`. */
export const userAdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-status"), userId, status: z.enum(STATUS_OPTIONS, "Choose pending, approved or rejected.") }),
  z.object({ intent: z.literal("assign-role"), userId, role: z.enum(ASSIGNABLE_ROLE_OPTIONS, "Choose admin or customer.") }),
  z.object({ intent: z.literal("remove-role"), userId, role: z.enum(ASSIGNABLE_ROLE_OPTIONS, "Choose admin or customer.") }),
]);

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, for showing under the inputs. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData as a plain object of strings (files and repeated keys are ignored). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
}
