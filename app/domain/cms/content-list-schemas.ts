import { z } from "zod";
import { booleanChoice, orderedRecordIds, recordId, TEXT_ERRORS } from "~/lib/text-fields";

/**
 * The intents the hand-ordered content lists share (services, team members, gallery projects: the kit's
 * CardManager, spec 2 §4, ADR 016), each under its screen's own intent name. Each domain's
 * admin-schemas.ts builds its schemas with these and keeps what is its own: its fields and its flags.
 */

/** Edit: the item's id, every field of Add, and any of its statuses (spec 2 §4). */
export function updateItemSchema<const I extends string, F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(intent: I, fields: F, statuses: S) {
  return z.strictObject({ intent: z.literal(intent), id: recordId, ...fields, status: z.enum(statuses, TEXT_ERRORS.choice) });
}

/** Publish ("true") / Unpublish ("false"): only between published and draft (spec 2 §4, ADR 016). */
export function setPublishedSchema<const I extends string>(intent: I) {
  return z.strictObject({ intent: z.literal(intent), id: recordId, published: booleanChoice });
}

/** Delete, after the screen's confirmation. */
export function deleteItemSchema<const I extends string>(intent: I) {
  return z.strictObject({ intent: z.literal(intent), id: recordId });
}

/** Every item's id in the new order (Move up / Move down). */
export function reorderItemsSchema<const I extends string>(intent: I) {
  return z.strictObject({ intent: z.literal(intent), ids: orderedRecordIds });
}
