/**
 * /admin/cms/gallery/new (the content hub's quick action): the Gallery
 * manager with its Add Project dialog open; closing the dialog returns to
 * /admin/cms/gallery. Same loader, action and screen (cms.gallery.tsx).
 */
export { action, clientAction, default, headers, loader, meta } from "./cms.gallery";
