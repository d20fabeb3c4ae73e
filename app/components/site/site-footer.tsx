import { Clock, Mail, MapPin, Phone } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { EmailText } from "./email-text";
import { formatDays, formatTime } from "./format";
import { LogoMark } from "./logo-mark";
import { FOOTER_NAV_ID, LEGAL_NAV_LINKS, MAIN_NAV_LINKS, PORTAL_NAV_LINK } from "./nav-links";

export interface SiteFooterProps {
  settings: Pick<
    PublicSiteSettings,
    "businessName" | "tagline" | "phone" | "phoneHref" | "email" | "address" | "serviceArea" | "openingHours"
  >;
}

const linkClass =
  "rounded-sm text-slate-300 transition-colors outline-none hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white focus-visible:outline-solid";

export function SiteFooter({ settings }: SiteFooterProps) {
  const year = new Date().getFullYear();
  const { address } = settings;

  return (
    <footer className="bg-brand-navy-dark text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-4">
          <SiteLink
            to="/"
            className="inline-flex items-center gap-3 rounded-md text-white outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white focus-visible:outline-solid"
          >
            <LogoMark className="size-10" />
            <span className="text-lg font-bold tracking-tight">{settings.businessName}</span>
          </SiteLink>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{settings.tagline}</p>
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
            Veteran-Owned &amp; Operated
          </p>
        </div>

        <nav id={FOOTER_NAV_ID} aria-label="Footer" className="lg:col-span-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Explore</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-6 text-sm md:grid-cols-1">
            {[...MAIN_NAV_LINKS, PORTAL_NAV_LINK].map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={`${linkClass} inline-block py-1.5`}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="lg:col-span-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-red-300" aria-hidden="true" />
              <a href={settings.phoneHref} className={linkClass}>
                {settings.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-red-300" aria-hidden="true" />
              <a href={`mailto:${settings.email}`} className={linkClass}>
                <EmailText email={settings.email} />
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-red-300" aria-hidden="true" />
              <address className="not-italic">
                {address.street}
                <br />
                {address.locality}, {address.region} {address.postalCode}
              </address>
            </li>
            {settings.openingHours.length > 0 && (
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-4 shrink-0 text-red-300" aria-hidden="true" />
                <ul>
                  {settings.openingHours.map((hours) => (
                    <li key={hours.days.join()}>
                      {formatDays(hours.days)}: {formatTime(hours.opens)} – {formatTime(hours.closes)}
                    </li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </div>

        {settings.serviceArea.length > 0 && (
          <div className="lg:col-span-3">
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Service Area</h2>
            <p className="mt-4 text-sm leading-relaxed">Proudly serving central Ohio, including:</p>
            <ul className="mt-2 flex flex-wrap gap-x-1 text-sm leading-relaxed">
              {settings.serviceArea.map((place, index) => (
                <li key={place}>
                  {place}
                  {index < settings.serviceArea.length - 1 ? "," : ""}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {settings.businessName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-6">
              {LEGAL_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to} className={`${linkClass} inline-block py-1`}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
