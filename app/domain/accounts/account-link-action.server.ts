import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users, type AccountLinkPurpose } from "~/db/schema";
import { currentRequestId, logger } from "~/lib/logger.server";
import { FORM_UNREADABLE, readForm } from "./auth-forms.server";
import { cookieHeaders } from "./auth-http.server";
import { landingPathForUser } from "./landing-path.server";
import { redeemAccountLink } from "./redeem-account-link.server";

/** A link page's token, as far as a token can be (longer input is cut, then refused as invalid). */
export function linkTokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 200) : "";
}

/**
 * The action of a one-time link's page (/auth/verify-email, /auth/invitation): the password chosen there,
 * then signed in to where the account lands (a customer's portal, the back office, or /auth, which shows
 * a pending account its Account Pending page).
 */
export async function accountLinkAction(request: Request, purpose: AccountLinkPurpose) {
  try {
    const form = await readForm(request);
    if (!form) return data({ error: FORM_UNREADABLE, fieldErrors: {} }, { status: 400 });
    const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
    const outcome = await redeemAccountLink(request, {
      token: linkTokenOf(form.get("token")),
      purpose,
      password: text("password"),
      confirmPassword: text("confirmPassword"),
    });
    if (!outcome.ok) {
      return data({ error: { title: "Error", text: outcome.text }, fieldErrors: outcome.fieldErrors ?? {} }, { status: outcome.status });
    }
    if (outcome.setCookies.length === 0) return redirect("/auth");
    const [account] = await db().select({ status: users.status }).from(users).where(eq(users.id, outcome.userId)).limit(1);
    const destination = account?.status === "approved" ? await landingPathForUser(outcome.userId) : "/auth";
    return redirect(destination, { headers: cookieHeaders(outcome.setCookies) });
  } catch (error) {
    logger.error({ err: error, purpose }, "using an account link failed");
    return data({ error: { title: "Error", text: `An unexpected error occurred. Reference: ${currentRequestId()}` }, fieldErrors: {} }, { status: 500 });
  }
}
