import type * as React from "react";
import { useLocation } from "react-router";

/**
 * Links of the public pages. Those pages do not hydrate (ADR 007), so React Router's `<Link>` adds nothing
 * there but work on every render (resolving the path against the route tree, a `data-discover` attribute
 * for client-side route discovery that never happens): a plain `<a>` is the same link for the visitor.
 * They also appear inert inside the admin's previews, where a real page load is what a click should do.
 */
export function SiteLink({ to, ...props }: Omit<React.ComponentProps<"a">, "href"> & { to: string }) {
  return <a {...props} href={to} />;
}

/**
 * A navigation link marked `aria-current="page"` on its own page (or below it, unless `end`), which is
 * what the header's and the menu's styles key on.
 */
export function PageNavLink({ to, end = false, ...props }: Omit<React.ComponentProps<"a">, "href"> & { to: string; end?: boolean }) {
  const { pathname } = useLocation();
  const current = isCurrent(pathname, to, end);
  return <a aria-current={current ? "page" : undefined} {...props} href={to} />;
}

/** Whether `to` is the page at `pathname` (or one of its parents when not `end`); the same rule as NavLink's. */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  const target = to.length > 1 ? to.replace(/\/+$/, "").toLowerCase() : to;
  if (path === target) return true;
  return !end && target !== "/" && path.startsWith(`${target}/`);
}
