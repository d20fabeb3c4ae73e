import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { FormField } from "~/components/admin/form-field";
import { FormMessage } from "~/components/admin/form-message";
import { CardContent, CardFooter } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { FORM_UNREADABLE, readForm, requestPasswordResetWithForm } from "~/domain/accounts/auth-forms.server";
import { logger, currentRequestId } from "~/lib/logger.server";

/**
 * /auth/forgot-password: asks for a reset link by email. The answer is the
 * same whether or not an account exists for the address (no enumeration).
 */

const SENT = {
  title: "Check your email",
  text: "If an account exists for that address, we have sent it a link to choose a new password. The link is valid for one hour.",
};

export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    if (!form) return data({ sent: false, error: FORM_UNREADABLE, fieldErrors: {}, values: {} }, { status: 400 });
    const outcome = await requestPasswordResetWithForm(request, form);
    if (!outcome.ok) {
      return data(
        { sent: false, error: outcome.error, fieldErrors: outcome.fieldErrors ?? {}, values: outcome.values ?? {} },
        { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
      );
    }
    return { sent: true, error: null, fieldErrors: {}, values: {} };
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return data(
      { sent: false, error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {}, values: {} },
      { status: 500 },
    );
  }
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Forgot your password?" }, { name: "robots", content: "noindex" }];
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { hydrated, busy, fieldErrors } = useAuthForm(actionData);
  const values: Partial<Record<string, string>> = actionData?.values ?? {};

  useEffect(() => {
    if (actionData?.sent) toast.success(SENT.title, { description: SENT.text });
  }, [actionData]);

  return (
    <AuthCard title="Forgot your password?" description="Enter the email address of your account and we will send you a link to choose a new password.">
      <CardContent className="grid gap-4">
        {actionData?.sent && <FormMessage variant="success" title={SENT.title} text={SENT.text} />}
        {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
        <Form method="post" className="grid gap-4">
          <FormField name="email" label="Email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={fieldErrors.email} />
          <AuthSubmitButton busy={busy}>Send reset link</AuthSubmitButton>
        </Form>
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/auth" className="inline-flex items-center gap-1 font-medium text-brand-navy underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Sign In
        </Link>
      </CardFooter>
    </AuthCard>
  );
}
