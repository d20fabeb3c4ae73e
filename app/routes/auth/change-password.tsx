import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/change-password";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { FormField } from "~/components/admin/form-field";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { FormMessage } from "~/components/admin/form-message";
import { CardContent } from "~/components/ui/card";
import { changePasswordWithForm, FORM_UNREADABLE, readForm } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { PASSWORD_MAX_UTF16_LENGTH } from "~/domain/accounts/constants";
import { returnPathOf } from "~/domain/accounts/guards.server";
import { getSessionUser } from "~/domain/accounts/session.server";
import { logger, currentRequestId } from "~/lib/logger.server";

/**
 * /auth/change-password: for any signed-in, approved account; required
 * before anything else for an account created with a one-time password.
 * Changing the password ends the account's other sessions.
 */

async function requireApprovedSignedIn(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  if (user.status !== "approved") throw redirect("/auth");
  return user;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApprovedSignedIn(request);
  return { required: user.mustChangePassword, firstName: user.firstName };
}

export async function action({ request }: Route.ActionArgs) {
  await requireApprovedSignedIn(request);
  try {
    const form = await readForm(request);
    if (!form) return data({ error: FORM_UNREADABLE, fieldErrors: {} }, { status: 400 });
    const outcome = await changePasswordWithForm(request, form);
    if (!outcome.ok) {
      return data(
        { error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} },
        { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
      );
    }
    return redirect("/admin", { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error }, "password change failed");
    return data({ error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {} }, { status: 500 });
  }
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Change your password" }, { name: "robots", content: "noindex" }];
}

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hydrated, busy, fieldErrors } = useAuthForm(actionData);
  return (
    <AuthCard
      title={loaderData.required ? "Choose your password" : "Change your password"}
      description={
        loaderData.required
          ? "You signed in with a one-time password. Choose your own password to continue."
          : "Changing your password signs you out on your other devices."
      }
    >
      <CardContent className="grid gap-4">
        {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
        <Form method="post" className="grid gap-4">
          <FormField
            name="currentPassword"
            label={loaderData.required ? "One-time password" : "Current password"}
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_UTF16_LENGTH}
            error={fieldErrors.currentPassword}
          />
          <NewPasswordFields errors={fieldErrors} />
          <AuthSubmitButton busy={busy}>Save password</AuthSubmitButton>
        </Form>
      </CardContent>
    </AuthCard>
  );
}
