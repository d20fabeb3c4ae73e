import type { Route } from "./+types/api.auth.$";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";

/**
 * /api/auth/* — better-auth's HTTP API (resource route, no UI). Only the
 * endpoints in PUBLIC_AUTH_ENDPOINTS answer; the rate limiter, the trusted
 * client address and `Retry-After` on 429 apply (auth-http.server.ts).
 */

export function loader({ request }: Route.LoaderArgs) {
  return handleAuthApiRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleAuthApiRequest(request);
}
