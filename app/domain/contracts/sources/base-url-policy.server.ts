import { config } from "~/config.server";
import { isIpLiteral, refusedAddress } from "../crawler/address-policy.server";

/**
 * Whether a source's base URL may be saved (ADR 027): the crawler's address policy (QUALITY S22,
 * ADR 022) refuses loopback, private, link-local and metadata addresses at fetch time, after DNS; here
 * the same policy refuses, at save time, what is plainly such an address in the URL itself: an IP
 * literal in a refused range, and `localhost` (or `*.localhost`), unless the host name is one
 * CRAWLER_ALLOW_PRIVATE_HOSTS names (tests only). A host NAME that resolves to a private address is
 * not looked up here (DNS answers change); the fetcher refuses it on every request.
 */
export function baseUrlRefusal(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not a URL";
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (config().CRAWLER_ALLOW_PRIVATE_HOSTS.includes(host)) return null;
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  if (isIpLiteral(host)) return refusedAddress(host);
  return null;
}
