/**
 * Response headers of every admin screen: never stored by a browser or
 * proxy cache (they show staff data). Route modules re-export it:
 * `export { headers } from "./admin-headers";`
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}
