import type { z } from "zod";
import { callAuth, type AuthCallResult } from "./auth-http.server";
import { passwordRuleProblem } from "./password-policy.server";
import {
  changePasswordSchema,
  fieldErrorsOf,
  forgotPasswordSchema,
  formValues,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type FieldErrors,
} from "./validation";

/**
 * The /auth forms (spec 1 §2 "/auth", §8): validation with zod, then the
 * better-auth endpoint through its router (rate limited), and the result as
 * the spec's titles and texts. Route actions turn these into responses.
 */

export interface FormNotice {
  title: string;
  text: string;
}

const UNEXPECTED_ERROR: FormNotice = { title: "Error", text: "An unexpected error occurred." };
/** A body that is not a form (JSON, text, broken multipart): the request's fault, answered with 400. */
export const FORM_UNREADABLE: FormNotice = { title: "Error", text: "The form could not be read." };

/** The request's form, or null when its body is not one. */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export type FormOutcome =
  | {
      ok: false;
      status: number;
      error: FormNotice;
      fieldErrors?: FieldErrors;
      /** Values to put back in the form (never passwords). */
      values?: Record<string, string>;
      retryAfterSeconds?: number;
    }
  | { ok: true; setCookies: string[]; data?: unknown };

function tooManyAttempts(result: AuthCallResult): string {
  const seconds = result.retryAfterSeconds ?? 10;
  return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

function failure(title: string, result: AuthCallResult, values?: Record<string, string>): FormOutcome {
  if (result.status >= 500) return { ok: false, status: 500, error: UNEXPECTED_ERROR, values };
  if (result.status === 429) {
    return { ok: false, status: 429, error: { title, text: tooManyAttempts(result) }, values, retryAfterSeconds: result.retryAfterSeconds };
  }
  return { ok: false, status: result.status, error: { title, text: result.message ?? "The request could not be completed." }, values };
}

/**
 * zod's field errors, with the password policy's first rules (the common list before the length:
 * password-policy.server.ts) in place of zod's length message; null when there are none. The rest
 * of the policy runs in better-auth's before-hook.
 */
function newPasswordErrors(parsed: { success: boolean; error?: z.ZodError }, password: string | undefined): FieldErrors | null {
  const fieldErrors = parsed.error ? fieldErrorsOf(parsed.error) : {};
  const rule = password ? passwordRuleProblem(password) : null;
  if (rule) fieldErrors.password = rule;
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

function invalid(title: string, fieldErrors: FieldErrors, values?: Record<string, string>): FormOutcome {
  const first = Object.values(fieldErrors).find(Boolean) ?? "Please check the form.";
  return { ok: false, status: 400, error: { title, text: first }, fieldErrors, values };
}

export async function signInWithForm(request: Request, form: FormData): Promise<FormOutcome> {
  const raw = formValues(form);
  const values = { email: (raw.email ?? "").slice(0, 254) };
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return invalid("Sign In Error", fieldErrorsOf(parsed.error), values);
  const result = await callAuth(request, "/sign-in/email", { email: parsed.data.email, password: parsed.data.password, rememberMe: true });
  if (!result.ok && result.code === "EMAIL_NOT_VERIFIED") {
    // The password was right, but nobody proved the address yet (ADR 046): better-auth has just emailed a new link.
    return {
      ok: false,
      status: 403,
      error: {
        title: "Sign In Error",
        text: "Please confirm your email address first. We have emailed you a new link: open it to choose your password and sign in.",
      },
      values,
    };
  }
  if (!result.ok) return failure("Sign In Error", result, values);
  return { ok: true, setCookies: result.setCookies, data: result.data };
}

export async function signUpWithForm(request: Request, form: FormData): Promise<FormOutcome> {
  const raw = formValues(form);
  const values = {
    firstName: (raw.firstName ?? "").slice(0, 100),
    lastName: (raw.lastName ?? "").slice(0, 100),
    email: (raw.email ?? "").slice(0, 254),
  };
  const parsed = signUpSchema.safeParse(raw);
  const errors = newPasswordErrors(parsed, raw.password);
  if (errors || !parsed.success) return invalid("Sign Up Error", errors ?? {}, values);
  const { firstName, lastName, email, password } = parsed.data;
  const result = await callAuth(request, "/sign-up/email", { name: `${firstName} ${lastName}`, firstName, lastName, email, password });
  if (!result.ok) {
    const outcome = failure("Sign Up Error", result, values);
    if (!outcome.ok && result.code === "INVALID_INPUT" && /password/i.test(result.message ?? "")) {
      outcome.fieldErrors = { password: result.message };
    }
    return outcome;
  }
  return { ok: true, setCookies: result.setCookies };
}

export async function signOutWithRequest(request: Request): Promise<FormOutcome> {
  const result = await callAuth(request, "/sign-out", {});
  if (!result.ok) return failure("Error", result);
  return { ok: true, setCookies: result.setCookies };
}

export async function requestPasswordResetWithForm(request: Request, form: FormData): Promise<FormOutcome> {
  const raw = formValues(form);
  const values = { email: (raw.email ?? "").slice(0, 254) };
  const parsed = forgotPasswordSchema.safeParse(raw);
  if (!parsed.success) return invalid("Error", fieldErrorsOf(parsed.error), values);
  const result = await callAuth(request, "/request-password-reset", { email: parsed.data.email });
  if (!result.ok) return failure("Error", result, values);
  return { ok: true, setCookies: [] };
}

export async function resetPasswordWithForm(request: Request, form: FormData): Promise<FormOutcome> {
  const raw = formValues(form);
  const parsed = resetPasswordSchema.safeParse(raw);
  const errors = newPasswordErrors(parsed, raw.password);
  if (errors || !parsed.success) return invalid("Error", errors ?? {});
  const result = await callAuth(request, "/reset-password", { token: parsed.data.token, newPassword: parsed.data.password });
  if (!result.ok) {
    if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") {
      return { ok: false, status: 400, error: { title: "Error", text: "This reset link is invalid or has expired. Please ask for a new one." } };
    }
    const outcome = failure("Error", result);
    if (!outcome.ok && result.code === "INVALID_INPUT") outcome.fieldErrors = { password: result.message };
    return outcome;
  }
  return { ok: true, setCookies: result.setCookies };
}

export async function changePasswordWithForm(request: Request, form: FormData): Promise<FormOutcome> {
  const raw = formValues(form);
  const parsed = changePasswordSchema.safeParse(raw);
  const errors = newPasswordErrors(parsed, raw.password);
  if (errors || !parsed.success) return invalid("Error", errors ?? {});
  const result = await callAuth(request, "/change-password", {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.password,
    revokeOtherSessions: true,
  });
  if (!result.ok) {
    if (result.code === "INVALID_PASSWORD") {
      return { ok: false, status: 400, error: { title: "Error", text: "Your current password is not correct." }, fieldErrors: { currentPassword: "Your current password is not correct." } };
    }
    const outcome = failure("Error", result);
    if (!outcome.ok && result.code === "INVALID_INPUT") outcome.fieldErrors = { password: result.message };
    return outcome;
  }
  return { ok: true, setCookies: result.setCookies };
}
