import { ArrowRight, Phone } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import { BlockSectionHeading } from "~/components/cms/block-parts";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";
import type { MediaImage } from "~/domain/media/constants";
import { ResponsiveImage } from "./responsive-image";
import { ServiceIcon } from "./service-icon";

interface ServiceCardData {
  slug: string;
  title: string;
  description: string;
  iconName: string;
  /** A library photo shown at the top of the card (ADR 031). */
  image?: MediaImage | null;
}

export interface ServicesSectionProps {
  services: ServiceCardData[];
  /** The section's texts (CMS block `shared-services`); without it the heading is "Our services". */
  heading?: BlockContent<"text">;
  phone: string;
  phoneHref: string;
  /** The link to /services (off on /services itself). */
  showAllServicesLink?: boolean;
}

/** The instant estimate's page (issue 31 item 4). */
const ESTIMATE_HREF = "/estimate";

/** The services grid of the home page (spec 1 §2: six cards, from cms_services) and of /services (all of them). */
export function ServicesSection({ services, heading, phone, phoneHref, showAllServicesLink = true }: ServicesSectionProps) {
  return (
    <section id="services" aria-labelledby="services-heading" className="bg-brand-cream py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="services-heading" block={heading} fallbackTitle="Our services" />

        {services.length > 0 ? (
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li
                key={service.slug}
                className="group flex flex-col rounded-xl border border-brand-cream-dark bg-white p-7 shadow-sm transition-shadow hover:shadow-md"
              >
                {service.image && (
                  <ResponsiveImage
                    image={service.image}
                    sizes="(min-width: 1280px) 340px, (min-width: 1024px) 27vw, (min-width: 640px) 40vw, 85vw"
                    width={640}
                    height={360}
                    className="-mx-7 -mt-7 mb-6 aspect-video h-auto w-[calc(100%+3.5rem)] max-w-none rounded-t-xl"
                  />
                )}
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-navy text-white transition-colors group-hover:bg-brand-red">
                  <ServiceIcon name={service.iconName} className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-brand-navy">{service.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{service.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mx-auto mt-12 max-w-xl text-center text-slate-700">
            Our service list is being updated. Call us at{" "}
            <a href={phoneHref} className="font-semibold text-brand-navy underline underline-offset-4">
              {phone}
            </a>{" "}
            to talk about your roof.
          </p>
        )}

        <div className="mt-12 flex flex-col items-center justify-center gap-4 sm:flex-row">
          {showAllServicesLink && (
            <SiteLink to="/services" className={buttonVariants({ size: "lg" })}>
              Explore all services
              <ArrowRight aria-hidden="true" />
            </SiteLink>
          )}
          {/* The instant price range (issue 31 item 4), on the home page and /services alike. */}
          <SiteLink to={ESTIMATE_HREF} className={buttonVariants({ variant: "outline", size: "lg" })}>
            Get an instant price range
          </SiteLink>
          <a
            href={phoneHref}
            className="inline-flex h-12 items-center gap-2 rounded-md px-4 text-base font-semibold text-brand-navy underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <Phone className="size-5" aria-hidden="true" />
            Questions? {phone}
          </a>
        </div>
      </div>
    </section>
  );
}
