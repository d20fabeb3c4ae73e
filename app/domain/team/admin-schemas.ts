import { z } from "zod";
import { deleteItemSchema, reorderItemsSchema, setPublishedSchema, updateItemSchema } from "~/domain/cms/content-list-schemas";
import { optionalMediaId } from "~/domain/media/admin-schemas";
import { booleanChoice, checkboxFlag, optionalHttpUrl, optionalUrlOrPath, recordId, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { IMAGE_POSITIONS, TEAM_MEMBER_STATUSES } from "./constants";

/**
 * What Team Members (/admin/cms/team, spec 2 §2 "Team Members", §3
 * cms_team_members, §4, §5, §7, §8, §9) sends: one schema per intent, shared
 * by the browser (field errors before posting) and the action.
 */

/** The texts of the screen: the catalogue's (spec 2 §8) word for word, and ours where it has none. */
export const TEAM_TEXT = {
  title: "Team Members",
  loading: "Loading team members...",
  empty: "No team members found",
  addFirst: "Add Your First Team Member",
  noMatch: "No team members match your search or filter.",
  loadFailed: "Failed to load team members",
  saveFailed: "Failed to save team member",
  statusFailed: "Failed to update member status",
  leadershipFailed: "Failed to update leadership status",
  deleteFailed: "Failed to delete team member",
  reorderFailed: "Failed to reorder team members",
  created: "Team member created successfully",
  updated: "Team member updated successfully",
  deleted: "Team member deleted successfully",
  published: "Team member published",
  unpublished: "Team member unpublished",
  addedToLeadership: "Team member added to leadership",
  removedFromLeadership: "Team member removed from leadership",
  reordered: "Team members reordered successfully",
  listChanged: "The list of team members changed meanwhile. Reload the page and try again.",
  nameRequired: "Name is required.",
  roleRequired: "Role is required.",
  bioRequired: "Bio is required.",
} as const;

/** The create defaults (spec 2 §5). */
export const NEW_TEAM_MEMBER_DEFAULTS = { name: "New Member", role: "Team Member", imagePosition: "center" } as const;

export const TEAM_NAME_MAX = 200;
export const TEAM_ROLE_MAX = 200;
export const TEAM_BIO_MAX = 5000;

const memberFields = {
  name: requiredText({ max: TEAM_NAME_MAX, requiredMessage: TEAM_TEXT.nameRequired }),
  role: requiredText({ max: TEAM_ROLE_MAX, requiredMessage: TEAM_TEXT.roleRequired }),
  bio: requiredText({ max: TEAM_BIO_MAX, multiline: true, requiredMessage: TEAM_TEXT.bioRequired }),
  imageUrl: optionalUrlOrPath(),
  /** A photo from the media library (ADR 031); replaces the image URL on the public pages. */
  imageMediaId: optionalMediaId,
  imagePosition: z.enum(IMAGE_POSITIONS, TEXT_ERRORS.choice),
  isLeadership: checkboxFlag,
  // One field per link of SOCIAL_LINKS (./constants), each an absolute http(s) URL or blank.
  socialLinkedin: optionalHttpUrl(),
  socialFacebook: optionalHttpUrl(),
  socialInstagram: optionalHttpUrl(),
  socialX: optionalHttpUrl(),
  socialWebsite: optionalHttpUrl(),
};

/** Add Team Member: a new member is a draft at the end of the list (spec 2 §4, §7). */
export const createTeamMemberSchema = z.strictObject({ intent: z.literal("create-team-member"), ...memberFields });

/** Edit: every field, and any of the three statuses (spec 2 §4). */
export const updateTeamMemberSchema = updateItemSchema("update-team-member", memberFields, TEAM_MEMBER_STATUSES);

/** Publish ("true") / Unpublish ("false"): only between published and draft (spec 2 §4). */
const setTeamMemberPublishedSchema = setPublishedSchema("set-team-member-published");

/** Add to Leadership ("true") / Remove from Leadership ("false"). */
const setTeamMemberLeadershipSchema = z.strictObject({ intent: z.literal("set-team-member-leadership"), id: recordId, leadership: booleanChoice });

const deleteTeamMemberSchema = deleteItemSchema("delete-team-member");

/** Every member's id in the new order (Move up / Move down). */
const reorderTeamMembersSchema = reorderItemsSchema("reorder-team-members");

export type CreateTeamMemberInput = z.output<typeof createTeamMemberSchema>;
export type UpdateTeamMemberInput = z.output<typeof updateTeamMemberSchema>;
export type SetTeamMemberPublishedInput = z.output<typeof setTeamMemberPublishedSchema>;
export type SetTeamMemberLeadershipInput = z.output<typeof setTeamMemberLeadershipSchema>;
export type DeleteTeamMemberInput = z.output<typeof deleteTeamMemberSchema>;
export type ReorderTeamMembersInput = z.output<typeof reorderTeamMembersSchema>;

export const teamMemberActionSchema = z.discriminatedUnion("intent", [
  createTeamMemberSchema,
  updateTeamMemberSchema,
  setTeamMemberPublishedSchema,
  setTeamMemberLeadershipSchema,
  deleteTeamMemberSchema,
  reorderTeamMembersSchema,
]);
