import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { absoluteUrl } from "~/lib/url-safety";
import { OG_IMAGE } from "./page-meta";

/**
 * schema.org structured data of the business (a RoofingContractor), built
 * from the site settings. Deliberately without `aggregateRating` or `review`:
 * ratings a business publishes about itself are "self-serving" to search
 * engines and get the markup ignored or penalised.
 */

export type JsonLd = Record<string, unknown>;

/** "tel:+16145550147" -> "+16145550147" */
function telephone(settings: Pick<PublicSiteSettings, "phoneHref" | "phone">): string {
  return settings.phoneHref.startsWith("tel:") ? settings.phoneHref.slice(4) : settings.phone;
}

/** A served place: counties are administrative areas, other names cities. */
function place(name: string): JsonLd {
  return { "@type": /\bcounty$/i.test(name) ? "AdministrativeArea" : "City", name };
}

export function buildRoofingContractorJsonLd(settings: PublicSiteSettings, origin: string): JsonLd {
  const { address } = settings;
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    "@id": absoluteUrl(origin, "/#business"),
    name: settings.businessName,
    url: absoluteUrl(origin, "/"),
    image: absoluteUrl(origin, OG_IMAGE.path),
    telephone: telephone(settings),
    email: settings.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
  };
  if (settings.tagline) data.description = settings.tagline;
  if (settings.geo) {
    data.geo = { "@type": "GeoCoordinates", latitude: settings.geo.latitude, longitude: settings.geo.longitude };
  }
  if (settings.serviceArea.length > 0) data.areaServed = settings.serviceArea.map(place);
  if (settings.openingHours.length > 0) {
    data.openingHoursSpecification = settings.openingHours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    }));
  }
  const sameAs = Object.values(settings.social);
  if (sameAs.length > 0) data.sameAs = sameAs;
  return data;
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` (and
 * the JavaScript line separators) are written as \u escapes, so no value
 * (a setting staff typed) can close the script element or open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
