/**
 * The header through which server/request-origin.ts tells the app the
 * client's address: the socket address, or the proxy chain only as far as
 * TRUST_PROXY allows. Any client-sent value is discarded before the app sees
 * the request, so rate limits and the audit log can trust it.
 */
export const CLIENT_IP_HEADER = "x-app-client-ip";

export function clientIp(source: Request | Headers | null | undefined): string | null {
  if (!source) return null;
  const headers = source instanceof Headers ? source : source.headers;
  const value = headers.get(CLIENT_IP_HEADER)?.trim();
  return value ? value.slice(0, 64) : null;
}

export function userAgent(source: Request | Headers | null | undefined): string | null {
  if (!source) return null;
  const headers = source instanceof Headers ? source : source.headers;
  const value = headers.get("user-agent");
  return value ? value.slice(0, 512) : null;
}
