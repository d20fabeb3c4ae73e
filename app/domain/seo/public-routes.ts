/**
 * Every public, indexable page of the site (spec 1 §2), for the sitemap.
 * /auth (sign-in) and /admin are left out on purpose: robots.txt keeps
 * crawlers away from them.
 */
export interface PublicRoute {
  path: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  /** 0.0 to 1.0, relative to the site's other pages. */
  priority: number;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: "/", changefreq: "weekly", priority: 1.0 },
  { path: "/about", changefreq: "monthly", priority: 0.8 },
  { path: "/services", changefreq: "monthly", priority: 0.9 },
  { path: "/team", changefreq: "monthly", priority: 0.6 },
  { path: "/gallery", changefreq: "monthly", priority: 0.7 },
  { path: "/contact", changefreq: "monthly", priority: 0.8 },
  { path: "/estimate", changefreq: "monthly", priority: 0.7 },
  { path: "/gaf", changefreq: "monthly", priority: 0.7 },
  { path: "/gaf/warranties", changefreq: "monthly", priority: 0.6 },
  { path: "/gaf/shingles", changefreq: "monthly", priority: 0.6 },
  { path: "/gaf/roof-system", changefreq: "monthly", priority: 0.6 },
  { path: "/gaf/timberline-hdz-colors", changefreq: "monthly", priority: 0.6 },
  { path: "/privacy", changefreq: "yearly", priority: 0.2 },
  { path: "/terms", changefreq: "yearly", priority: 0.2 },
];

/** Paths crawlers must stay out of (robots.txt). */
export const DISALLOWED_PATHS: readonly string[] = ["/admin", "/auth", "/api", "/portal"];
