import { LibraryThumb } from "~/components/media/library-thumb";
import { mediaImageField } from "~/components/media/media-picker";
import { z } from "zod";
import { Star } from "lucide-react";
import type { Route } from "./+types/cms.services";
import type { FieldSpec } from "~/components/admin/admin-form";
import { publishMenuAction, type MenuAction } from "~/components/admin/card-list";
import { CardManager, ContentItemCard } from "~/components/admin/card-manager";
import { CONTENT_STATUS_FILTER_OPTIONS, CONTENT_STATUS_OPTIONS } from "~/components/admin/status-badge";
import { ServiceIcon } from "~/components/site/service-icon";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { createServiceSchema, NEW_SERVICE_DEFAULTS, SERVICE_DESCRIPTION_MAX, SERVICE_TEXT, SERVICE_TITLE_MAX, serviceActionSchema, updateServiceSchema } from "~/domain/services/admin-schemas";
import { SERVICE_ICON_NAMES } from "~/domain/services/constants";
import { createService } from "~/domain/services/create-service.server";
import { deleteService } from "~/domain/services/delete-service.server";
import { listServicesForAdmin } from "~/domain/services/list-services-for-admin.server";
import { reorderServices } from "~/domain/services/reorder-services.server";
import { setServiceFeatured } from "~/domain/services/set-service-featured.server";
import { setServicePublished } from "~/domain/services/set-service-published.server";
import type { AdminService } from "~/domain/services/types";
import { updateService } from "~/domain/services/update-service.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { contentItemIntents } from "~/lib/content-item-intents.server";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * Services Manager, /admin/cms/services (spec 2 §2): search (title and
 * description), status filter, the services as cards with their status,
 * image and icon, and a menu per card: Edit, Publish/Unpublish,
 * Feature/Remove Feature, Move up/down, Delete after confirmation.
 * /admin/cms/services/new is this screen with the Add Service dialog open
 * (the hub's quick action). Only published services are on the public
 * pages (the featured ones on the home page), which follow each change at once.
 */

export { headers } from "./admin-headers";

const SERVICES_PATH = "/admin/cms/services";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { services: adminLoad(listServicesForAdmin, SERVICE_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, and those of a service's History dialog (Restore) and schedule (ADR 029). */
const serviceItem = contentItemIntents(["service"]);
const actionSchema = z.discriminatedUnion("intent", [...serviceActionSchema.options, ...serviceItem.schemas]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    ...serviceItem.intents,
    "create-service": { history: "service", failure: SERVICE_TEXT.saveFailed, run: (input, { tx }) => createService(tx, input) },
    "update-service": { history: "service", failure: SERVICE_TEXT.saveFailed, run: (input, { tx }) => updateService(tx, input) },
    "set-service-published": { history: "service", failure: SERVICE_TEXT.statusFailed, run: (input, { tx }) => setServicePublished(tx, input) },
    "set-service-featured": { history: "service", failure: SERVICE_TEXT.featuredFailed, run: (input, { tx }) => setServiceFeatured(tx, input) },
    "delete-service": { history: "service", failure: SERVICE_TEXT.deleteFailed, run: (input, { tx }) => deleteService(tx, input) },
    "reorder-services": { failure: SERVICE_TEXT.reorderFailed, run: (input, { tx }) => reorderServices(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SERVICE_TEXT.title }, { name: "robots", content: "noindex" }];
}

/** "CheckCircle" -> "Check Circle". */
const iconLabel = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2");

const ICON_OPTIONS = SERVICE_ICON_NAMES.map((name) => ({ value: name, label: iconLabel(name) }));

const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: SERVICE_TITLE_MAX, wide: true },
  { name: "description", label: "Description", kind: "textarea", required: true, maxLength: SERVICE_DESCRIPTION_MAX },
  { name: "iconName", label: "Icon", kind: "select", options: ICON_OPTIONS },
  mediaImageField({ label: "Photo", hint: "Optional. A photo from the Media Library, shown on the service's card on the website." }),
  {
    name: "imageUrl",
    label: "Image URL",
    kind: "url",
    maxLength: 2000,
    placeholder: "https://...",
    hint: "Optional. A full web address (https://...) or a path on this site (/images/...).",
  },
  { name: "isFeatured", label: "Featured (shown on the home page when published)", kind: "checkbox", wide: true },
];

const ADD_FIELDS = COMMON_FIELDS;
const EDIT_FIELDS: readonly FieldSpec[] = [
  ...COMMON_FIELDS,
  { name: "status", label: "Status", kind: "select", options: CONTENT_STATUS_OPTIONS, hint: "Only published services are on the website." },
];

const NEW_VALUES: Record<string, string> = { ...NEW_SERVICE_DEFAULTS };

function formValues(service: AdminService): Record<string, string> {
  return {
    title: service.title,
    description: service.description,
    iconName: service.iconName,
    imageMediaId: service.imageMediaId ?? "",
    imageUrl: service.imageUrl ?? "",
    isFeatured: service.isFeatured ? "on" : "",
    status: service.status,
  };
}

export default function ServicesManager({ loaderData }: Route.ComponentProps) {
  return (
    <CardManager
      title={SERVICE_TEXT.title}
      description="The services on the website: only published ones are shown, the featured ones also on the home page."
      path={SERVICES_PATH}
      back={{ to: "/admin/cms", label: "Back to Content Management" }}
      items={loaderData.services}
      text={SERVICE_TEXT}
      gridLabel="Services"
      search={{ label: "Search services", placeholder: "Search by title or description", text: (s) => [s.title, s.description] }}
      status={{ of: (s) => s.status, options: CONTENT_STATUS_FILTER_OPTIONS }}
      add={{
        label: "Add Service",
        description: "A new service starts as a draft: publish it to show it on the website.",
        schema: createServiceSchema,
        intent: "create-service",
        fields: ADD_FIELDS,
        values: NEW_VALUES,
      }}
      edit={{ title: "Edit Service", submitLabel: "Update Service", schema: updateServiceSchema, intent: "update-service", fields: EDIT_FIELDS, values: formValues }}
      actions={cardActions}
      history={{ kind: "service", name: (s) => s.title }}
      schedule={{ kind: "service", of: (item) => item }}
      reorderIntent="reorder-services"
      remove={{ intent: "delete-service", what: "service", detail: (s) => `“${s.title}” will be deleted and removed from the website. This cannot be undone.` }}
      card={(service, menu) => <ServiceCard service={service} actions={menu} />}
    />
  );
}

/** Publish/Unpublish and Feature/Remove Feature of a card's menu. */
function cardActions(service: AdminService): MenuAction[] {
  return [
    publishMenuAction(service, "set-service-published"),
    {
      label: service.isFeatured ? "Remove Feature" : "Feature",
      intent: "set-service-featured",
      fields: { id: service.id, featured: service.isFeatured ? "false" : "true" },
    },
  ];
}

function ServiceCard({ service, actions }: { service: AdminService; actions: MenuAction[] }) {
  return (
    <ContentItemCard
      item={service}
      name={service.title}
      actions={actions}
      media={
        service.image ? (
          <LibraryThumb image={service.image} className="h-40 w-full" />
        ) : service.imageUrl ? (
          <img src={service.imageUrl} alt="" loading="lazy" decoding="async" className="h-40 w-full bg-slate-100 object-cover" />
        ) : undefined
      }
      badges={
        service.isFeatured && (
          <Badge variant="secondary">
            <Star aria-hidden="true" />
            Featured
          </Badge>
        )
      }
    >
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <span className="flex size-8 items-center justify-center rounded-md bg-brand-navy text-white">
          <ServiceIcon name={service.iconName} className="size-4" />
        </span>
        <span>
          <span className="sr-only">Icon: </span>
          {iconLabel(service.iconName)}
        </span>
      </p>
      <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{service.description}</p>
    </ContentItemCard>
  );
}
