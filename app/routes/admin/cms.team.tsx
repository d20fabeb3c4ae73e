import { LibraryThumb } from "~/components/media/library-thumb";
import { mediaImageField } from "~/components/media/media-picker";
import { z } from "zod";
import { Medal, UserRound } from "lucide-react";
import type { Route } from "./+types/cms.team";
import type { FieldSpec } from "~/components/admin/admin-form";
import { publishMenuAction, type MenuAction } from "~/components/admin/card-list";
import { CardManager, ContentItemCard } from "~/components/admin/card-manager";
import { CONTENT_STATUS_FILTER_OPTIONS, CONTENT_STATUS_OPTIONS } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/domain/accounts/guards.server";
import {
  createTeamMemberSchema,
  NEW_TEAM_MEMBER_DEFAULTS,
  TEAM_BIO_MAX,
  TEAM_NAME_MAX,
  TEAM_ROLE_MAX,
  TEAM_TEXT,
  teamMemberActionSchema,
  updateTeamMemberSchema,
} from "~/domain/team/admin-schemas";
import { IMAGE_POSITIONS, SOCIAL_LINKS } from "~/domain/team/constants";
import { createTeamMember } from "~/domain/team/create-team-member.server";
import { deleteTeamMember } from "~/domain/team/delete-team-member.server";
import { listTeamForAdmin } from "~/domain/team/list-team-for-admin.server";
import { reorderTeamMembers } from "~/domain/team/reorder-team-members.server";
import { setTeamMemberLeadership } from "~/domain/team/set-team-member-leadership.server";
import { setTeamMemberPublished } from "~/domain/team/set-team-member-published.server";
import { socialLinkFieldValues } from "~/domain/team/social-links";
import type { AdminTeamMember } from "~/domain/team/types";
import { updateTeamMember } from "~/domain/team/update-team-member.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { contentItemIntents } from "~/lib/content-item-intents.server";
import { cn } from "~/lib/cn";
import { isHttpUrl } from "~/lib/url-safety";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * Team Members, /admin/cms/team (spec 2 §2): the Services Manager's layout
 * for the team: search by name or role, status filter, the members as cards
 * with status, photo and leadership, and a menu per card: Edit,
 * Publish/Unpublish, Add to/Remove from Leadership, Move up/down, Delete
 * after confirmation. /admin/cms/team/new is this screen with the add dialog
 * open. The public pages show the published leaders (the home page, /about
 * and /team, spec 1 §2), and follow each change at once.
 */

export { headers } from "./admin-headers";

const TEAM_PATH = "/admin/cms/team";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { members: adminLoad(listTeamForAdmin, TEAM_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, and those of a team member's History dialog (Restore) and schedule (ADR 029). */
const memberItem = contentItemIntents(["team_member"]);
const actionSchema = z.discriminatedUnion("intent", [...teamMemberActionSchema.options, ...memberItem.schemas]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    ...memberItem.intents,
    "create-team-member": { history: "team_member", failure: TEAM_TEXT.saveFailed, run: (input, { tx }) => createTeamMember(tx, input) },
    "update-team-member": { history: "team_member", failure: TEAM_TEXT.saveFailed, run: (input, { tx }) => updateTeamMember(tx, input) },
    "set-team-member-published": { history: "team_member", failure: TEAM_TEXT.statusFailed, run: (input, { tx }) => setTeamMemberPublished(tx, input) },
    "set-team-member-leadership": { history: "team_member", failure: TEAM_TEXT.leadershipFailed, run: (input, { tx }) => setTeamMemberLeadership(tx, input) },
    "delete-team-member": { history: "team_member", failure: TEAM_TEXT.deleteFailed, run: (input, { tx }) => deleteTeamMember(tx, input) },
    "reorder-team-members": { failure: TEAM_TEXT.reorderFailed, run: (input, { tx }) => reorderTeamMembers(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: TEAM_TEXT.title }, { name: "robots", content: "noindex" }];
}

const POSITION_LABELS: Record<(typeof IMAGE_POSITIONS)[number], string> = { center: "Center", top: "Top", bottom: "Bottom" };
const POSITION_OPTIONS = IMAGE_POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] }));
const POSITION_CLASS: Record<(typeof IMAGE_POSITIONS)[number], string> = { center: "object-center", top: "object-top", bottom: "object-bottom" };

const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "Name", kind: "text", required: true, maxLength: TEAM_NAME_MAX },
  { name: "role", label: "Role", kind: "text", required: true, maxLength: TEAM_ROLE_MAX },
  { name: "bio", label: "Bio", kind: "textarea", required: true, maxLength: TEAM_BIO_MAX },
  mediaImageField({ label: "Photo", hint: "A photo from the Media Library; it replaces the image URL below on the website." }),
  {
    name: "imageUrl",
    label: "Image URL",
    kind: "url",
    maxLength: 2000,
    placeholder: "https://...",
    hint: "Optional, used when no library photo is chosen. A full web address (https://...) or a path on this site (/images/...).",
  },
  { name: "imagePosition", label: "Image position", kind: "select", options: POSITION_OPTIONS, hint: "The part of the photo kept when it is cropped." },
  { name: "isLeadership", label: "Leadership (shown on the website when published)", kind: "checkbox", wide: true },
  ...SOCIAL_LINKS.map((link): FieldSpec => ({ name: link.field, label: `${link.label} URL`, kind: "url", maxLength: 2000, placeholder: "https://..." })),
];

const ADD_FIELDS = COMMON_FIELDS;
const EDIT_FIELDS: readonly FieldSpec[] = [
  ...COMMON_FIELDS,
  { name: "status", label: "Status", kind: "select", options: CONTENT_STATUS_OPTIONS, hint: "Only published members are on the website." },
];

const NEW_VALUES: Record<string, string> = { ...NEW_TEAM_MEMBER_DEFAULTS };

function formValues(member: AdminTeamMember): Record<string, string> {
  return {
    name: member.name,
    role: member.role,
    bio: member.bio,
    imageMediaId: member.imageMediaId ?? "",
    imageUrl: member.imageUrl ?? "",
    imagePosition: member.imagePosition,
    isLeadership: member.isLeadership ? "on" : "",
    ...socialLinkFieldValues(member.socialLinks),
    status: member.status,
  };
}

export default function TeamMembers({ loaderData }: Route.ComponentProps) {
  return (
    <CardManager
      title={TEAM_TEXT.title}
      description="The website shows the published members of the leadership, on the home, About and Team pages."
      path={TEAM_PATH}
      back={{ to: "/admin/cms", label: "Back to Content Management" }}
      items={loaderData.members}
      text={TEAM_TEXT}
      gridLabel="Team members"
      search={{ label: "Search team members", placeholder: "Search by name or role", text: (m) => [m.name, m.role] }}
      status={{ of: (m) => m.status, options: CONTENT_STATUS_FILTER_OPTIONS }}
      add={{
        label: "Add Team Member",
        description: "A new member starts as a draft: publish them to show them on the website.",
        schema: createTeamMemberSchema,
        intent: "create-team-member",
        fields: ADD_FIELDS,
        values: NEW_VALUES,
      }}
      edit={{ title: "Edit Team Member", submitLabel: "Update Team Member", schema: updateTeamMemberSchema, intent: "update-team-member", fields: EDIT_FIELDS, values: formValues }}
      actions={cardActions}
      history={{ kind: "team_member", name: (m) => m.name }}
      schedule={{ kind: "team_member", of: (item) => item }}
      reorderIntent="reorder-team-members"
      remove={{ intent: "delete-team-member", what: "team member", detail: (m) => `${m.name} will be deleted and removed from the website. This cannot be undone.` }}
      card={(member, menu) => <MemberCard member={member} actions={menu} />}
    />
  );
}

/** Publish/Unpublish and Add to/Remove from Leadership of a card's menu. */
function cardActions(member: AdminTeamMember): MenuAction[] {
  return [
    publishMenuAction(member, "set-team-member-published"),
    {
      label: member.isLeadership ? "Remove from Leadership" : "Add to Leadership",
      intent: "set-team-member-leadership",
      fields: { id: member.id, leadership: member.isLeadership ? "false" : "true" },
    },
  ];
}

function MemberCard({ member, actions }: { member: AdminTeamMember; actions: MenuAction[] }) {
  // Saved links are http(s) URLs (the form checks); anything else written by other means is not a link here.
  const links = SOCIAL_LINKS.filter((link) => isHttpUrl(member.socialLinks[link.key] ?? ""));
  return (
    <ContentItemCard
      item={member}
      name={member.name}
      actions={actions}
      media={
        member.image ? (
          <LibraryThumb image={member.image} className="h-48 w-full" />
        ) : member.imageUrl ? (
          <img
            src={member.imageUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className={cn("h-48 w-full bg-slate-100 object-cover", POSITION_CLASS[member.imagePosition])}
          />
        ) : (
          <span aria-hidden="true" className="flex h-48 w-full items-center justify-center bg-slate-100 text-slate-400">
            <UserRound className="size-16" />
          </span>
        )
      }
      badges={
        member.isLeadership && (
          <Badge variant="secondary">
            <Medal aria-hidden="true" />
            Leadership
          </Badge>
        )
      }
    >
      <p className="text-sm font-semibold text-brand-red">{member.role}</p>
      <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{member.bio}</p>
      {member.status === "published" && !member.isLeadership && (
        <p className="text-xs text-slate-600">Not on the website: it shows the members of the leadership.</p>
      )}
      {links.length > 0 && (
        <ul aria-label={`Links of ${member.name}`} className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.key}>
              <a href={member.socialLinks[link.key]} target="_blank" rel="noopener noreferrer" className="text-brand-navy underline underline-offset-2">
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </ContentItemCard>
  );
}
