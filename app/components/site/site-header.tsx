import { Menu, Phone, X } from "~/components/site/icons";
import { SiteLink, PageNavLink } from "./site-link";
import { buttonVariants } from "~/components/ui/button";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { cn } from "~/lib/cn";
import { LogoMark } from "./logo-mark";
import { MobileMenu } from "./mobile-menu";
import { ADMIN_NAV_LINK, FOOTER_NAV_ID, INSPECTION_FORM_HREF, MAIN_NAV_LINKS } from "./nav-links";

export interface SiteHeaderProps {
  settings: Pick<PublicSiteSettings, "businessName" | "phone" | "phoneHref">;
  /** Shows an "Admin" link to /admin (for signed-in admins). */
  showAdminLink?: boolean;
}

/**
 * The fixed public header (spec 1 §1), rendered on the server closed and
 * unscrolled; app/enhance/site.js keeps `data-scrolled` and the menu state
 * up to date (public pages do not hydrate, ADR 007).
 *
 * DOM contract (tests and site.js rely on it):
 * - `<header data-site-header data-scrolled="true|false" data-menu-open="true|false">`;
 *   background rgba(20, 40, 66, 0.72) at the top, rgb(20, 40, 66) once scrolled > 10 px or while the
 *   mobile menu is open. The background colour switches without a transition (tests read it at once).
 * - `<nav aria-label="Main">` from 768 px; the toggle `button[aria-controls="mobile-menu"]`
 *   ("Open menu"/"Close menu", aria-expanded) and `<nav id="mobile-menu" aria-label="Mobile" hidden>` below it.
 * - Without JavaScript the toggle submits a GET form to `#footer-nav`: the page reloads at the
 *   footer's navigation, so every link stays reachable.
 */
export function SiteHeader({ settings, showAdminLink = false }: SiteHeaderProps) {
  const navLinks = showAdminLink ? [...MAIN_NAV_LINKS, ADMIN_NAV_LINK] : MAIN_NAV_LINKS;

  return (
    <header
      data-site-header=""
      data-scrolled="false"
      data-menu-open="false"
      className={cn(
        "group/header fixed inset-x-0 top-0 z-40 text-white transition-shadow duration-200",
        "bg-[rgba(20,40,66,0.72)] backdrop-blur-md",
        "data-[menu-open=true]:bg-[rgb(20,40,66)] data-[scrolled=true]:bg-[rgb(20,40,66)]",
        "data-[menu-open=true]:shadow-lg data-[menu-open=true]:shadow-black/20 data-[scrolled=true]:shadow-lg data-[scrolled=true]:shadow-black/20",
      )}
    >
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto] items-center gap-x-4 px-4 sm:px-6 md:h-auto md:grid-rows-[4rem_3rem] lg:px-8 xl:grid-cols-[minmax(0,1fr)_auto_auto] xl:grid-rows-[5rem]">
        <SiteLink
          to="/"
          className="col-start-1 row-start-1 flex max-w-full min-w-0 items-center gap-3 justify-self-start rounded-md outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white focus-visible:outline-solid"
        >
          <LogoMark className="size-10 shrink-0" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate text-base font-bold tracking-tight sm:text-lg">{settings.businessName}</span>
            <span className="hidden text-xs font-medium tracking-wide text-slate-300 sm:block">
              Roofing &amp; Storm Restoration
            </span>
          </span>
        </SiteLink>

        <nav
          aria-label="Main"
          className="hidden items-center border-t border-white/15 md:col-span-2 md:row-start-2 md:flex md:h-full md:gap-1 xl:col-span-1 xl:col-start-2 xl:row-start-1 xl:justify-center xl:border-t-0"
        >
          {navLinks.map((link) => (
            <PageNavLink
              key={link.to}
              to={link.to}
              end={link.end}
              // The link's utilities are written once in app.css (repeated on every link of every page);
              // a label never wraps ("Our Work" broke in two beside the Admin link at 1366 px): the row
              // is as wide as its links, the business name beside it gives way (truncated) if need be.
              className="site-nav-link whitespace-nowrap xl:px-2.5"
            >
              {link.label}
            </PageNavLink>
          ))}
        </nav>

        <div className="col-start-2 row-start-1 hidden items-center gap-4 justify-self-end md:flex xl:col-start-3">
          <a
            href={settings.phoneHref}
            className="group inline-flex items-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap text-white outline-none hover:text-brand-cream focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white focus-visible:outline-solid"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-white/10 transition-colors group-hover:bg-white/20">
              <Phone className="size-4" aria-hidden="true" />
            </span>
            {settings.phone}
          </a>
          <SiteLink to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand" })}>
            Schedule Inspection
          </SiteLink>
        </div>

        {/* No JavaScript: the button submits this form and the page reloads at the footer navigation. */}
        <form method="get" action={`#${FOOTER_NAV_ID}`} className="contents">
          <button
            type="submit"
            data-menu-toggle=""
            aria-expanded="false"
            aria-controls="mobile-menu"
            aria-label="Open menu"
            className="col-start-2 row-start-1 inline-flex size-11 items-center justify-center justify-self-end rounded-md text-white transition-colors outline-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white focus-visible:outline-solid md:hidden"
          >
            <Menu className="size-6 group-data-[menu-open=true]/header:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-data-[menu-open=true]/header:block" aria-hidden="true" />
          </button>
        </form>
      </div>

      <MobileMenu links={navLinks} phone={settings.phone} phoneHref={settings.phoneHref} />
    </header>
  );
}
