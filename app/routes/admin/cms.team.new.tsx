/**
 * /admin/cms/team/new (the content hub's quick action): Team Members with its
 * add dialog open; closing the dialog returns to /admin/cms/team. Same
 * loader, action and screen (cms.team.tsx).
 */
export { action, clientAction, default, headers, loader, meta } from "./cms.team";
