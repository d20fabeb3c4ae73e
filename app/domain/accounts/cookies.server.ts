import crypto from "node:crypto";
import { config } from "~/config.server";
import { authSecret } from "./secret.server";

/**
 * The session cookie that better-auth sets (see auth.server.ts), read
 * without better-auth so that a request without it never touches the
 * database and a request with it costs one query (session.server.ts).
 *
 * - Production: `__Host-roofing.session_token` (Secure, Path=/, no Domain),
 *   HttpOnly, SameSite=Lax (QUALITY S10).
 * - Development and tests over plain http: `roofing.session_token`, not Secure.
 *
 * The value is `<token>.<base64 HMAC-SHA256(token, secret)>`, URL-encoded,
 * as better-call's signed cookies are.
 */

const COOKIE_PREFIX = "roofing";

export function secureCookies(): boolean {
  return config().isProduction;
}

/** better-auth's `advanced.cookiePrefix`: the `__Host-` prefix is part of the name in production. */
export function cookiePrefix(): string {
  return secureCookies() ? `__Host-${COOKIE_PREFIX}` : COOKIE_PREFIX;
}

export function sessionCookieName(): string {
  return `${cookiePrefix()}.session_token`;
}

/** All cookies better-auth may set for us (cleared together on sign-out). */
export function authCookieNames(): string[] {
  return ["session_token", "session_data", "dont_remember", "account_data"].map((n) => `${cookiePrefix()}.${n}`);
}

export function signSessionToken(token: string): string {
  const signature = crypto.createHmac("sha256", authSecret()).update(token).digest("base64");
  return `${token}.${signature}`;
}

/** The `Cookie` request header value that carries `token` (tests, the CLI). */
export function sessionCookieHeader(token: string): string {
  return `${sessionCookieName()}=${encodeURIComponent(signSessionToken(token))}`;
}

/** The raw value of cookie `name` in a Cookie header (first occurrence), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Whether the request carries a session cookie at all (no signature check, no database). */
export function hasSessionCookie(headers: Headers): boolean {
  const cookie = headers.get("cookie");
  return Boolean(cookie && cookie.includes(`${sessionCookieName()}=`));
}

/** The session token of a correctly signed session cookie, else null. */
export function readSessionToken(headers: Headers): string | null {
  const value = readCookie(headers.get("cookie"), sessionCookieName());
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (token.length > 256 || signature.length !== 44) return null;
  // Compared as canonical base64 text: lenient decoders would accept variants of a valid signature.
  const expected = Buffer.from(crypto.createHmac("sha256", authSecret()).update(token).digest("base64"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return token;
}
