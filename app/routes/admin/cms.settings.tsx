import { z } from "zod";
import { Eye, Globe, Lock, Plus, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/cms.settings";
import { AdminData } from "~/components/admin/admin-data";
import type { FieldSpec } from "~/components/admin/admin-form";
import { AdminCount, AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { CardGrid, ItemCard, ItemMenu, type MenuAction } from "~/components/admin/card-list";
import { FormDialog } from "~/components/admin/form-dialog";
import { useHistoryDialog } from "~/components/admin/history-dialog";
import { EmptyState } from "~/components/admin/list-states";
import { ListToolbar, useListFilter } from "~/components/admin/list-toolbar";
import { SettingValueEditor } from "~/components/cms-admin/setting-value-editor";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import {
  createSettingSchema,
  NEW_SETTING_DEFAULTS,
  SETTING_DESCRIPTION_MAX,
  SETTING_KEY_MAX,
  SETTING_TEXT,
  settingActionSchema,
  updateSettingSchema,
} from "~/domain/site-settings/admin-schemas";
import type { AdminSetting } from "~/domain/site-settings/admin-types";
import {
  SETTING_CATEGORY_LABELS,
  SETTING_CATEGORY_VALUES,
  SETTING_TYPE_LABELS,
  SETTING_TYPE_VALUES,
  SETTING_VALUE_PREVIEW_LENGTH,
  type SettingCategoryValue,
} from "~/domain/site-settings/constants";
import { createSetting } from "~/domain/site-settings/create-setting.server";
import { deleteSetting } from "~/domain/site-settings/delete-setting.server";
import { listSettingsForAdmin } from "~/domain/site-settings/list-settings-for-admin.server";
import { setSettingPublic } from "~/domain/site-settings/set-setting-public.server";
import { truncateSettingValue } from "~/domain/site-settings/setting-values";
import { updateSetting } from "~/domain/site-settings/update-setting.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { restoreVersionSchema } from "~/domain/content-history/kinds";
import { restoreVersionIntent } from "~/domain/content-history/restore-version.server";
import { cn } from "~/lib/cn";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * Site Settings, /admin/cms/settings (spec 2 §2 "Site Settings"): search
 * (key, value or description), the category filter (All Categories and the
 * categories in the data), the settings grouped by category with counts,
 * each with its key, value (50 characters), type, description and
 * Public/Private; a menu per setting: Edit, Make Public / Make Private,
 * Delete after confirmation; Add Setting with the §5 defaults. The value's
 * input follows the type, checked by the same schema here and on the server.
 * A new setting is private until made public, and the settings the site
 * reads cannot be deleted, renamed, retyped or hidden (ADR 019). Only public
 * settings reach the public site, which follows each change at once. The
 * business facts Site Configuration edits (phone, address, hours...) are
 * shown read-only here, with a link there: one home, one set of rules each.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: adminLoad(listSettingsForAdmin, SETTING_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, and Restore of its History dialog (ADR 029). */
const actionSchema = z.discriminatedUnion("intent", [...settingActionSchema.options, restoreVersionSchema(["setting"])]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    "restore-version": restoreVersionIntent,
    "create-setting": { history: "setting", failure: SETTING_TEXT.saveFailed, run: (input, { tx }) => createSetting(tx, input) },
    "update-setting": { history: "setting", failure: SETTING_TEXT.saveFailed, run: (input, { tx }) => updateSetting(tx, input) },
    "set-setting-public": { history: "setting", failure: SETTING_TEXT.visibilityFailed, run: (input, { tx }) => setSettingPublic(tx, input) },
    "delete-setting": { history: "setting", failure: SETTING_TEXT.deleteFailed, run: (input, { tx }) => deleteSetting(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SETTING_TEXT.title }, { name: "robots", content: "noindex" }];
}

const PREVIEW_PATH = "/admin/cms/settings/preview";
/** Where the business facts are edited (their one home; this list shows them read-only). */
const SITE_CONFIGURATION_PATH = "/admin/site-config";

const TYPE_OPTIONS = SETTING_TYPE_VALUES.map((type) => ({ value: type, label: SETTING_TYPE_LABELS[type] }));
const CATEGORY_OPTIONS = SETTING_CATEGORY_VALUES.map((category) => ({ value: category, label: SETTING_CATEGORY_LABELS[category] }));

const KEY_FIELD: FieldSpec = {
  name: "settingKey",
  label: "Key",
  kind: "text",
  required: true,
  maxLength: SETTING_KEY_MAX,
  hint: "Lowercase letters, numbers and underscores, starting with a letter (e.g. office_fax).",
};
const TYPE_FIELD: FieldSpec = { name: "settingType", label: "Type", kind: "select", required: true, options: TYPE_OPTIONS, hint: "The value's input follows the type." };
const VALUE_FIELD: FieldSpec = {
  name: "settingValue",
  label: "Value",
  kind: "custom",
  required: true,
  watch: ["settingType"],
  render: (props) => <SettingValueEditor {...props} />,
};
const CATEGORY_FIELD: FieldSpec = { name: "category", label: "Category", kind: "select", options: CATEGORY_OPTIONS };
const DESCRIPTION_FIELD: FieldSpec = {
  name: "description",
  label: "Description",
  kind: "text",
  maxLength: SETTING_DESCRIPTION_MAX,
  wide: true,
  hint: "Optional. What the setting is for, for staff.",
};

const FIELDS: readonly FieldSpec[] = [KEY_FIELD, TYPE_FIELD, VALUE_FIELD, CATEGORY_FIELD, DESCRIPTION_FIELD];
/** A setting the site reads keeps its key and type (sent as they are): only its value, category and description change. */
const REQUIRED_FIELDS: readonly FieldSpec[] = [VALUE_FIELD, CATEGORY_FIELD, DESCRIPTION_FIELD];

const NEW_VALUES: Record<string, string> = { ...NEW_SETTING_DEFAULTS };

function formValues(setting: AdminSetting): Record<string, string> {
  return {
    settingKey: setting.settingKey,
    settingType: setting.settingType,
    settingValue: setting.settingValue,
    category: setting.category,
    description: setting.description ?? "",
  };
}

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const [addOpen, setAddOpen] = useState(false);
  const addDialog = (
    <FormDialog
      open={addOpen}
      onOpenChange={setAddOpen}
      title="Add Setting"
      description="A new setting is private: make it public from its menu when the website may show it."
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Setting
        </Button>
      }
      schema={createSettingSchema}
      intent="create-setting"
      fields={FIELDS}
      values={NEW_VALUES}
      submitLabel="Add Setting"
    />
  );

  return (
    <AdminPage
      title={SETTING_TEXT.title}
      count={<AdminCount resolve={loaderData.settings} count={(settings) => settings.length} />}
      description="Contact details, business facts and other settings. Only public settings reach the website; private ones never leave the back office."
      links={
        <>
          <BackLink to="/admin/cms">Back to Content Management</BackLink>
          <Link to={PREVIEW_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <Eye aria-hidden="true" />
            Preview settings
          </Link>
        </>
      }
      action={addDialog}
    >
      <AdminData resolve={loaderData.settings} loadingText={SETTING_TEXT.loading}>
        {(settings) => <SettingList settings={settings} />}
      </AdminData>
    </AdminPage>
  );
}

function SettingList({ settings }: { settings: AdminSetting[] }) {
  const list = useListFilter(settings, {
    text: (s) => [s.settingKey, s.settingValue, s.description],
    filters: { category: (s) => s.category },
  });
  const [editing, setEditing] = useState<AdminSetting | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const history = useHistoryDialog("setting", FIELDS);
  const navigate = useNavigate();

  if (settings.length === 0) return <EmptyState>{SETTING_TEXT.empty}</EmptyState>;

  // "All Categories" and the categories found in the data (spec 2 §2), in the spec's order.
  const present = new Set(settings.map((s) => s.category));
  const categoryFilter = [
    { value: "", label: "All Categories" },
    ...SETTING_CATEGORY_VALUES.filter((c) => present.has(c)).map((c) => ({ value: c, label: SETTING_CATEGORY_LABELS[c] })),
  ];
  const groups = SETTING_CATEGORY_VALUES.map((category) => ({ category, items: list.items.filter((s) => s.category === category) })).filter(
    (group) => group.items.length > 0,
  );

  return (
    <div className="grid gap-6">
      <ListToolbar
        search={{ label: "Search settings", placeholder: "Search by key, value or description", ...list.search }}
        filters={[{ label: "Category", options: categoryFilter, ...list.filter("category") }]}
        shown={list.items.length}
        total={settings.length}
      />
      {list.items.length === 0 ? (
        <EmptyState
          action={
            <Button type="button" variant="outline" onClick={list.clear}>
              Clear search and filter
            </Button>
          }
        >
          {SETTING_TEXT.noMatch}
        </EmptyState>
      ) : (
        groups.map((group) => (
          <CategoryGroup
            key={group.category}
            category={group.category}
            settings={group.items}
            onEdit={(setting) => {
              if (setting.editedIn) {
                void navigate(SITE_CONFIGURATION_PATH);
                return;
              }
              setEditing(setting);
              setEditOpen(true);
            }}
            history={(setting) => history.action(setting.id, setting.settingKey)}
          />
        ))
      )}
      {history.dialog}
      {editing && (
        <FormDialog
          key={editing.id}
          open={editOpen}
          onOpenChange={setEditOpen}
          title="Edit Setting"
          description={
            editing.requiredBy
              ? `${editing.settingKey} (${SETTING_TYPE_LABELS[editing.settingType]}) is used by the website: its key and type stay.`
              : undefined
          }
          schema={updateSettingSchema}
          intent="update-setting"
          fields={editing.requiredBy ? REQUIRED_FIELDS : FIELDS}
          values={formValues(editing)}
          hidden={editing.requiredBy ? { id: editing.id, settingKey: editing.settingKey, settingType: editing.settingType } : { id: editing.id }}
          submitLabel="Update Setting"
        />
      )}
    </div>
  );
}

function CategoryGroup({
  category,
  settings,
  onEdit,
  history,
}: {
  category: SettingCategoryValue;
  settings: AdminSetting[];
  onEdit: (setting: AdminSetting) => void;
  history: (setting: AdminSetting) => MenuAction;
}) {
  const headingId = `settings-${category}`;
  const label = SETTING_CATEGORY_LABELS[category];
  return (
    <section aria-labelledby={headingId} data-category={category} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-brand-navy">
        {label} <span className="text-base font-normal text-slate-600">({settings.length})</span>
      </h2>
      <CardGrid label={`${label} settings`}>
        {settings.map((setting) => (
          <SettingCard key={setting.id} setting={setting} actions={menuActions(setting, () => onEdit(setting), history(setting))} />
        ))}
      </CardGrid>
    </section>
  );
}

/**
 * Edit, History, Make Public / Make Private and Delete; the settings the site reads show only what they allow
 * (the server refuses the rest too, ADR 019).
 */
function menuActions(setting: AdminSetting, onEdit: () => void, history: MenuAction): MenuAction[] {
  const actions: MenuAction[] = [{ label: setting.editedIn ? SETTING_TEXT.editInSiteConfiguration : "Edit", onSelect: onEdit }, history];
  if (!setting.requiredBy) {
    actions.push({
      label: setting.isPublic ? "Make Private" : "Make Public",
      intent: "set-setting-public",
      fields: { id: setting.id, public: setting.isPublic ? "false" : "true" },
    });
    actions.push({
      label: "Delete",
      intent: "delete-setting",
      fields: { id: setting.id },
      confirm: {
        what: "setting",
        detail: `“${setting.settingKey}” will be deleted${setting.isPublic ? " and removed from the website" : ""}. This cannot be undone.`,
      },
    });
  }
  return actions;
}

const REQUIRED_NOTES = {
  public: "Used on the website: it cannot be deleted, renamed or made private.",
  private: "Used by the back office (private): it cannot be deleted, renamed or made public.",
} as const;

function SettingCard({ setting, actions }: { setting: AdminSetting; actions: MenuAction[] }) {
  const preview = truncateSettingValue(setting.settingValue, setting.settingType, SETTING_VALUE_PREVIEW_LENGTH);
  return (
    <ItemCard
      data-item={setting.settingKey}
      title={setting.settingKey}
      className="[&_h3]:font-mono [&_h3]:text-sm"
      menu={<ItemMenu itemName={setting.settingKey} actions={actions} />}
      badges={
        <>
          <Badge
            className={cn(
              "border-transparent",
              setting.isPublic ? "bg-success-soft text-success" : "bg-slate-200 text-slate-700",
            )}
          >
            {setting.isPublic ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
            {setting.isPublic ? "Public" : "Private"}
          </Badge>
          <Badge variant="outline">
            <span className="sr-only">Type: </span>
            {SETTING_TYPE_LABELS[setting.settingType]}
          </Badge>
          {setting.requiredBy && (
            <Badge variant="secondary">
              <ShieldCheck aria-hidden="true" />
              Required
            </Badge>
          )}
        </>
      }
    >
      <p className="text-sm break-words text-slate-900" data-setting-value="">
        <span className="sr-only">Value: </span>
        {preview ? <span className="font-mono">{preview}</span> : <span className="text-slate-600 italic">(empty)</span>}
      </p>
      {setting.description && <p className="text-sm text-slate-600">{setting.description}</p>}
      {setting.editedIn ? (
        <p className="text-xs text-slate-600" data-edited-in="">
          A business fact, edited in{" "}
          <Link to={SITE_CONFIGURATION_PATH} className="font-medium text-brand-navy underline underline-offset-2">
            Site Configuration<span className="sr-only"> ({setting.settingKey})</span>
          </Link>
          , with the rules the website uses for it.
        </p>
      ) : (
        setting.requiredBy && <p className="text-xs text-slate-600">{REQUIRED_NOTES[setting.requiredBy]}</p>
      )}
    </ItemCard>
  );
}
