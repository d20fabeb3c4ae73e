import { Pencil, Plus, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/contracts.sources";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminData } from "~/components/admin/admin-data";
import type { FieldSpec } from "~/components/admin/admin-form";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { CardGrid, ItemCard } from "~/components/admin/card-list";
import { FormDialog, useEditDialog } from "~/components/admin/form-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ConfirmDeleteButton, IntentButton, RowButton } from "~/components/admin/row-actions";
import { ActiveBadge } from "~/components/admin/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import {
  createSourceSchema,
  DEFAULT_RATE_LIMIT_CONFIG,
  RATE_LIMIT_BOUNDS,
  slugFromName,
  SOURCE_DESCRIPTION_MAX,
  SOURCE_NAME_MAX,
  SOURCE_SLUG_MAX,
  SOURCE_TEXT,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPE_OPTIONS,
  SOURCE_URL_MAX,
  sourceActionSchema,
  updateSourceSchema,
} from "~/domain/contracts/sources/admin-schemas";
import { checkSource } from "~/domain/contracts/sources/check-source.server";
import { createSource } from "~/domain/contracts/sources/create-source.server";
import { deleteSource } from "~/domain/contracts/sources/delete-source.server";
import { listSourcesForAdmin } from "~/domain/contracts/sources/list-sources-for-admin.server";
import type { AdminContractSource } from "~/domain/contracts/sources/types";
import { updateSource } from "~/domain/contracts/sources/update-source.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/**
 * Contract Sources, /admin/contracts/sources (spec 2 §2, §5, §8; issue 11 item 4): the sites the crawler
 * searches, as cards with Test / Edit / Delete, and the Add Source / Edit Source dialog (Basic
 * Information, Technical Configuration, Rate limits, Status). Each card links to the source's search
 * configurations (/admin/contracts/sources/:id). ADR 027.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { sources: adminLoad(listSourcesForAdmin, SOURCE_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: sourceActionSchema,
  intents: {
    "create-source": { failure: SOURCE_TEXT.createFailed, run: (input, { tx }) => createSource(tx, input) },
    "update-source": { failure: SOURCE_TEXT.updateFailed, run: (input, { tx }) => updateSource(tx, input) },
    "delete-source": { failure: SOURCE_TEXT.deleteFailed, run: (input, { tx }) => deleteSource(tx, input) },
    "test-source": { failure: SOURCE_TEXT.testFailed, check: (input) => checkSource(input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SOURCE_TEXT.title }, { name: "robots", content: "noindex" }];
}

const rate = (name: keyof typeof RATE_LIMIT_BOUNDS, label: string, section?: string): FieldSpec => {
  const { min, max } = RATE_LIMIT_BOUNDS[name];
  return {
    name,
    label,
    kind: "number",
    required: true,
    maxLength: 6,
    hint: `From ${min} to ${max.toLocaleString("en-US")}; the default is ${DEFAULT_RATE_LIMIT_CONFIG[name].toLocaleString("en-US")}.`,
    ...(section ? { section } : {}),
  };
};

function sourceFields({ deriveSlug }: { deriveSlug: boolean }): FieldSpec[] {
  return [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: SOURCE_NAME_MAX, section: "Basic Information" },
    {
      name: "slug",
      label: "Slug",
      kind: "text",
      required: true,
      maxLength: SOURCE_SLUG_MAX,
      hint: deriveSlug
        ? "Made from the name as you type; lowercase letters, numbers and hyphens. It picks the crawler's adapter (bidnet, govcb)."
        : "Lowercase letters, numbers and hyphens. It picks the crawler's adapter (bidnet, govcb).",
      ...(deriveSlug ? { derive: { from: "name", value: slugFromName } } : {}),
    },
    { name: "description", label: "Description", kind: "textarea", maxLength: SOURCE_DESCRIPTION_MAX },
    {
      name: "baseUrl",
      label: "Base URL",
      kind: "url",
      required: true,
      maxLength: SOURCE_URL_MAX,
      placeholder: "https://...",
      wide: true,
      section: "Technical Configuration",
      hint: "The site's address (http:// or https://). Addresses on this machine or a private network are refused.",
    },
    { name: "sourceType", label: "Source Type", kind: "select", required: true, options: SOURCE_TYPE_OPTIONS },
    { name: "logoUrl", label: "Logo URL", kind: "url", maxLength: SOURCE_URL_MAX, placeholder: "https://...", hint: "Optional." },
    rate("requestsPerMinute", "Requests per minute", "Rate limits"),
    rate("requestsPerHour", "Requests per hour"),
    rate("delayBetweenRequestsMs", "Delay between requests (ms)"),
    { name: "isActive", label: SOURCE_TEXT.activeLabel, kind: "switch", wide: true, section: "Status" },
  ];
}

const ADD_FIELDS = sourceFields({ deriveSlug: true });
const EDIT_FIELDS = sourceFields({ deriveSlug: false });

const NEW_VALUES: Record<string, string> = {
  sourceType: "scraper",
  requestsPerMinute: String(DEFAULT_RATE_LIMIT_CONFIG.requestsPerMinute),
  requestsPerHour: String(DEFAULT_RATE_LIMIT_CONFIG.requestsPerHour),
  delayBetweenRequestsMs: String(DEFAULT_RATE_LIMIT_CONFIG.delayBetweenRequestsMs),
  isActive: "on",
};

function formValues(source: AdminContractSource): Record<string, string> {
  return {
    name: source.name,
    slug: source.slug,
    description: source.description ?? "",
    baseUrl: source.baseUrl,
    sourceType: source.sourceType,
    logoUrl: source.logoUrl ?? "",
    requestsPerMinute: String(source.requestsPerMinute),
    requestsPerHour: String(source.requestsPerHour),
    delayBetweenRequestsMs: String(source.delayBetweenRequestsMs),
    isActive: source.isActive ? "on" : "",
  };
}

/** Dates in the company's zone, the same on the server and in the browser. */
const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: COMPANY_TIME_ZONE });

export default function ContractSources({ loaderData }: Route.ComponentProps) {
  const [addOpen, setAddOpen] = useState(false);
  return (
    <AdminPage
      title={SOURCE_TEXT.title}
      count={<AdminCount resolve={loaderData.sources} count={(sources) => sources.length} />}
      description={SOURCE_TEXT.description}
      links={<BackLink to="/admin/contracts">{SOURCE_TEXT.back}</BackLink>}
      action={
        <FormDialog
          open={addOpen}
          onOpenChange={setAddOpen}
          title={SOURCE_TEXT.add}
          description="A site for the contract crawler. Fields marked * are required."
          trigger={
            <Button type="button">
              <Plus aria-hidden="true" />
              {SOURCE_TEXT.add}
            </Button>
          }
          schema={createSourceSchema}
          intent="create-source"
          fields={ADD_FIELDS}
          values={NEW_VALUES}
          submitLabel={SOURCE_TEXT.create}
        />
      }
    >
      <AdminData resolve={loaderData.sources} loadingText={SOURCE_TEXT.loading} retryLabel={SOURCE_TEXT.tryAgain} toastText={SOURCE_TEXT.loadFailedToast}>
        {(sources) => <SourceList sources={sources} />}
      </AdminData>
    </AdminPage>
  );
}

function SourceList({ sources }: { sources: AdminContractSource[] }) {
  const editDialog = useEditDialog((source: AdminContractSource) => ({
    title: SOURCE_TEXT.edit,
    schema: updateSourceSchema,
    intent: "update-source",
    fields: EDIT_FIELDS,
    values: formValues(source),
    submitLabel: SOURCE_TEXT.update,
  }));
  if (sources.length === 0) {
    return (
      <EmptyState>
        <span className="block font-semibold text-slate-800">{SOURCE_TEXT.empty}</span>
        <span className="block">{SOURCE_TEXT.emptyHint}</span>
      </EmptyState>
    );
  }
  return (
    <>
      <CardGrid label="Contract sources">
        {sources.map((source) => (
          <SourceCard key={source.id} source={source} onEdit={() => editDialog.edit(source)} />
        ))}
      </CardGrid>
      {editDialog.dialog}
    </>
  );
}

function SourceCard({ source, onEdit }: { source: AdminContractSource; onEdit: () => void }) {
  return (
    <ItemCard
      data-item={source.name}
      title={source.name}
      badges={<ActiveBadge active={source.isActive} />}
    >
      <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{source.description ?? SOURCE_TEXT.noDescription}</p>
      <dl className="grid gap-1 text-sm">
        <div className="flex min-w-0 gap-1">
          <dt className="font-medium text-slate-600">Base URL:</dt>
          <dd className="min-w-0 truncate text-slate-800" title={source.baseUrl}>
            {source.baseUrl}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Type:</dt>
          <dd className="text-slate-800">{SOURCE_TYPE_LABELS[source.sourceType]}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-600">Last updated:</dt>
          <dd className="text-slate-800">
            <time dateTime={source.updatedAt}>{DATE.format(new Date(source.updatedAt))}</time>
          </dd>
        </div>
      </dl>
      <Link to={`/admin/contracts/sources/${source.id}`} className={buttonVariants({ variant: "link", size: "sm", className: "justify-self-start px-0" })}>
        Configurations ({source.configCount})<span className="sr-only"> of {source.name}</span>
      </Link>
      <div className="mt-1 flex flex-wrap gap-2">
        <IntentButton label="Test" itemName={source.name} icon={Zap} intent="test-source" fields={{ id: source.id }} />
        <RowButton label="Edit" itemName={source.name} icon={Pencil} onClick={onEdit} />
        <ConfirmDeleteButton
          intent="delete-source"
          fields={{ id: source.id }}
          icon={Trash2}
          what="source"
          itemName={source.name}
          detail={`${source.name} and its search configurations will be deleted. A source that has contracts cannot be deleted: make it inactive instead.`}
        />
      </div>
    </ItemCard>
  );
}
