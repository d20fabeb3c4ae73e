import { Clock, Mail, MapPin, Phone } from "~/components/site/icons";
import { BlockPageHero } from "~/components/cms/block-parts";
import { EmailText } from "~/components/site/email-text";
import { formatDays, formatTime } from "~/components/site/format";
import { InspectionFormPlace } from "~/components/site/inspection-form-place";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES, SHARED_BLOCK_KEYS } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { CmsPageFrame } from "./page-frame";

const cardClass = "flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const iconClass = "flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-navy text-white";
const linkClass =
  "rounded-sm font-semibold text-brand-navy underline-offset-4 outline-none hover:text-brand-red hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/**
 * Contact (spec 1 §2): the hero from the CMS, then phone, email, address, hours
 * and service area from the site settings, and the inspection form's place.
 */
export function ContactPage({ data, settings }: { data: PageDataOf<"contact">; settings: PublicSiteSettings }) {
  const { content } = data;
  const { address } = settings;
  return (
    <CmsPageFrame settings={settings}>
      <BlockPageHero block={pageBlock(content, "contact-hero", "text")} fallbackTitle={PUBLIC_PAGES.contact.name} />

      <section aria-labelledby="contact-details-heading" className="bg-brand-cream py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="contact-details-heading" className="sr-only">
            How to reach us
          </h2>
          <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
            <li className={cardClass}>
              <span className={iconClass}>
                <Phone className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-bold text-slate-900">Phone</h3>
                <a href={settings.phoneHref} className={`${linkClass} mt-1 inline-block text-lg`}>
                  {settings.phone}
                </a>
              </div>
            </li>
            <li className={cardClass}>
              <span className={iconClass}>
                <Mail className="size-6" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h3 className="font-bold text-slate-900">Email</h3>
                <a href={`mailto:${settings.email}`} className={`${linkClass} mt-1 inline-block`}>
                  <EmailText email={settings.email} />
                </a>
              </div>
            </li>
            <li className={cardClass}>
              <span className={iconClass}>
                <MapPin className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-bold text-slate-900">Office</h3>
                <address className="mt-1 leading-relaxed text-slate-700 not-italic">
                  {address.street}
                  <br />
                  {address.locality}, {address.region} {address.postalCode}
                </address>
              </div>
            </li>
            <li className={cardClass}>
              <span className={iconClass}>
                <Clock className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-bold text-slate-900">Hours</h3>
                {settings.openingHours.length > 0 ? (
                  <ul className="mt-1 leading-relaxed text-slate-700">
                    {settings.openingHours.map((hours) => (
                      <li key={hours.days.join()}>
                        {formatDays(hours.days)}: {formatTime(hours.opens)} – {formatTime(hours.closes)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-slate-700">By appointment</p>
                )}
              </div>
            </li>
          </ul>
          {settings.serviceArea.length > 0 && (
            <p className="mt-10 text-center leading-relaxed text-slate-700">
              <span className="font-semibold text-brand-navy">Service area:</span> {settings.serviceArea.join(", ")}.
            </p>
          )}
        </div>
      </section>

      <InspectionFormPlace settings={settings} block={pageBlock(content, SHARED_BLOCK_KEYS.inspection, "card_grid")} />
    </CmsPageFrame>
  );
}
