import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOutWithRequest } from "~/domain/accounts/auth-forms.server";
import { cookieHeaders } from "~/domain/accounts/auth-http.server";
import { authCookieNames, readSessionToken, secureCookies } from "~/domain/accounts/cookies.server";
import { deleteSessionByToken } from "~/domain/accounts/session.server";
import { logger } from "~/lib/logger.server";

/**
 * POST /auth/sign-out: ends the session on the server (the old cookie is
 * useless from now on, QUALITY S7) and clears the cookies. A GET changes
 * nothing and just goes to /auth.
 */

export function loader() {
  return redirect("/auth");
}

function clearingCookies(): string[] {
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
  return authCookieNames().map((name) => `${name}=; ${attributes}`);
}

export async function action({ request }: Route.ActionArgs) {
  let cookies: string[];
  try {
    const outcome = await signOutWithRequest(request);
    if (!outcome.ok) throw new Error(`sign-out answered ${outcome.status}`);
    cookies = outcome.setCookies;
  } catch (error) {
    // Whatever went wrong, the session must not survive a sign-out.
    logger.error({ err: error }, "sign-out through better-auth failed; ending the session directly");
    const token = readSessionToken(request.headers);
    if (token) await deleteSessionByToken(token);
    cookies = clearingCookies();
  }
  return redirect("/auth?notice=signed-out", { headers: cookieHeaders(cookies) });
}
