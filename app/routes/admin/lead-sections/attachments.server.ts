import type { LeadLoadContext } from "./section.server";

/** The lead's files (sent with the request or added from the portal), oldest first. */
export function load({ detail }: LeadLoadContext) {
  return detail.attachments.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
}
export type AttachmentsData = ReturnType<typeof load>;
