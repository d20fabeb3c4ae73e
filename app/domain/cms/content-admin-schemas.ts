import { z } from "zod";
import { optionalChoice, optionalRecordId, recordId, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { isSafeImageSrc } from "~/lib/url-safety";
import { BLOCK_TYPES, describeContentPath, parseBlockContent, BLOCK_TEXT } from "./block-content";

/**
 * What /admin/cms/pages ("Page Content", spec 2 §2, §3 cms_pages and
 * cms_content_blocks, §4, §5, §8, §9) sends: one schema per intent, shared by
 * the browser (field errors before posting) and the action.
 *
 * Block content and page metadata are JSON typed in a field. Unlike the spec
 * (where invalid JSON silently abandons the save), JSON that does not parse,
 * or that does not fit the block type's shape (app/domain/cms/block-content.ts),
 * is a field error that blocks the save (docs/decisions/018-cms-block-content-validation.md).
 */

export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentItemStatus = (typeof CONTENT_STATUSES)[number];

/** The catalogue's texts (spec 2 §2, §8), word for word; the success texts are ours, in the catalogue's style. */
export const CONTENT_TEXT = {
  title: "Page Content",
  loading: "Loading content...",
  loadFailed: "Failed to load content",
  saveFailed: "Failed to save content",
  statusFailed: "Failed to update content status",
  deleteFailed: "Failed to delete content",
  pageCreated: "Page created successfully",
  pageUpdated: "Page updated successfully",
  pageDeleted: "Page deleted successfully",
  pagePublished: "Page published",
  pageUnpublished: "Page unpublished",
  blockCreated: "Block created successfully",
  blockUpdated: "Block updated successfully",
  blockDeleted: "Block deleted successfully",
  blockPublished: "Block published",
  blockUnpublished: "Block unpublished",
  noPages: "No pages found.",
  noBlocks: "No content blocks found.",
  keyRequired: "Key is required.",
  keyPattern: "Use lowercase letters, numbers, hyphens and underscores, starting with a letter or a number.",
  pageKeyTaken: "Another page already uses this key.",
  blockKeyTaken: "Another block already uses this key.",
  titleRequired: "Title is required.",
  contentRequired: "Content is required.",
  invalidJson: (reason: string) => `This is not valid JSON (${reason}). Fix it before saving.`,
  metadataNotObject: "The metadata must be a JSON object, like {\"title\": \"...\"}.",
  unknownMetadataKey: (key: string) => `“${key}” is not a metadata field (use title, description or ogImage).`,
} as const;

/** What a new page or block starts with (spec 2 §5). */
export const NEW_PAGE_DEFAULTS = { pageKey: "new-page", title: "New Page" } as const;
export const NEW_BLOCK_DEFAULTS = { blockKey: "new-block", blockType: "text" } as const;

/**
 * Page and block keys (the database's check, cms_pages_page_key_check): a lowercase letter or digit,
 * then lowercase letters, digits, hyphens and underscores. Written here, not imported from app/db, so
 * the browser bundle stays free of the schema module (a test compares the two).
 */
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const CONTENT_LIMITS = { key: 100, title: 200, pageContent: 50_000, json: 200_000, metaTitle: 200, metaDescription: 500 } as const;

const contentKey = requiredText({ max: CONTENT_LIMITS.key, requiredMessage: CONTENT_TEXT.keyRequired }).refine(
  (value) => CONTENT_KEY_PATTERN.test(value),
  CONTENT_TEXT.keyPattern,
);
const title = requiredText({ max: CONTENT_LIMITS.title, requiredMessage: CONTENT_TEXT.titleRequired });
/** Absent or blank: a new item starts as draft, an edited one keeps its status. */
const status = optionalChoice(CONTENT_STATUSES);

/** The reason JSON.parse gives, or null when `text` is JSON. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/\s+/g, " ").slice(0, 200) : "unreadable";
  }
}

/** JSON typed in a field: parsed, or a field error with JSON.parse's reason. Blank is `blank` (or required). */
function jsonText({ requiredMessage, blank }: { requiredMessage?: string; blank?: unknown }) {
  return z
    .string({ error: requiredMessage ?? TEXT_ERRORS.required })
    .max(CONTENT_LIMITS.json, TEXT_ERRORS.tooLong(CONTENT_LIMITS.json))
    .transform((value, ctx) => {
      if (!value.trim()) {
        if (requiredMessage) {
          ctx.addIssue({ code: "custom", message: requiredMessage });
          return z.NEVER;
        }
        return blank;
      }
      const problem = jsonProblem(value);
      if (problem !== null) {
        ctx.addIssue({ code: "custom", message: CONTENT_TEXT.invalidJson(problem) });
        return z.NEVER;
      }
      return JSON.parse(value) as unknown;
    });
}

/**
 * A page's metadata (spec 2 §3 cms_pages.metadata): what the public page uses
 * for its title, description and social image. Every key is optional; an
 * unknown key is an error.
 */
export const pageMetadataSchema = z.strictObject(
  {
    title: z.preprocess((v) => (v === null || v === "" ? undefined : v), requiredText({ max: CONTENT_LIMITS.metaTitle }).optional()),
    description: z.preprocess(
      (v) => (v === null || v === "" ? undefined : v),
      requiredText({ max: CONTENT_LIMITS.metaDescription, multiline: true }).optional(),
    ),
    ogImage: z.preprocess(
      (v) => (v === null || v === "" ? undefined : v),
      requiredText({ max: 2000 }).refine(isSafeImageSrc, BLOCK_TEXT.image).optional(),
    ),
  },
  {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") return CONTENT_TEXT.unknownMetadataKey(issue.keys[0] ?? "");
      if (issue.code === "invalid_type") return CONTENT_TEXT.metadataNotObject;
      return undefined;
    },
  },
);

/** Adds each issue of `result` at `field`, its message prefixed with where it is ("Card 2, Title: ..."). */
function reportNested(ctx: z.RefinementCtx, field: string, issues: ReadonlyArray<z.core.$ZodIssue>) {
  for (const issue of issues) {
    const where = describeContentPath(issue.path);
    ctx.addIssue({ code: "custom", path: [field, ...issue.path], message: where ? `${where}: ${issue.message}` : issue.message });
  }
}

/**
 * Runs an object's refinement as soon as the fields it reads parsed, even when
 * another field failed: a blank title and a broken card are reported together.
 */
function whenFieldsParsed(...fields: string[]) {
  return {
    when: (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0] ?? ""))),
  };
}

export const savePageSchema = z
  .strictObject({
    intent: z.literal("save-page"),
    id: optionalRecordId,
    pageKey: contentKey,
    title,
    content: requiredText({ max: CONTENT_LIMITS.pageContent, multiline: true, requiredMessage: CONTENT_TEXT.contentRequired }),
    metadata: jsonText({ blank: {} }),
    status,
  })
  .superRefine((value, ctx) => {
    const parsed = pageMetadataSchema.safeParse(value.metadata);
    if (!parsed.success) reportNested(ctx, "metadata", parsed.error.issues);
  }, whenFieldsParsed("metadata"));

export const saveBlockSchema = z
  .strictObject({
    intent: z.literal("save-block"),
    id: optionalRecordId,
    blockKey: contentKey,
    blockType: z.enum(BLOCK_TYPES, TEXT_ERRORS.choice),
    title,
    content: jsonText({ requiredMessage: CONTENT_TEXT.contentRequired }),
    status,
  })
  .superRefine((value, ctx) => {
    const parsed = parseBlockContent(value.blockType, value.content);
    if (!parsed.success) reportNested(ctx, "content", parsed.error.issues);
  }, whenFieldsParsed("blockType", "content"));

/** Publish / Unpublish (spec 2 §4: only between published and draft). */
const publishChoice = z.enum(["published", "draft"], TEXT_ERRORS.choice);

const setPageStatusSchema = z.strictObject({ intent: z.literal("set-page-status"), id: recordId, status: publishChoice });
const setBlockStatusSchema = z.strictObject({ intent: z.literal("set-block-status"), id: recordId, status: publishChoice });
const deletePageSchema = z.strictObject({ intent: z.literal("delete-page"), id: recordId });
const deleteBlockSchema = z.strictObject({ intent: z.literal("delete-block"), id: recordId });

export type SavePageInput = z.output<typeof savePageSchema>;
export type SaveBlockInput = z.output<typeof saveBlockSchema>;
export type SetContentStatusInput = z.output<typeof setPageStatusSchema> | z.output<typeof setBlockStatusSchema>;
export type DeleteContentInput = z.output<typeof deletePageSchema> | z.output<typeof deleteBlockSchema>;

export const contentActionSchema = z.discriminatedUnion("intent", [
  savePageSchema,
  setPageStatusSchema,
  deletePageSchema,
  saveBlockSchema,
  setBlockStatusSchema,
  deleteBlockSchema,
]);
