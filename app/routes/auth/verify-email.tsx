import { Form, Link } from "react-router";
import type { Route } from "./+types/verify-email";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { FormMessage } from "~/components/admin/form-message";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { CardContent, CardFooter } from "~/components/ui/card";
import { accountLinkAction, linkTokenOf } from "~/domain/accounts/account-link-action.server";
import { readAccountLink } from "~/domain/accounts/redeem-account-link.server";

/**
 * /auth/verify-email?token=...: the link of a sign-up's confirmation email (ADR 046). Opening it changes
 * nothing (mail scanners follow links). The page asks for the account's password: submitting it proves
 * the address and sets that password, whoever chose the one given at sign-up, ends every earlier session
 * and signs in.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const token = linkTokenOf(new URL(request.url).searchParams.get("token"));
  const state = token ? await readAccountLink(token, "confirm-email") : null;
  return { token, state };
}

export function action({ request }: Route.ActionArgs) {
  return accountLinkAction(request, "confirm-email");
}

export function headers() {
  // The token is in the URL: keep this page out of caches and other sites' referrers. Not no-referrer: a form
  // posted before the page hydrates (or without JavaScript) would then say `Origin: null`, which is refused.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Confirm your email address" }, { name: "robots", content: "noindex" }];
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hydrated, busy, fieldErrors } = useAuthForm(actionData);
  const { token, state } = loaderData;
  const refusal = !token ? "This confirmation link is incomplete. Please use the link from the email." : state && !state.ok ? state.text : null;
  return (
    <AuthCard
      title="Confirm your email address"
      description={
        state?.ok
          ? `Choose the password for ${state.email}: the one you gave when you signed up, or a new one. It replaces any earlier password.`
          : "Choose your password to confirm your email address."
      }
    >
      <CardContent className="grid gap-4">
        {refusal ? (
          <FormMessage title="Error" text={refusal} />
        ) : (
          <>
            {!hydrated && actionData?.error && <FormMessage title={actionData.error.title} text={actionData.error.text} />}
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields errors={fieldErrors} labels={{ password: "Password", confirmPassword: "Confirm password" }} />
              <AuthSubmitButton busy={busy}>Confirm and sign in</AuthSubmitButton>
            </Form>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/auth" className="inline-flex min-h-11 items-center font-medium text-brand-navy underline-offset-4 hover:underline">
          Go to Sign In
        </Link>
      </CardFooter>
    </AuthCard>
  );
}
