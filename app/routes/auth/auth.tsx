import { Home, LogOut } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { AuthCard, AuthSubmitButton } from "~/components/admin/auth-form";
import { FormField } from "~/components/admin/form-field";
import { useAuthSiteSettings } from "~/components/admin/use-auth-site-settings";
import { FormMessage } from "~/components/admin/form-message";
import { useHydrated } from "~/components/admin/use-hydrated";
import { hasKeptDraft, markDraftReturn } from "~/components/portal/kept-drafts";
import { Button, buttonVariants } from "~/components/ui/button";
import { CardContent, CardFooter } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { signInWithForm, signUpWithForm } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { hasSessionCookie } from "~/domain/accounts/cookies.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MAX_UTF16_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/accounts/constants";
import { landingPathOf, safeRedirectPath } from "~/domain/accounts/guards.server";
import { landingPathForUser } from "~/domain/accounts/landing-path.server";
import { getSessionUser } from "~/domain/accounts/session.server";
import { logger, currentRequestId } from "~/lib/logger.server";

/**
 * /auth (spec 1 §2, §4, §8): Sign In and Create Account, toggled by a link
 * (`?mode=signup`), as plain forms posting to this route's action, so they
 * work without JavaScript; with it, React Router's <Form> submits them in
 * place, the button shows "Loading..." and results appear as toasts.
 *
 * Signed in: approved -> `redirectTo`, else /admin for staff and /portal for customers; pending -> "Account
 * Pending"; rejected -> "Account Not Approved" (docs/decisions/010-rejected-account-view.md).
 *
 * Sent here from a page whose session has lapsed (a session cookie the server no longer knows, and a
 * `redirectTo`): the page says so, and, when the browser kept what was typed on that page (the portal's
 * kept-drafts.ts), that it is kept (issue 31 item 5).
 */

const SESSION_ENDED = "Your session ended. Sign in again to continue.";
const SESSION_ENDED_DRAFT_KEPT = "Your session ended. Sign in again to continue; what you wrote is kept.";

const NOTICES = {
  "account-created": {
    title: "Account Created",
    text: "Please check your email to verify your account. Your account is pending approval.",
  },
  "signed-out": { title: "Signed Out", text: "You have been signed out." },
  "password-reset": { title: "Password Changed", text: "Your password has been changed. Please sign in with your new password." },
} as const;
type NoticeKey = keyof typeof NOTICES;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // No redirectTo: staff land on /admin, customers on /portal (issue 22), decided once signed in.
  const asked = url.searchParams.get("redirectTo");
  const redirectTo = asked ? safeRedirectPath(asked, "/admin") : "";
  const user = await getSessionUser(request);
  if (user) {
    if (user.status === "approved") throw redirect(user.mustChangePassword ? "/auth/change-password" : redirectTo || landingPathOf(user));
    return {
      view: user.status,
      firstName: user.firstName,
      emailVerified: user.emailVerified,
      mode: "signin" as const,
      redirectTo,
      notice: null,
      sessionEnded: false,
    };
  }
  const noticeKey = url.searchParams.get("notice");
  return {
    view: "form" as const,
    firstName: null,
    emailVerified: false,
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("signin" as const),
    redirectTo,
    notice: noticeKey && noticeKey in NOTICES ? (noticeKey as NoticeKey) : null,
    // A guarded page sent them here with a cookie whose session is gone: it lapsed (or was ended elsewhere).
    sessionEnded: Boolean(redirectTo) && hasSessionCookie(request.headers),
  };
}

export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ intent: "sign-in", error: { title: "Error", text: "The form could not be read." }, fieldErrors: {}, values: {} }, { status: 400 });
  }
  const intent = form.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  try {
    const outcome = intent === "sign-up" ? await signUpWithForm(request, form) : await signInWithForm(request, form);
    if (!outcome.ok) {
      const error =
        outcome.status >= 500 ? { ...outcome.error, text: `${outcome.error.text} Reference: ${currentRequestId()}` } : outcome.error;
      return data(
        { intent, error, fieldErrors: outcome.fieldErrors ?? {}, values: outcome.values ?? {} },
        {
          status: outcome.status,
          headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
        },
      );
    }
    if (intent === "sign-up") return redirect("/auth?notice=account-created");
    const signedIn = (outcome.data as { user?: { id?: string; status?: string } } | undefined)?.user;
    const asked = form.get("redirectTo");
    const destination =
      signedIn?.status !== "approved"
        ? "/auth"
        : asked
          ? safeRedirectPath(asked, "/admin")
          : signedIn.id
            ? await landingPathForUser(signedIn.id)
            : "/admin";
    return redirect(destination, { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error, intent }, "sign-in or sign-up failed unexpectedly");
    return data(
      { intent, error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {}, values: {} },
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
  return [{ title: "Sign In" }, { name: "robots", content: "noindex" }];
}

/** Where a signed-in account that cannot use the admin area goes next: home, or sign out. */
function HomeOrSignOut() {
  return (
    <CardFooter className="flex flex-wrap justify-between gap-2">
      <Link to="/" className={buttonVariants()}>
        <Home aria-hidden="true" />
        Return to Home
      </Link>
      <Form method="post" action="/auth/sign-out">
        <Button type="submit" variant="ghost">
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </Form>
    </CardFooter>
  );
}

function PendingView({ firstName, emailVerified }: { firstName: string | null; emailVerified: boolean }) {
  return (
    <AuthCard title="Account Pending" description={firstName ? `Thank you, ${firstName}.` : "Thank you."}>
      <CardContent className="grid gap-3 text-sm leading-relaxed text-slate-700">
        <p>Your account is pending approval from an administrator. You will be able to use the admin area once it has been approved.</p>
        {!emailVerified && <p>Please also confirm your email address with the link we sent you.</p>}
        {!emailVerified && (
          <p>If you asked us for an inspection with this email address, confirming it opens your customer portal at once.</p>
        )}
      </CardContent>
      <HomeOrSignOut />
    </AuthCard>
  );
}

function RejectedView() {
  const settings = useAuthSiteSettings();
  return (
    <AuthCard title="Account Not Approved" description="Thank you for your interest.">
      <CardContent className="grid gap-3 text-sm leading-relaxed text-slate-700">
        <p>
          Your account request has been reviewed and was not approved, so the admin area is not available to this account.
        </p>
        <p>
          If you believe this is a mistake, please contact our office
          {settings?.phone ? (
            <>
              {" "}
              at <a className="font-medium text-brand-navy underline" href={settings.phoneHref}>{settings.phone}</a>
            </>
          ) : null}
          {settings?.email ? (
            <>
              {" "}
              or <a className="font-medium text-brand-navy underline" href={`mailto:${settings.email}`}>{settings.email}</a>
            </>
          ) : null}
          . We will be glad to help.
        </p>
      </CardContent>
      <HomeOrSignOut />
    </AuthCard>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { view, mode, redirectTo, notice, sessionEnded } = loaderData;
  // The page they come back to, without its query: the browser's kept drafts are keyed by path.
  const returnPath = redirectTo.split(/[?#]/)[0] ?? "";
  const [draftKept, setDraftKept] = useState(false);
  useEffect(() => {
    setDraftKept(sessionEnded && returnPath !== "" && hasKeptDraft(returnPath));
  }, [sessionEnded, returnPath]);
  const signUp = mode === "signup";
  const intent = signUp ? "sign-up" : "sign-in";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = actionData && actionData.intent === intent ? actionData : undefined;
  const fieldErrors: Partial<Record<string, string>> = result?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = result?.values ?? {};

  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error.title, { description: actionData.error.text });
  }, [actionData]);
  useEffect(() => {
    if (notice) toast.success(NOTICES[notice].title, { description: NOTICES[notice].text });
  }, [notice]);

  if (view === "pending") return <PendingView firstName={loaderData.firstName} emailVerified={loaderData.emailVerified} />;
  if (view === "rejected") return <RejectedView />;

  const toggleParams = new URLSearchParams();
  if (!signUp) toggleParams.set("mode", "signup");
  if (redirectTo) toggleParams.set("redirectTo", redirectTo);
  const toggleHref = `/auth${toggleParams.size ? `?${toggleParams}` : ""}`;

  return (
    <AuthCard
      title={signUp ? "Create Account" : "Sign In"}
      description={
        signUp
          ? "Asked us for an inspection? Use the same email address: once you confirm it, your requests are in your customer portal. Staff accounts are approved by an administrator."
          : "Sign in to your customer portal or the staff area."
      }
    >
      <CardContent className="grid gap-4">
        {sessionEnded && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
            {draftKept ? SESSION_ENDED_DRAFT_KEPT : SESSION_ENDED}
          </p>
        )}
        {!hydrated && notice && <FormMessage variant="success" title={NOTICES[notice].title} text={NOTICES[notice].text} />}
        {!hydrated && result?.error && <FormMessage title={result.error.title} text={result.error.text} />}
        <Form method="post" className="grid gap-4" key={mode} onSubmit={() => draftKept && markDraftReturn(returnPath)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {signUp && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                name="firstName"
                label="First name"
                autoComplete="given-name"
                required
                maxLength={100}
                defaultValue={values.firstName}
                error={fieldErrors.firstName}
              />
              <FormField
                name="lastName"
                label="Last name"
                autoComplete="family-name"
                required
                maxLength={100}
                defaultValue={values.lastName}
                error={fieldErrors.lastName}
              />
            </div>
          )}
          <FormField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={fieldErrors.email}
          />
          <FormField
            name="password"
            label="Password"
            type="password"
            autoComplete={signUp ? "new-password" : "current-password"}
            required
            minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
            maxLength={PASSWORD_MAX_UTF16_LENGTH}
            hint={signUp ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A passphrase of a few words works well.` : undefined}
            error={fieldErrors.password}
          />
          <AuthSubmitButton busy={busy}>{signUp ? "Create Account" : "Sign In"}</AuthSubmitButton>
        </Form>
      </CardContent>
      <CardFooter className="flex flex-col items-center gap-3 text-sm">
        <Link to={toggleHref} className="font-medium text-brand-navy underline-offset-4 hover:underline">
          {signUp ? "Already have an account? Sign in" : "Don't have an account? Create one"}
        </Link>
        {!signUp && (
          <Link to="/auth/forgot-password" className="text-muted-foreground underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        )}
      </CardFooter>
    </AuthCard>
  );
}
