/**
 * /admin/cms/services/new (the content hub's quick action): the Services
 * Manager with its Add Service dialog open; closing the dialog returns to
 * /admin/cms/services. Same loader, action and screen (cms.services.tsx).
 */
export { action, clientAction, default, headers, loader, meta } from "./cms.services";
