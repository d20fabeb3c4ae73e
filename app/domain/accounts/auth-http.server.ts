import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { recordAuditSafely } from "./audit.server";
import { AUTH_BASE_PATH, auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { hasSessionCookie } from "./cookies.server";
import { getSessionUser } from "./session.server";

/**
 * Every call into better-auth goes through its HTTP router (`auth.handler`),
 * where its rate limiter runs. `auth.api.*` would skip the limiter, so the
 * /auth form actions build an internal request instead (callAuthEndpoint)
 * and the public /api/auth/* route (handleAuthApiRequest) passes the
 * browser's request on.
 */

/** What the public /api/auth/* route exposes; anything else is 404. */
const PUBLIC_AUTH_ENDPOINTS: ReadonlyArray<readonly [method: string, path: string]> = [
  ["POST", "/sign-in/email"],
  ["POST", "/sign-up/email"],
  ["POST", "/sign-out"],
  ["POST", "/request-password-reset"],
  ["POST", "/reset-password"],
  ["POST", "/change-password"],
];

function authPath(url: URL): string | null {
  if (!url.pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  return url.pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "") || "/";
}

/**
 * better-auth answers 429 with `X-Retry-After`; HTTP clients and the
 * checklist (QUALITY S5) expect the standard `Retry-After`.
 */
async function withStandardRetryAfter(response: Response, request: Request, path: string): Promise<Response> {
  if (response.status !== 429) return response;
  const seconds = Math.max(1, Number.parseInt(response.headers.get("x-retry-after") ?? "", 10) || 10);
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(seconds));
  await recordAuditSafely({ action: "auth.rate_limited", outcome: "denied", request, details: { path, retryAfterSeconds: seconds } });
  return new Response(response.body, { status: 429, statusText: "Too Many Requests", headers });
}

/** The /api/auth/* resource route. */
export async function handleAuthApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = authPath(url);
  if (!path || !PUBLIC_AUTH_ENDPOINTS.some(([method, p]) => method === request.method && p === path)) {
    return Response.json({ message: "Not found", code: "NOT_FOUND" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  // An idle or over-age session is ended here, before better-auth could act on it.
  if (hasSessionCookie(request.headers)) await getSessionUser(request);
  const response = await auth().handler(request);
  return withStandardRetryAfter(response, request, path);
}

/** The origin better-auth trusts: APP_URL's, else the request's own (same-origin writes were already enforced). */
function authOrigin(request: Request): string {
  const appUrl = config().APP_URL;
  return appUrl ? new URL(appUrl).origin : new URL(request.url).origin;
}

/**
 * Calls better-auth endpoint `path` (e.g. "/sign-in/email") through its
 * router on behalf of `request`: same client address (rate-limit bucket),
 * cookies and user agent.
 */
async function callAuthEndpoint(request: Request, path: string, body: Record<string, unknown>): Promise<Response> {
  const origin = authOrigin(request);
  const headers = new Headers({ "content-type": "application/json", accept: "application/json", origin });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const internal = new Request(`${origin}${AUTH_BASE_PATH}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const response = await auth().handler(internal);
  return withStandardRetryAfter(response, request, path);
}

export interface AuthCallResult {
  ok: boolean;
  status: number;
  /** better-auth's message on failure ("Invalid email or password", our password rules...). */
  message?: string;
  code?: string;
  retryAfterSeconds?: number;
  /** Set-Cookie headers to pass on to the browser. */
  setCookies: string[];
  data?: unknown;
}

/** callAuthEndpoint() with the response read: status, message, cookies. */
export async function callAuth(request: Request, path: string, body: Record<string, unknown>): Promise<AuthCallResult> {
  const response = await callAuthEndpoint(request, path, body);
  const setCookies = response.headers.getSetCookie();
  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  const result: AuthCallResult = { ok: response.ok, status: response.status, setCookies, data: payload };
  if (!response.ok) {
    const p = (payload ?? {}) as { message?: unknown; code?: unknown };
    if (typeof p.message === "string") result.message = p.message;
    if (typeof p.code === "string") result.code = p.code;
    if (response.status === 429) result.retryAfterSeconds = Number(response.headers.get("retry-after")) || 10;
    if (response.status >= 500) logger.error({ path, status: response.status, code: result.code }, "better-auth failed");
  }
  return result;
}

/** Response headers carrying `cookies`. */
export function cookieHeaders(cookies: readonly string[], init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
