import { z } from "zod";
import { deleteItemSchema, reorderItemsSchema, setPublishedSchema, updateItemSchema } from "~/domain/cms/content-list-schemas";
import { optionalMediaId } from "~/domain/media/admin-schemas";
import { booleanChoice, checkboxFlag, optionalUrlOrPath, recordId, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { DEFAULT_SERVICE_ICON, SERVICE_ICON_NAMES, SERVICE_STATUSES } from "./constants";

/**
 * What the Services Manager (/admin/cms/services, spec 2 §2 "Services
 * Manager", §3 cms_services, §4, §5, §7, §8, §9) sends: one schema per
 * intent, shared by the browser (field errors before posting) and the action.
 */

/** The texts of the screen: the catalogue's (spec 2 §8) word for word, and ours where it has none. */
export const SERVICE_TEXT = {
  title: "Services Manager",
  loading: "Loading services...",
  empty: "No services found",
  addFirst: "Add Your First Service",
  noMatch: "No services match your search or filter.",
  loadFailed: "Failed to load services",
  saveFailed: "Failed to save service",
  statusFailed: "Failed to update service status",
  featuredFailed: "Failed to update featured status",
  deleteFailed: "Failed to delete service",
  reorderFailed: "Failed to reorder services",
  created: "Service created successfully",
  updated: "Service updated successfully",
  deleted: "Service deleted successfully",
  published: "Service published",
  unpublished: "Service unpublished",
  featured: "Service featured",
  unfeatured: "Service unfeatured",
  reordered: "Services reordered successfully",
  listChanged: "The list of services changed meanwhile. Reload the page and try again.",
  titleRequired: "Service title is required.",
  descriptionRequired: "Service description is required.",
} as const;

/** The create defaults (spec 2 §5) and the default icon (§9). */
export const NEW_SERVICE_DEFAULTS = { title: "New Service", description: "Service description", iconName: DEFAULT_SERVICE_ICON } as const;

export const SERVICE_TITLE_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = 5000;

const serviceFields = {
  title: requiredText({ max: SERVICE_TITLE_MAX, requiredMessage: SERVICE_TEXT.titleRequired }),
  description: requiredText({ max: SERVICE_DESCRIPTION_MAX, multiline: true, requiredMessage: SERVICE_TEXT.descriptionRequired }),
  iconName: z.enum(SERVICE_ICON_NAMES, TEXT_ERRORS.choice),
  imageUrl: optionalUrlOrPath(),
  /** A photo from the media library (ADR 031), shown on the service's card. */
  imageMediaId: optionalMediaId,
  isFeatured: checkboxFlag,
};

/** Add Service: a new service is a draft at the end of the list (spec 2 §4, §7). */
export const createServiceSchema = z.strictObject({ intent: z.literal("create-service"), ...serviceFields });

/** Edit: every field, and any of the three statuses (spec 2 §4). */
export const updateServiceSchema = updateItemSchema("update-service", serviceFields, SERVICE_STATUSES);

/** Publish ("true") / Unpublish ("false"): only between published and draft (spec 2 §4). */
const setServicePublishedSchema = setPublishedSchema("set-service-published");

/** Feature ("true") / Remove Feature ("false"). */
const setServiceFeaturedSchema = z.strictObject({ intent: z.literal("set-service-featured"), id: recordId, featured: booleanChoice });

const deleteServiceSchema = deleteItemSchema("delete-service");

/** Every service's id in the new order (Move up / Move down). */
const reorderServicesSchema = reorderItemsSchema("reorder-services");

export type CreateServiceInput = z.output<typeof createServiceSchema>;
export type UpdateServiceInput = z.output<typeof updateServiceSchema>;
export type SetServicePublishedInput = z.output<typeof setServicePublishedSchema>;
export type SetServiceFeaturedInput = z.output<typeof setServiceFeaturedSchema>;
export type DeleteServiceInput = z.output<typeof deleteServiceSchema>;
export type ReorderServicesInput = z.output<typeof reorderServicesSchema>;

export const serviceActionSchema = z.discriminatedUnion("intent", [
  createServiceSchema,
  updateServiceSchema,
  setServicePublishedSchema,
  setServiceFeaturedSchema,
  deleteServiceSchema,
  reorderServicesSchema,
]);
