import { config } from "~/config.server";
import { isSitePath } from "~/lib/url-safety";

/**
 * The site's one public origin: every absolute URL the app writes (links in emails, canonical and Open
 * Graph tags, the sitemap, robots.txt, JSON-LD) starts with it. Never a request header: a forged `Host`
 * or `X-Forwarded-Host` would otherwise put another site's address into an email sent in the business's
 * name, or into a cached page every visitor gets (issue 19, ADR 039).
 *
 * - `APP_URL`'s origin. Required when NODE_ENV=production: the server refuses to start without it
 *   (`productionConfigProblems` in config.server.ts); `npm start`, the local trial, sets it to
 *   http://localhost:PORT (server.js --local).
 * - Otherwise (development, tests, the command-line tools) the address this process's HTTP server
 *   listens on, once it listens; before that, http://localhost:PORT.
 */
export function siteOrigin(): string {
  const appUrl = config().APP_URL;
  if (appUrl) return new URL(appUrl).origin;
  return listeningOrigin ?? `http://localhost:${config().PORT}`;
}

let listeningOrigin: string | undefined;

/** Called by the server once it listens (server/app.ts): the origin it answers on. */
export function setListeningOrigin(origin: string | undefined): void {
  listeningOrigin = origin === undefined ? undefined : new URL(origin).origin;
}

/** An absolute URL on this site for a path ("/admin/leads/1"), query and fragment kept. */
export function siteUrl(pathAndQuery: string): string {
  if (!isSitePath(pathAndQuery)) throw new Error(`siteUrl needs a path on this site, got ${JSON.stringify(pathAndQuery)}`);
  return `${siteOrigin()}${pathAndQuery}`;
}
