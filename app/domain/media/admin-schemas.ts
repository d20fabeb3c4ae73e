import { z } from "zod";
import { optionalText, recordId, requiredText } from "~/lib/text-fields";
import { MEDIA_ALT_MAX, MEDIA_TEXT } from "./constants";

/**
 * What the Media Library (/admin/media) sends: one schema per intent, shared
 * by the browser and the action. The upload (multipart) is read by its own
 * route, then parsed with `uploadMediaSchema`.
 */

const altText = requiredText({ max: MEDIA_ALT_MAX, requiredMessage: MEDIA_TEXT.altRequired });
/** "x,y": the focal point in percent of width and height (the editor posts both in one field). */
const focalPoint = requiredText({ max: 16, requiredMessage: MEDIA_TEXT.focalInvalid })
  .refine((value) => /^\s*\d{1,3}\s*,\s*\d{1,3}\s*$/.test(value), MEDIA_TEXT.focalInvalid)
  .transform((value) => value.split(",").map((part) => Number(part.trim())) as [number, number])
  .refine(([x, y]) => x <= 100 && y <= 100, MEDIA_TEXT.focalInvalid);

/** Alt text may wait until later (an image without it cannot be used yet). */
export const uploadMediaSchema = z.strictObject({
  intent: z.literal("upload-media"),
  altText: optionalText({ max: MEDIA_ALT_MAX }),
});

export const updateMediaSchema = z.strictObject({
  intent: z.literal("update-media"),
  id: recordId,
  altText,
  focalPoint,
});
export type UpdateMediaInput = z.output<typeof updateMediaSchema>;

const deleteMediaSchema = z.strictObject({ intent: z.literal("delete-media"), id: recordId });
const retryMediaSchema = z.strictObject({ intent: z.literal("retry-media"), id: recordId });

export const mediaActionSchema = z.discriminatedUnion("intent", [updateMediaSchema, deleteMediaSchema, retryMediaSchema]);

/** A content form's image field: blank (no library photo) or an image's id. */
export const optionalMediaId = z
  .union([z.literal(""), z.uuid(MEDIA_TEXT.notUsable)])
  .optional()
  .transform((value) => (value ? value : null));
