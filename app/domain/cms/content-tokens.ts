import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { CONTENT_TOKENS, type ContentToken } from "./block-content";

/**
 * The values of the `{name}` placeholders of CMS texts (CONTENT_TOKENS in
 * block-content.ts), from the public site settings. Shared by the page
 * renderer and the page meta; no server code.
 */

export type ContentTokenValues = Readonly<Record<ContentToken, string>>;

export function contentTokenValues(settings: PublicSiteSettings): ContentTokenValues {
  return {
    businessName: settings.businessName,
    tagline: settings.tagline,
    phone: settings.phone,
    phoneHref: settings.phoneHref,
    email: settings.email,
    emailHref: `mailto:${settings.email}`,
    street: settings.address.street,
    city: settings.address.locality,
    region: settings.address.region,
    postalCode: settings.address.postalCode,
    activeDutyYears: String(settings.veteranFacts.activeDutyYears),
    combatDeploymentMonths: String(settings.veteranFacts.combatDeploymentMonths),
    certificationName: settings.certification.name,
    accreditationRating: settings.accreditation.rating,
    accreditationBureau: settings.accreditation.bureauName,
  };
}

const TOKEN = /\{([A-Za-z]+)\}/g;

function isToken(name: string): name is ContentToken {
  return Object.hasOwn(CONTENT_TOKENS, name);
}

/** `text` with every known `{name}` replaced by its value; unknown names stay as typed. */
export function fillTokens(text: string, values: ContentTokenValues | undefined): string {
  if (!values) return text;
  return text.replace(TOKEN, (whole, name: string) => (isToken(name) ? values[name] : whole));
}

/** Whether `text` uses the `{name}` placeholder. */
export function usesToken(text: string, name: ContentToken): boolean {
  return text.includes(`{${name}}`);
}
