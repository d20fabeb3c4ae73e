import { Pencil, Plus, Power, PowerOff, Star } from "lucide-react";
import { useState } from "react";
import type * as React from "react";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/contracts.sources.$id";
import { describeLocation, describeParameters } from "~/domain/contracts/sources/describe-config";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminData } from "~/components/admin/admin-data";
import type { FieldSpec } from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { CardGrid, ItemCard } from "~/components/admin/card-list";
import { FormDialog, useEditDialog } from "~/components/admin/form-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { IntentButton, RowButton } from "~/components/admin/row-actions";
import { ActiveBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import {
  CONFIG_DESCRIPTION_MAX,
  CONFIG_NAME_MAX,
  CONFIG_TEXT,
  createSearchConfigSchema,
  describeSchedule,
  LOCATION_ID_MAX,
  searchConfigActionSchema,
  updateSearchConfigSchema,
} from "~/domain/contracts/sources/admin-schemas";
import { createSearchConfig } from "~/domain/contracts/sources/create-search-config.server";
import { getSourceConfigs } from "~/domain/contracts/sources/get-source-configs.server";
import { setDefaultSearchConfig } from "~/domain/contracts/sources/set-default-search-config.server";
import { setSearchConfigActive } from "~/domain/contracts/sources/set-search-config-active.server";
import type { AdminSearchConfig, AdminSourceConfigs } from "~/domain/contracts/sources/types";
import { updateSearchConfig } from "~/domain/contracts/sources/update-search-config.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";

/**
 * A source's search configurations, /admin/contracts/sources/:id (issue 11 item 5): what the crawler
 * searches the source for (keywords, location, custom parameters), which one is the default (exactly
 * one per source), an optional schedule (cron, Eastern time; ADR 024), and Deactivate / Reactivate.
 * Reached from each source card's "Configurations (N)" link. ADR 027.
 */

export { headers } from "./admin-headers";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = params.id;
  if (!z.uuid().safeParse(id).success) throw data(null, { status: 404, statusText: "Not Found" });
  return { page: adminLoad(() => getSourceConfigs(id), CONFIG_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: searchConfigActionSchema,
  intents: {
    "create-search-config": { failure: CONFIG_TEXT.saveFailed, run: (input, { tx }) => createSearchConfig(tx, input) },
    "update-search-config": { failure: CONFIG_TEXT.saveFailed, run: (input, { tx }) => updateSearchConfig(tx, input) },
    "set-search-config-active": { failure: CONFIG_TEXT.statusFailed, run: (input, { tx }) => setSearchConfigActive(tx, input) },
    "set-default-search-config": { failure: CONFIG_TEXT.defaultFailed, run: (input, { tx }) => setDefaultSearchConfig(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: "Search Configurations" }, { name: "robots", content: "noindex" }];
}

function configFields(schedule: string | null): FieldSpec[] {
  return [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: CONFIG_NAME_MAX, hint: "Unique for this source, e.g. Ohio Roofing Contracts." },
    { name: "description", label: "Description", kind: "textarea", maxLength: CONFIG_DESCRIPTION_MAX },
    { name: "keywords", label: "Keywords", kind: "textarea", required: true, hint: "One per line, or separated by commas (at most 20, each up to 100 characters)." },
    { name: "state", label: "State", kind: "text", maxLength: 2, placeholder: "OH", hint: "Two-letter state code; optional." },
    { name: "locationId", label: "Location ID", kind: "text", maxLength: LOCATION_ID_MAX, hint: "The source's own id of the area (BidNet: 229 for Ohio); optional." },
    {
      name: "customParameters",
      label: "Custom parameters (JSON)",
      kind: "textarea",
      placeholder: '{"solSearchStatus": "openSolicitationsTab"}',
      hint: "A JSON object passed to the source: each value text, a number, true or false, or a list of texts. Leave empty for none.",
    },
    {
      name: "scheduleCron",
      label: "Schedule (cron)",
      kind: "text",
      maxLength: 100,
      placeholder: "0 6 * * *",
      hint: `Five fields (minute hour day month weekday) in Eastern time: 0 6 * * * is daily at 06:00, 30 7 * * 1-5 weekdays at 07:30. Leave empty for no scheduled crawl. Now: ${describeSchedule(schedule)}.`,
    },
    { name: "isDefault", label: CONFIG_TEXT.defaultLabel, kind: "switch", wide: true },
    { name: "isActive", label: CONFIG_TEXT.activeLabel, kind: "switch", wide: true },
  ];
}

const ADD_FIELDS = configFields(null);
const NEW_VALUES: Record<string, string> = { isActive: "on" };

function formValues(config: AdminSearchConfig): Record<string, string> {
  return {
    name: config.name,
    description: config.description ?? "",
    keywords: config.keywords.join("\n"),
    state: config.state ?? "",
    locationId: config.locationId ?? "",
    customParameters: Object.keys(config.customParameters).length > 0 ? JSON.stringify(config.customParameters, null, 2) : "",
    scheduleCron: config.scheduleCron ?? "",
    isDefault: config.isDefault ? "on" : "",
    isActive: config.isActive ? "on" : "",
  };
}

export default function SourceConfigurations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminData resolve={loaderData.page} loadingText={CONFIG_TEXT.loading} retryLabel="Try Again" frame={(content) => <PlainFrame>{content}</PlainFrame>}>
      {(page) =>
        page ? (
          <ConfigPage page={page} />
        ) : (
          <PlainFrame>
            <EmptyState>{CONFIG_TEXT.notFound}</EmptyState>
          </PlainFrame>
        )
      }
    </AdminData>
  );
}

/** The page's frame before its source is known (loading, a load failure) or when there is none. */
function PlainFrame({ children }: { children: React.ReactNode }) {
  return (
    <AdminPage title="Search Configurations" links={<BackLink to="/admin/contracts/sources">{CONFIG_TEXT.back}</BackLink>}>
      {children}
    </AdminPage>
  );
}

function ConfigPage({ page }: { page: AdminSourceConfigs }) {
  const { source, configs } = page;
  const [addOpen, setAddOpen] = useState(false);
  const editDialog = useEditDialog((config: AdminSearchConfig) => ({
    title: CONFIG_TEXT.edit,
    schema: updateSearchConfigSchema,
    intent: "update-search-config",
    fields: configFields(config.scheduleCron),
    values: formValues(config),
    submitLabel: CONFIG_TEXT.update,
    wide: true,
  }));
  return (
    <AdminPage
      title={CONFIG_TEXT.title(source.name)}
      count={configs.length}
      description={
        <>
          What the crawler searches {source.name} for. The default configuration is preselected when crawling; scheduled crawls run in Eastern time.
          {!source.isActive && " This source is inactive: none of its configurations is crawled until it is made active again."}
        </>
      }
      links={<BackLink to="/admin/contracts/sources">{CONFIG_TEXT.back}</BackLink>}
      action={
        <FormDialog
          open={addOpen}
          onOpenChange={setAddOpen}
          title={CONFIG_TEXT.add}
          description={configs.length === 0 ? "The first configuration of a source becomes its default." : "Fields marked * are required."}
          trigger={
            <Button type="button">
              <Plus aria-hidden="true" />
              {CONFIG_TEXT.add}
            </Button>
          }
          schema={createSearchConfigSchema}
          intent="create-search-config"
          fields={ADD_FIELDS}
          values={NEW_VALUES}
          hidden={{ sourceId: source.id }}
          submitLabel={CONFIG_TEXT.create}
          wide
        />
      }
    >
      {configs.length === 0 ? (
        <EmptyState>
          <span className="block font-semibold text-slate-800">{CONFIG_TEXT.empty}</span>
          <span className="block">{CONFIG_TEXT.emptyHint}</span>
        </EmptyState>
      ) : (
        <CardGrid label={`Search configurations of ${source.name}`}>
          {configs.map((config) => (
            <ConfigCard key={config.id} config={config} onEdit={() => editDialog.edit(config)} />
          ))}
        </CardGrid>
      )}
      {editDialog.dialog}
    </AdminPage>
  );
}

function ConfigCard({ config, onEdit }: { config: AdminSearchConfig; onEdit: () => void }) {
  const location = describeLocation(config.state, config.locationId);
  const parameters = describeParameters(config.customParameters);
  return (
    <ItemCard
      data-item={config.name}
      title={config.name}
      badges={
        <>
          {config.isDefault && <Badge>Default</Badge>}
          <ActiveBadge active={config.isActive} />
        </>
      }
    >
      {config.description && <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{config.description}</p>}
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Keywords:</dt>
          <dd className="min-w-0 break-words text-slate-800">{config.keywords.join(", ")}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Location:</dt>
          <dd className="min-w-0 break-words text-slate-800">{location}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Schedule:</dt>
          <dd className="text-slate-800">{describeSchedule(config.scheduleCron)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Search options:</dt>
          <dd className="min-w-0 break-words text-slate-800">{parameters.length > 0 ? parameters.join("; ") : "None"}</dd>
        </div>
      </dl>
      <div className="mt-1 flex flex-wrap gap-2">
        <RowButton label="Edit" itemName={config.name} icon={Pencil} onClick={onEdit} />
        {!config.isDefault && (
          <IntentButton label="Make Default" itemName={config.name} icon={Star} intent="set-default-search-config" fields={{ id: config.id }} />
        )}
        {config.isActive ? (
          !config.isDefault && (
            <IntentButton label="Deactivate" itemName={config.name} icon={PowerOff} intent="set-search-config-active" fields={{ id: config.id, active: "false" }} />
          )
        ) : (
          <IntentButton label="Reactivate" itemName={config.name} icon={Power} intent="set-search-config-active" fields={{ id: config.id, active: "true" }} />
        )}
      </div>
      {config.isDefault && <p className="text-xs text-slate-600">The default cannot be deactivated: make another configuration the default first.</p>}
    </ItemCard>
  );
}
