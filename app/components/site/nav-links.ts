/** The public site's navigation (spec 1 §1). Header, mobile menu and footer share it. */
export interface SiteNavLink {
  to: string;
  label: string;
  /** Match the path exactly (the home link must not stay active on every page). */
  end?: boolean;
}

export const MAIN_NAV_LINKS: readonly SiteNavLink[] = [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Our Work" },
  { to: "/team", label: "Team" },
  { to: "/gaf", label: "GAF" },
  { to: "/contact", label: "Contact" },
];

export const LEGAL_NAV_LINKS: readonly SiteNavLink[] = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
];

export const ADMIN_NAV_LINK: SiteNavLink = { to: "/admin", label: "Admin" };

/**
 * The homeowners' way into their portal (issue 31 item 5), in the footer and the mobile menu. Public pages
 * are the same cached bytes for everyone (ADR 007, the page cache), so it never depends on the session:
 * /portal sends a signed-out visitor to sign in and brings them back.
 */
export const PORTAL_NAV_LINK: SiteNavLink = { to: "/portal", label: "Your requests" };

/** Id of the footer's navigation: where the menu button leads when JavaScript is off. */
export const FOOTER_NAV_ID = "footer-nav";

/** Where every "Schedule Inspection" call to action leads. */
export const INSPECTION_FORM_HREF = "/contact#inspection-form";
