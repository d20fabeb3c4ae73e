import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { FormMessage } from "~/components/admin/form-message";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { CardContent, CardFooter } from "~/components/ui/card";
import { FORM_UNREADABLE, readForm } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { acceptPortalInvitation, readInvitation } from "~/domain/portal/accept-portal-invitation.server";
import { currentRequestId, logger } from "~/lib/logger.server";

/**
 * /auth/invitation?token=...: the link of a portal invitation (issue 22 item 1). Opening it changes
 * nothing (mail scanners follow links); choosing a password uses it up, confirms the email address and
 * signs the homeowner in to /portal.
 */

function tokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 200) : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const state = token ? await readInvitation(token) : null;
  return { token, state };
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    if (!form) return data({ error: FORM_UNREADABLE, fieldErrors: {} }, { status: 400 });
    const outcome = await acceptPortalInvitation(request, {
      token: tokenOf(form.get("token")),
      password: typeof form.get("password") === "string" ? String(form.get("password")) : "",
      confirmPassword: typeof form.get("confirmPassword") === "string" ? String(form.get("confirmPassword")) : "",
    });
    if (!outcome.ok) {
      return data({ error: { title: "Error", text: outcome.text }, fieldErrors: outcome.fieldErrors ?? {} }, { status: outcome.status });
    }
    // Signed in: the portal. If the sign-in itself failed (rate limit), the sign-in page.
    return redirect(outcome.setCookies.length > 0 ? "/portal" : "/auth?redirectTo=%2Fportal", { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error }, "accepting a portal invitation failed");
    return data({ error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {} }, { status: 500 });
  }
}

export function headers() {
  // The token is in the URL: keep this page out of caches and referrers.
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Open your customer portal" }, { name: "robots", content: "noindex" }];
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hydrated, busy, fieldErrors } = useAuthForm(actionData);
  const { token, state } = loaderData;
  const refusal = !token
    ? "This invitation link is incomplete. Please use the link from the email."
    : state && !state.ok
      ? state.text
      : null;
  return (
    <AuthCard
      title="Open your customer portal"
      description={state?.ok ? `Welcome${state.firstName ? `, ${state.firstName}` : ""}. Choose a password for ${state.email}.` : "Choose a password to open your portal."}
    >
      <CardContent className="grid gap-4">
        {refusal ? (
          <FormMessage title="Error" text={refusal} />
        ) : (
          <>
            {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields errors={fieldErrors} />
              <AuthSubmitButton busy={busy}>Open my portal</AuthSubmitButton>
            </Form>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/auth" className="inline-flex min-h-11 items-center font-medium text-brand-navy underline-offset-4 hover:underline">
          Already chose a password? Sign in
        </Link>
      </CardFooter>
    </AuthCard>
  );
}
