import { Form, Link } from "react-router";
import type { Route } from "./+types/invitation";
import { AuthCard, AuthSubmitButton, useAuthForm } from "~/components/admin/auth-form";
import { FormMessage } from "~/components/admin/form-message";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { CardContent, CardFooter } from "~/components/ui/card";
import { accountLinkAction, linkTokenOf } from "~/domain/accounts/account-link-action.server";
import { readAccountLink } from "~/domain/accounts/redeem-account-link.server";

/**
 * /auth/invitation?token=...: the link of a portal invitation (issue 22 item 1, ADR 046). Opening it
 * changes nothing (mail scanners follow links); choosing a password uses it up, confirms the email
 * address, makes the account the customer of its requests and signs the homeowner in to /portal.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const token = linkTokenOf(new URL(request.url).searchParams.get("token"));
  const state = token ? await readAccountLink(token, "portal-invitation") : null;
  return { token, state };
}

export function action({ request }: Route.ActionArgs) {
  return accountLinkAction(request, "portal-invitation");
}

export function headers() {
  // The token is in the URL: keep this page out of caches and other sites' referrers. Not no-referrer: a form
  // posted before the page hydrates (or without JavaScript) would then say `Origin: null`, which is refused.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
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
