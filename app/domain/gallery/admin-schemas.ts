import { z } from "zod";
import { deleteItemSchema, reorderItemsSchema, setPublishedSchema, updateItemSchema } from "~/domain/cms/content-list-schemas";
import { optionalMediaId } from "~/domain/media/admin-schemas";
import { optionalText, optionalUrlOrPath, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { DEFAULT_GALLERY_CATEGORY, GALLERY_CATEGORIES, GALLERY_STATUSES } from "./constants";

/**
 * What the Gallery manager (/admin/cms/gallery, issue 12 item 3) sends: one
 * schema per intent, shared by the browser (field errors before posting) and
 * the action. The spec's catalogue (spec 2 §8) has no texts for this screen:
 * these follow its style (ADR 025).
 */

/** The texts of the screen, in the catalogue's style (spec 2 §8 has none for the gallery). */
export const GALLERY_TEXT = {
  title: "Gallery",
  loading: "Loading gallery projects...",
  empty: "No gallery projects found",
  addFirst: "Add Your First Project",
  noMatch: "No gallery projects match your search or filter.",
  loadFailed: "Failed to load gallery projects",
  saveFailed: "Failed to save gallery project",
  statusFailed: "Failed to update gallery project status",
  deleteFailed: "Failed to delete gallery project",
  reorderFailed: "Failed to reorder gallery projects",
  created: "Gallery project created successfully",
  updated: "Gallery project updated successfully",
  deleted: "Gallery project deleted successfully",
  published: "Gallery project published",
  unpublished: "Gallery project unpublished",
  reordered: "Gallery projects reordered successfully",
  listChanged: "The list of gallery projects changed meanwhile. Reload the page and try again.",
  titleRequired: "Project title is required.",
  imageUrlRequired: "Project image is required: choose a photo from the Media Library, or give an image URL.",
  imageAltRequired: "Describe the image for people who cannot see it.",
} as const;

/** The create defaults: a title to replace, the first category; the image is the person's to give. */
export const NEW_GALLERY_PROJECT_DEFAULTS = { title: "New Project", category: DEFAULT_GALLERY_CATEGORY } as const;

export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
export const GALLERY_IMAGE_ALT_MAX = 300;
export const GALLERY_IMAGE_URL_MAX = 2000;

const galleryFields = {
  title: requiredText({ max: GALLERY_TITLE_MAX, requiredMessage: GALLERY_TEXT.titleRequired }),
  category: z.enum(GALLERY_CATEGORIES, TEXT_ERRORS.choice),
  /** A photo from the media library (ADR 031), which brings its own alt text... */
  imageMediaId: optionalMediaId,
  /** ...or an absolute http(s) URL or a path on this site with a description (the seeded artwork). */
  imageUrl: optionalUrlOrPath({ max: GALLERY_IMAGE_URL_MAX }),
  imageAlt: optionalText({ max: GALLERY_IMAGE_ALT_MAX }),
  description: optionalText({ max: GALLERY_DESCRIPTION_MAX, multiline: true }),
};

/** Without a library photo, the image URL and its description are required. */
function requireImage(value: { imageMediaId: string | null; imageUrl: string | null; imageAlt: string | null }, ctx: z.RefinementCtx) {
  if (value.imageMediaId) return;
  if (!value.imageUrl) ctx.addIssue({ code: "custom", path: ["imageMediaId"], message: GALLERY_TEXT.imageUrlRequired });
  if (value.imageUrl && !value.imageAlt) ctx.addIssue({ code: "custom", path: ["imageAlt"], message: GALLERY_TEXT.imageAltRequired });
}

/** Add Project: a new project is a draft at the end of the list (spec 2 §4, §7; ADR 016). */
export const createGalleryProjectSchema = z.strictObject({ intent: z.literal("create-gallery-project"), ...galleryFields }).superRefine(requireImage);

/** Edit: every field, and any of the three statuses (spec 2 §4). */
export const updateGalleryProjectSchema = updateItemSchema("update-gallery-project", galleryFields, GALLERY_STATUSES).superRefine(requireImage);

/** Publish ("true") / Unpublish ("false"): only between published and draft (spec 2 §4, ADR 016). */
const setGalleryProjectPublishedSchema = setPublishedSchema("set-gallery-project-published");

const deleteGalleryProjectSchema = deleteItemSchema("delete-gallery-project");

/** Every project's id in the new order (Move up / Move down). */
const reorderGalleryProjectsSchema = reorderItemsSchema("reorder-gallery-projects");

export type CreateGalleryProjectInput = z.output<typeof createGalleryProjectSchema>;
export type UpdateGalleryProjectInput = z.output<typeof updateGalleryProjectSchema>;
export type SetGalleryProjectPublishedInput = z.output<typeof setGalleryProjectPublishedSchema>;
export type DeleteGalleryProjectInput = z.output<typeof deleteGalleryProjectSchema>;
export type ReorderGalleryProjectsInput = z.output<typeof reorderGalleryProjectsSchema>;

export const galleryProjectActionSchema = z.discriminatedUnion("intent", [
  createGalleryProjectSchema,
  updateGalleryProjectSchema,
  setGalleryProjectPublishedSchema,
  deleteGalleryProjectSchema,
  reorderGalleryProjectsSchema,
]);
