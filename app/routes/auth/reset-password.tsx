import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { FormMessage } from "~/components/admin/form-message";
import { CardContent, CardFooter } from "~/components/ui/card";
import { FORM_UNREADABLE, readForm, resetPasswordWithForm } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { logger, currentRequestId } from "~/lib/logger.server";

/**
 * /auth/reset-password?token=...: the link of the reset email. Choosing a
 * new password ends every session of the account (revokeSessionsOnPasswordReset).
 */

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.slice(0, 200) };
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    if (!form) return data({ error: FORM_UNREADABLE, fieldErrors: {} }, { status: 400 });
    const outcome = await resetPasswordWithForm(request, form);
    if (!outcome.ok) {
      return data(
        { error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} },
        { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
      );
    }
    return redirect("/auth?notice=password-reset", { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error }, "password reset failed");
    return data({ error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {} }, { status: 500 });
  }
}

export function headers() {
  // The token is in the URL: keep this page out of caches and other sites' referrers. Not no-referrer: a form
  // posted before the page hydrates (or without JavaScript) would then say `Origin: null`, which is refused.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hydrated, busy, fieldErrors } = useAuthForm(actionData);
  return (
    <AuthCard title="Choose a new password" description="This signs you out on every device.">
      <CardContent className="grid gap-4">
        {!loaderData.token ? (
          <FormMessage title="Error" text="This reset link is incomplete. Please use the link from the email, or ask for a new one." />
        ) : (
          <>
            {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={loaderData.token} />
              <NewPasswordFields errors={fieldErrors} />
              <AuthSubmitButton busy={busy}>Save new password</AuthSubmitButton>
            </Form>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/auth/forgot-password" className="inline-flex items-center gap-1 font-medium text-brand-navy underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Ask for a new link
        </Link>
      </CardFooter>
    </AuthCard>
  );
}
