import type { NewContractSource } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SOURCE_TEXT, type SourceFormInput } from "./admin-schemas";
import { baseUrlRefusal } from "./base-url-policy.server";

/**
 * The columns a Source form sets (spec 2 §7), from its parsed values: trimmed texts, an empty description
 * or logo as null (spec 2 §5), the three rate limits as the source's rate_limit_config. contact_info and
 * authentication_config are not on the form and are kept.
 */
export function sourceColumns(input: SourceFormInput) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    baseUrl: input.baseUrl,
    sourceType: input.sourceType,
    logoUrl: input.logoUrl,
    rateLimitConfig: {
      requestsPerMinute: input.requestsPerMinute,
      requestsPerHour: input.requestsPerHour,
      delayBetweenRequestsMs: input.delayBetweenRequestsMs,
    },
    isActive: input.isActive,
  } satisfies Partial<NewContractSource>;
}

/** The refusal of a base URL the crawler may not fetch (a field error), or null (ADR 027). */
export function refuseBaseUrl(input: SourceFormInput): Extract<AdminChange, { ok: false }> | null {
  if (!baseUrlRefusal(input.baseUrl)) return null;
  return { ok: false, status: 422, fieldErrors: { baseUrl: SOURCE_TEXT.baseUrlPrivate } };
}

/** The refusal of a slug another source has. */
export const SLUG_TAKEN: Extract<AdminChange, { ok: false }> = { ok: false, status: 409, fieldErrors: { slug: SOURCE_TEXT.slugTaken } };
