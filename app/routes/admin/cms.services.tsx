import { Plus, Star } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/cms.services";
import { AdminData } from "~/components/admin/admin-data";
import type { FieldSpec } from "~/components/admin/admin-form";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { CardGrid, ItemCard, ItemMenu, moveMenuActions, type MenuAction } from "~/components/admin/card-list";
import { FormDialog } from "~/components/admin/form-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ListToolbar, useListFilter } from "~/components/admin/list-toolbar";
import { CONTENT_STATUS_LABELS, StatusBadge } from "~/components/admin/status-badge";
import { ServiceIcon } from "~/components/site/service-icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { createServiceSchema, NEW_SERVICE_DEFAULTS, SERVICE_DESCRIPTION_MAX, SERVICE_TEXT, SERVICE_TITLE_MAX, serviceActionSchema, updateServiceSchema } from "~/domain/services/admin-schemas";
import { SERVICE_ICON_NAMES, SERVICE_STATUSES } from "~/domain/services/constants";
import { createService } from "~/domain/services/create-service.server";
import { deleteService } from "~/domain/services/delete-service.server";
import { listServicesForAdmin } from "~/domain/services/list-services-for-admin.server";
import { reorderServices } from "~/domain/services/reorder-services.server";
import { setServiceFeatured } from "~/domain/services/set-service-featured.server";
import { setServicePublished } from "~/domain/services/set-service-published.server";
import type { AdminService } from "~/domain/services/types";
import { updateService } from "~/domain/services/update-service.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";

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

export const action = adminAction({
  schema: serviceActionSchema,
  intents: {
    "create-service": { failure: SERVICE_TEXT.saveFailed, run: (input, { tx }) => createService(tx, input) },
    "update-service": { failure: SERVICE_TEXT.saveFailed, run: (input, { tx }) => updateService(tx, input) },
    "set-service-published": { failure: SERVICE_TEXT.statusFailed, run: (input, { tx }) => setServicePublished(tx, input) },
    "set-service-featured": { failure: SERVICE_TEXT.featuredFailed, run: (input, { tx }) => setServiceFeatured(tx, input) },
    "delete-service": { failure: SERVICE_TEXT.deleteFailed, run: (input, { tx }) => deleteService(tx, input) },
    "reorder-services": { failure: SERVICE_TEXT.reorderFailed, run: (input, { tx }) => reorderServices(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SERVICE_TEXT.title }, { name: "robots", content: "noindex" }];
}

/** "CheckCircle" -> "Check Circle". */
const iconLabel = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2");

const ICON_OPTIONS = SERVICE_ICON_NAMES.map((name) => ({ value: name, label: iconLabel(name) }));
const STATUS_OPTIONS = SERVICE_STATUSES.map((status) => ({ value: status, label: CONTENT_STATUS_LABELS[status] }));
/** The status filter (spec 2 §2): All, Published, Draft, Archived. */
const FILTER_OPTIONS = [{ value: "", label: "All" }, ...(["published", "draft", "archived"] as const).map((status) => ({ value: status, label: CONTENT_STATUS_LABELS[status] }))];

const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: SERVICE_TITLE_MAX, wide: true },
  { name: "description", label: "Description", kind: "textarea", required: true, maxLength: SERVICE_DESCRIPTION_MAX },
  { name: "iconName", label: "Icon", kind: "select", options: ICON_OPTIONS },
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
  { name: "status", label: "Status", kind: "select", options: STATUS_OPTIONS, hint: "Only published services are on the website." },
];

const NEW_VALUES: Record<string, string> = { ...NEW_SERVICE_DEFAULTS };

function formValues(service: AdminService): Record<string, string> {
  return {
    title: service.title,
    description: service.description,
    iconName: service.iconName,
    imageUrl: service.imageUrl ?? "",
    isFeatured: service.isFeatured ? "on" : "",
    status: service.status,
  };
}

export default function ServicesManager({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // /admin/cms/services/new: the same screen with the add dialog open; closing it returns to the list.
  const adding = /\/new\/?$/.test(location.pathname);
  const [addOpen, setAddOpen] = useState(adding);
  useEffect(() => {
    if (adding) setAddOpen(true);
  }, [adding]);
  const onAddOpenChange = (open: boolean) => {
    setAddOpen(open);
    if (!open && adding) void navigate(SERVICES_PATH, { replace: true });
  };

  const addDialog = (
    <FormDialog
      open={addOpen}
      onOpenChange={onAddOpenChange}
      title="Add Service"
      description="A new service starts as a draft: publish it to show it on the website."
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Service
        </Button>
      }
      schema={createServiceSchema}
      intent="create-service"
      fields={ADD_FIELDS}
      values={NEW_VALUES}
      submitLabel="Add Service"
    />
  );

  return (
    <AdminPage
      title={SERVICE_TEXT.title}
      count={<AdminCount resolve={loaderData.services} count={(services) => services.length} />}
      description="The services on the website: only published ones are shown, the featured ones also on the home page."
      links={<BackLink to="/admin/cms">Back to Content Management</BackLink>}
      action={addDialog}
    >
      <AdminData resolve={loaderData.services} loadingText={SERVICE_TEXT.loading}>
        {(services) => <ServiceList services={services} onAdd={() => setAddOpen(true)} />}
      </AdminData>
    </AdminPage>
  );
}

function ServiceList({ services, onAdd }: { services: AdminService[]; onAdd: () => void }) {
  const list = useListFilter(services, { text: (s) => [s.title, s.description], filters: { status: (s) => s.status } });
  const [editing, setEditing] = useState<AdminService | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  if (services.length === 0) {
    return (
      <EmptyState
        action={
          <Button type="button" onClick={onAdd}>
            <Plus aria-hidden="true" />
            {SERVICE_TEXT.addFirst}
          </Button>
        }
      >
        {SERVICE_TEXT.empty}
      </EmptyState>
    );
  }

  const allIds = services.map((s) => s.id);
  const shownIds = list.items.map((s) => s.id);
  return (
    <div className="grid gap-4">
      <ListToolbar
        search={{ label: "Search services", placeholder: "Search by title or description", ...list.search }}
        filters={[{ label: "Status", options: FILTER_OPTIONS, ...list.filter("status") }]}
        shown={list.items.length}
        total={services.length}
      />
      {list.items.length === 0 ? (
        <EmptyState
          action={
            <Button type="button" variant="outline" onClick={list.clear}>
              Clear search and filter
            </Button>
          }
        >
          {SERVICE_TEXT.noMatch}
        </EmptyState>
      ) : (
        <CardGrid label="Services">
          {list.items.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              actions={[
                {
                  label: "Edit",
                  onSelect: () => {
                    setEditing(service);
                    setEditOpen(true);
                  },
                },
                ...cardActions(service),
                ...moveMenuActions(service.id, { allIds, shownIds, intent: "reorder-services" }),
                {
                  label: "Delete",
                  intent: "delete-service",
                  fields: { id: service.id },
                  confirm: { what: "service", detail: `“${service.title}” will be deleted and removed from the website. This cannot be undone.` },
                },
              ]}
            />
          ))}
        </CardGrid>
      )}
      {editing && (
        <FormDialog
          key={editing.id}
          open={editOpen}
          onOpenChange={setEditOpen}
          title="Edit Service"
          schema={updateServiceSchema}
          intent="update-service"
          fields={EDIT_FIELDS}
          values={formValues(editing)}
          hidden={{ id: editing.id }}
          submitLabel="Update Service"
        />
      )}
    </div>
  );
}

/** Publish/Unpublish and Feature/Remove Feature of a card's menu. */
function cardActions(service: AdminService): MenuAction[] {
  const published = service.status === "published";
  return [
    { label: published ? "Unpublish" : "Publish", intent: "set-service-published", fields: { id: service.id, published: published ? "false" : "true" } },
    {
      label: service.isFeatured ? "Remove Feature" : "Feature",
      intent: "set-service-featured",
      fields: { id: service.id, featured: service.isFeatured ? "false" : "true" },
    },
  ];
}

function ServiceCard({ service, actions }: { service: AdminService; actions: MenuAction[] }) {
  return (
    <ItemCard
      data-item={service.title}
      title={service.title}
      media={
        service.imageUrl ? (
          <img src={service.imageUrl} alt="" loading="lazy" decoding="async" className="h-40 w-full bg-slate-100 object-cover" />
        ) : undefined
      }
      menu={<ItemMenu itemName={service.title} actions={actions} />}
      badges={
        <>
          <StatusBadge status={service.status} />
          {service.isFeatured && (
            <Badge variant="secondary">
              <Star aria-hidden="true" />
              Featured
            </Badge>
          )}
        </>
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
    </ItemCard>
  );
}
