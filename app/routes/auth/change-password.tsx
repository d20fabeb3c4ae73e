import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/change-password";
import { FormField } from "~/components/admin/form-field";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { FormMessage } from "~/components/admin/form-message";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { changePasswordWithForm } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { PASSWORD_MAX_LENGTH } from "~/domain/accounts/constants";
import { returnPathOf } from "~/domain/accounts/guards.server";
import { getSessionUser } from "~/domain/accounts/session.server";
import { logger } from "~/lib/logger.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  await requireApprovedSignedIn(request);
  try {
    const outcome = await changePasswordWithForm(request, await request.formData());
    if (!outcome.ok) {
      return data(
        { error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} },
        { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
      );
    }
    return redirect("/admin", { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error }, "password change failed");
    return data({ error: { title: "Error", text: `An unexpected error occurred. Reference: ${context.requestId}` }, fieldErrors: {} }, { status: 500 });
  }
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Change your password" }, { name: "robots", content: "noindex" }];
}

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fieldErrors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};

  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error.title, { description: actionData.error.text });
  }, [actionData]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold text-brand-navy">{loaderData.required ? "Choose your password" : "Change your password"}</h1>
          </CardTitle>
          <CardDescription>
            {loaderData.required
              ? "You signed in with a one-time password. Choose your own password to continue."
              : "Changing your password signs you out on your other devices."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
          <Form method="post" className="grid gap-4">
            <FormField
              name="currentPassword"
              label={loaderData.required ? "One-time password" : "Current password"}
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={fieldErrors.currentPassword}
            />
            <NewPasswordFields errors={fieldErrors} />
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              {busy ? "Loading..." : "Save password"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
