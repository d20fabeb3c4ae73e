import { ChevronRight, Phone } from "~/components/site/icons";
import { SiteLink, PageNavLink } from "./site-link";
import { buttonVariants } from "~/components/ui/button";
import { INSPECTION_FORM_HREF, PORTAL_NAV_LINK, type SiteNavLink } from "./nav-links";

export interface MobileMenuProps {
  links: readonly SiteNavLink[];
  phone: string;
  phoneHref: string;
}

/**
 * The mobile navigation panel below the header bar (< 768 px), rendered
 * closed. Always in the DOM so the toggle's `aria-controls="mobile-menu"`
 * resolves; app/enhance/site.js removes `hidden` from it and from the backdrop
 * while the menu is open. Never shown from 768 px up.
 */
export function MobileMenu({ links, phone, phoneHref }: MobileMenuProps) {
  return (
    <>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden
        className="absolute inset-x-0 top-full z-10 max-h-[calc(100dvh-var(--header-height))] overflow-y-auto border-t border-white/15 bg-brand-navy-dark shadow-xl md:hidden"
      >
        <ul className="px-2 py-2">
          {[...links, PORTAL_NAV_LINK].map((link) => (
            <li key={link.to}>
              <PageNavLink
                to={link.to}
                end={link.end}
                // The link's utilities are written once in app.css (repeated on every link of every page).
                className="site-menu-link"
              >
                {link.label}
                <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
              </PageNavLink>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 border-t border-white/15 px-5 py-5">
          <a
            href={phoneHref}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-white/30 px-4 text-base font-semibold text-white transition-colors outline-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white focus-visible:outline-solid"
          >
            <Phone className="size-5" aria-hidden="true" />
            {phone}
          </a>
          <SiteLink to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
            Schedule Inspection
          </SiteLink>
        </div>
      </nav>
      <div data-menu-backdrop="" aria-hidden="true" hidden className="absolute inset-x-0 top-full h-dvh bg-black/50 md:hidden" />
    </>
  );
}
