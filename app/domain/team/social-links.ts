import type { CreateTeamMemberInput } from "./admin-schemas";
import { SOCIAL_LINKS } from "./constants";

type SocialFields = Pick<CreateTeamMemberInput, (typeof SOCIAL_LINKS)[number]["field"]>;

/**
 * The `social_links` object of a member from the form's link fields: only
 * the links filled in, under their keys (SOCIAL_LINKS). Links the form does
 * not offer (written by other means) are kept as they are.
 */
export function socialLinksFrom(fields: SocialFields, existing: Record<string, string> = {}): Record<string, string> {
  const offered = new Set<string>(SOCIAL_LINKS.map((link) => link.key));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(existing)) if (!offered.has(key)) out[key] = value;
  for (const link of SOCIAL_LINKS) {
    const value = fields[link.field];
    if (value) out[link.key] = value;
  }
  return out;
}

/** The form's link fields of a stored `social_links` object ("" where none). */
export function socialLinkFieldValues(links: Record<string, string>): Record<string, string> {
  return Object.fromEntries(SOCIAL_LINKS.map((link) => [link.field, typeof links[link.key] === "string" ? links[link.key]! : ""]));
}
