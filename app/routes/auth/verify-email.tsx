import { MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { AuthCard, AuthSubmitButton } from "~/components/admin/auth-form";
import { FormMessage } from "~/components/admin/form-message";
import { buttonVariants } from "~/components/ui/button";
import { CardContent, CardFooter } from "~/components/ui/card";
import { FORM_UNREADABLE, readForm, verifyEmailToken } from "~/domain/accounts/auth-forms.server";
import { logger, currentRequestId } from "~/lib/logger.server";

/**
 * /auth/verify-email?token=...: the link of the verification email. Opening
 * it shows a button; only the POST confirms the address (a GET never changes
 * state, and link scanners in mailboxes do not confirm it for the owner).
 */

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.slice(0, 2000) };
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    if (!form) return data({ ok: false, text: FORM_UNREADABLE.text }, { status: 400 });
    const result = await verifyEmailToken(request, form.get("token"));
    return data(result, { status: result.ok ? 200 : 400 });
  } catch (error) {
    logger.error({ err: error }, "email verification failed unexpectedly");
    return data({ ok: false, text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, { status: 500 });
  }
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Confirm your email address" }, { name: "robots", content: "noindex" }];
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthCard title="Confirm your email address" description="One click confirms that this address belongs to you.">
      <CardContent className="grid gap-4">
        {actionData ? (
          <FormMessage variant={actionData.ok ? "success" : "error"} title={actionData.ok ? "Email Confirmed" : "Error"} text={actionData.text} />
        ) : !loaderData.token ? (
          <FormMessage title="Error" text="This confirmation link is incomplete. Please use the link from the email." />
        ) : (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <AuthSubmitButton busy={busy} icon={MailCheck}>
              Confirm my email address
            </AuthSubmitButton>
          </Form>
        )}
      </CardContent>
      <CardFooter className="justify-center">
        <Link to="/auth" className={buttonVariants({ variant: "link" })}>
          Go to Sign In
        </Link>
      </CardFooter>
    </AuthCard>
  );
}
