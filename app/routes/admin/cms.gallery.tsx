import { z } from "zod";
import { LibraryThumb } from "~/components/media/library-thumb";
import { mediaImageField } from "~/components/media/media-picker";
import type { Route } from "./+types/cms.gallery";
import type { FieldSpec } from "~/components/admin/admin-form";
import { publishMenuAction, type MenuAction } from "~/components/admin/card-list";
import { CardManager, ContentItemCard } from "~/components/admin/card-manager";
import { CONTENT_STATUS_FILTER_OPTIONS, CONTENT_STATUS_OPTIONS } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/domain/accounts/guards.server";
import {
  createGalleryProjectSchema,
  GALLERY_DESCRIPTION_MAX,
  GALLERY_IMAGE_ALT_MAX,
  GALLERY_IMAGE_URL_MAX,
  GALLERY_TEXT,
  GALLERY_TITLE_MAX,
  galleryProjectActionSchema,
  NEW_GALLERY_PROJECT_DEFAULTS,
  updateGalleryProjectSchema,
} from "~/domain/gallery/admin-schemas";
import { GALLERY_CATEGORIES } from "~/domain/gallery/constants";
import { createGalleryProject } from "~/domain/gallery/create-gallery-project.server";
import { deleteGalleryProject } from "~/domain/gallery/delete-gallery-project.server";
import { listGalleryProjectsForAdmin } from "~/domain/gallery/list-gallery-projects-for-admin.server";
import { reorderGalleryProjects } from "~/domain/gallery/reorder-gallery-projects.server";
import { setGalleryProjectPublished } from "~/domain/gallery/set-gallery-project-published.server";
import type { AdminGalleryProject } from "~/domain/gallery/types";
import { updateGalleryProject } from "~/domain/gallery/update-gallery-project.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { contentItemIntents } from "~/lib/content-item-intents.server";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * Gallery, /admin/cms/gallery (issue 12 item 3): the "Our Work" projects
 * of the public /gallery with the Services Manager's layout (the kit's
 * CardManager): search (title, category and description), status filter,
 * the projects as cards with their image, status and category, and a menu
 * per card: Edit, Publish/Unpublish, Move up/down, Delete after
 * confirmation. /admin/cms/gallery/new is this screen with the Add Project
 * dialog open. Only published projects are on /gallery, in this order,
 * which follows each change on the next request (ADR 025).
 */

export { headers } from "./admin-headers";

const GALLERY_PATH = "/admin/cms/gallery";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { projects: adminLoad(listGalleryProjectsForAdmin, GALLERY_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, and those of a gallery project's History dialog (Restore) and schedule (ADR 029). */
const projectItem = contentItemIntents(["gallery_project"]);
const actionSchema = z.discriminatedUnion("intent", [...galleryProjectActionSchema.options, ...projectItem.schemas]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    ...projectItem.intents,
    "create-gallery-project": { history: "gallery_project", failure: GALLERY_TEXT.saveFailed, run: (input, { tx }) => createGalleryProject(tx, input) },
    "update-gallery-project": { history: "gallery_project", failure: GALLERY_TEXT.saveFailed, run: (input, { tx }) => updateGalleryProject(tx, input) },
    "set-gallery-project-published": { history: "gallery_project", failure: GALLERY_TEXT.statusFailed, run: (input, { tx }) => setGalleryProjectPublished(tx, input) },
    "delete-gallery-project": { history: "gallery_project", failure: GALLERY_TEXT.deleteFailed, run: (input, { tx }) => deleteGalleryProject(tx, input) },
    "reorder-gallery-projects": { failure: GALLERY_TEXT.reorderFailed, run: (input, { tx }) => reorderGalleryProjects(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: GALLERY_TEXT.title }, { name: "robots", content: "noindex" }];
}

const CATEGORY_OPTIONS = GALLERY_CATEGORIES.map((category) => ({ value: category, label: category }));

const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: GALLERY_TITLE_MAX, wide: true },
  { name: "category", label: "Category", kind: "select", options: CATEGORY_OPTIONS },
  mediaImageField({ label: "Photo", hint: "A photo from the Media Library (its alt text describes it on the website)." }),
  {
    name: "imageUrl",
    label: "Image URL",
    kind: "url",
    maxLength: GALLERY_IMAGE_URL_MAX,
    placeholder: "https://...",
    hint: "Only without a library photo: a full web address (https://...) or a path on this site (/images/...).",
  },
  // The description of an image given by URL only: a library photo is described by its alt text, kept in
  // the Media Library (its one home, shown wherever the photo is used), so this field does not apply to it.
  {
    name: "imageAlt",
    label: "Alt text of a linked image",
    kind: "text",
    maxLength: GALLERY_IMAGE_ALT_MAX,
    wide: true,
    hint: "Only with an image URL: what that image shows, for people who cannot see it. A library photo uses its alt text from the Media Library.",
  },
  { name: "description", label: "Description", kind: "textarea", maxLength: GALLERY_DESCRIPTION_MAX, hint: "Optional. Shown under the title on the website." },
];

const ADD_FIELDS = COMMON_FIELDS;
const EDIT_FIELDS: readonly FieldSpec[] = [
  ...COMMON_FIELDS,
  { name: "status", label: "Status", kind: "select", options: CONTENT_STATUS_OPTIONS, hint: "Only published projects are on the website." },
];

const NEW_VALUES: Record<string, string> = { ...NEW_GALLERY_PROJECT_DEFAULTS };

function formValues(project: AdminGalleryProject): Record<string, string> {
  return {
    title: project.title,
    category: project.category,
    imageMediaId: project.imageMediaId ?? "",
    imageUrl: project.imageUrl ?? "",
    imageAlt: project.imageAlt ?? "",
    description: project.description ?? "",
    status: project.status,
  };
}

export default function GalleryManager({ loaderData }: Route.ComponentProps) {
  return (
    <CardManager
      title={GALLERY_TEXT.title}
      description="The projects of the Our Work page: only published ones are shown, in this order."
      path={GALLERY_PATH}
      back={{ to: "/admin/cms", label: "Back to Content Management" }}
      items={loaderData.projects}
      text={GALLERY_TEXT}
      gridLabel="Gallery projects"
      search={{ label: "Search gallery projects", placeholder: "Search by title, category or description", text: (p) => [p.title, p.category, p.description] }}
      status={{ of: (p) => p.status, options: CONTENT_STATUS_FILTER_OPTIONS }}
      add={{
        label: "Add Project",
        description: "A new project starts as a draft: publish it to show it on the website.",
        schema: createGalleryProjectSchema,
        intent: "create-gallery-project",
        fields: ADD_FIELDS,
        values: NEW_VALUES,
      }}
      edit={{
        title: "Edit Project",
        submitLabel: "Update Project",
        schema: updateGalleryProjectSchema,
        intent: "update-gallery-project",
        fields: EDIT_FIELDS,
        values: formValues,
      }}
      actions={cardActions}
      history={{ kind: "gallery_project", name: (p) => p.title }}
      schedule={{ kind: "gallery_project", of: (item) => item }}
      reorderIntent="reorder-gallery-projects"
      remove={{ intent: "delete-gallery-project", what: "gallery project", detail: (p) => `“${p.title}” will be deleted and removed from the website. This cannot be undone.` }}
      card={(project, menu) => <ProjectCard project={project} actions={menu} />}
    />
  );
}

/** Publish/Unpublish of a card's menu (the state to set, never a toggle: ADR 016). */
function cardActions(project: AdminGalleryProject): MenuAction[] {
  return [publishMenuAction(project, "set-gallery-project-published")];
}

function ProjectCard({ project, actions }: { project: AdminGalleryProject; actions: MenuAction[] }) {
  return (
    <ContentItemCard
      item={project}
      name={project.title}
      actions={actions}
      media={
        project.image ? (
          <LibraryThumb image={project.image} alt={project.image.alt} className="aspect-[4/3] w-full" />
        ) : (
          <img src={project.imageUrl ?? ""} alt={project.imageAlt ?? ""} loading="lazy" decoding="async" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
        )
      }
      badges={
        <Badge variant="secondary">
          <span className="sr-only">Category: </span>
          {project.category}
        </Badge>
      }
    >
      {project.description && <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{project.description}</p>}
    </ContentItemCard>
  );
}
