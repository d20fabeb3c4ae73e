import { Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { Route } from "./+types/price-book";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { AdminData } from "~/components/admin/admin-data";
import { AdminForm, type FieldSpec } from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/list-states";
import { IntentButton, RowButton } from "~/components/admin/row-actions";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { loadPriceBook, savePriceBookItem, savePriceBookSettings, setPriceBookItemActive, type PriceBook } from "~/domain/price-book/price-book.server";
import {
  BASIS_LABELS,
  BASIS_OPTIONS,
  CATEGORY_LABELS,
  CATEGORY_OPTIONS,
  PRICE_BOOK_TEXT,
  priceBookActionSchema,
  saveItemSchema,
  saveSettingsSchema,
  UNIT_NAMES,
  UNIT_OPTIONS,
} from "~/domain/price-book/schemas";
import { formatBasisPoints, formatCents, formatHundredths } from "~/domain/proposals/money";
import { adminAction, adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/price-book (issue 30 item 1): the items proposals are priced from, and the builder's defaults
 * (waste by roof complexity, labour factors, sales tax, deposit, how long a proposal stays open).
 * A proposal keeps the prices it was built with: a change here applies to proposals built afterwards.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { book: adminLoad(loadPriceBook, PRICE_BOOK_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({
  schema: priceBookActionSchema,
  intents: {
    "save-item": { failure: PRICE_BOOK_TEXT.saveItemFailed, run: (input, { tx }) => savePriceBookItem(tx, input) },
    "deactivate-item": { failure: PRICE_BOOK_TEXT.deactivateFailed, run: (input, { tx }) => setPriceBookItemActive(tx, input.id, false) },
    "reactivate-item": { failure: PRICE_BOOK_TEXT.reactivateFailed, run: (input, { tx }) => setPriceBookItemActive(tx, input.id, true) },
    "save-settings": { failure: PRICE_BOOK_TEXT.saveSettingsFailed, run: (input, { tx }) => savePriceBookSettings(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: PRICE_BOOK_TEXT.title }, { name: "robots", content: "noindex" }];
}

type Item = PriceBook["items"][number];

function itemFields(gafChoices: PriceBook["gafChoices"]): FieldSpec[] {
  return [
    { name: "name", label: "Item name", kind: "text", required: true, maxLength: 200, wide: true },
    { name: "category", label: "Category", kind: "select", options: CATEGORY_OPTIONS, required: true },
    { name: "unit", label: "Unit", kind: "select", options: UNIT_OPTIONS, required: true },
    { name: "unitPrice", label: "Price per unit (dollars)", kind: "text", required: true, maxLength: 20, hint: "Like 155 or 155.50" },
    { name: "basis", label: "Quantity from", kind: "select", options: BASIS_OPTIONS, required: true, hint: "Which measurement the builder takes the quantity from." },
    {
      name: "gafProduct",
      label: "GAF product",
      kind: "select",
      options: [{ value: "", label: "Not a GAF product" }, ...gafChoices],
      wide: true,
      hint: "Decides which GAF warranty an option with this item qualifies for.",
    },
    { name: "isLabour", label: "Labour (takes the steep-pitch and extra-story factors)", kind: "checkbox", wide: true },
  ];
}

const EMPTY_ITEM = { name: "", category: "shingles", unit: "square", unitPrice: "", basis: "area-with-waste", gafProduct: "", isLabour: "" };

function itemValues(item: Item): Record<string, string> {
  return {
    name: item.name,
    category: item.category,
    unit: item.unit,
    unitPrice: (item.unitPriceCents / 100).toFixed(2),
    basis: item.basis,
    gafProduct: item.gafShingleId ? `shingle:${item.gafShingleId}` : item.gafRoofProductId ? `product:${item.gafRoofProductId}` : "",
    isLabour: item.isLabour ? "on" : "",
  };
}

const settingsFields: FieldSpec[] = [
  { name: "wasteSimple", label: "Waste, simple roof (%)", kind: "text", required: true, section: "Builder defaults" },
  { name: "wasteModerate", label: "Waste, moderate roof (%)", kind: "text", required: true },
  { name: "wasteComplex", label: "Waste, complex roof (%)", kind: "text", required: true },
  { name: "steepPitchFrom", label: "Steep from pitch (x/12)", kind: "number", required: true },
  { name: "steepPitchFactor", label: "Steep-pitch labour factor", kind: "text", required: true, hint: "Like 1.25" },
  { name: "extraStoryPercent", label: "Labour added per story above the first (%)", kind: "text", required: true },
  { name: "salesTax", label: "Sales tax rate (%)", kind: "text", required: true },
  { name: "deposit", label: "Deposit (% of the total)", kind: "text", required: true },
  { name: "validDays", label: "Proposal open for (days)", kind: "number", required: true },
];

function settingsValues(s: PriceBook["settings"]): Record<string, string> {
  return {
    wasteSimple: formatBasisPoints(s.wasteSimpleBp),
    wasteModerate: formatBasisPoints(s.wasteModerateBp),
    wasteComplex: formatBasisPoints(s.wasteComplexBp),
    steepPitchFrom: String(s.steepPitchFrom),
    steepPitchFactor: formatHundredths(s.steepPitchFactorBp / 100),
    extraStoryPercent: formatBasisPoints(s.extraStoryFactorBp),
    salesTax: formatBasisPoints(s.salesTaxBp),
    deposit: formatBasisPoints(s.depositBp),
    validDays: String(s.validDays),
  };
}

function ItemsPanel({ book }: { book: PriceBook }) {
  const [editing, setEditing] = useState<Item | null>(null);
  const formCard = useRef<HTMLElement>(null);
  const current = editing ? (book.items.find((item) => item.id === editing.id) ?? null) : null;
  const edit = (item: Item) => {
    setEditing(item);
    requestAnimationFrame(() => {
      formCard.current?.scrollIntoView({ block: "start" });
      formCard.current?.querySelector<HTMLElement>("input:not([type=hidden]), select")?.focus();
    });
  };
  return (
    <div className="grid gap-6">
      <section ref={formCard} aria-labelledby="price-item-form" className="scroll-mt-4 rounded-xl border border-border bg-white p-5 shadow-sm">
        <h2 id="price-item-form" className="mb-4 text-lg font-bold text-brand-navy">
          {current ? `Edit item: ${current.name}` : "Add item"}
        </h2>
        <AdminForm
          key={current?.id ?? "new"}
          label={current ? "Edit item" : "Add item"}
          schema={saveItemSchema}
          intent="save-item"
          fields={itemFields(book.gafChoices)}
          values={current ? itemValues(current) : EMPTY_ITEM}
          hidden={{ id: current?.id ?? "" }}
          submitLabel={current ? "Update item" : "Add item"}
          onCancel={current ? () => setEditing(null) : undefined}
          onSaved={() => setEditing(null)}
        />
      </section>
      <section aria-label="Items" className="grid gap-3">
        <h2 className="text-lg font-bold text-brand-navy">
          Items <span className="text-base font-medium text-slate-500">({book.items.length})</span>
        </h2>
        <DataTable
          caption="Price book items"
          rows={book.items}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ "data-item": item.name })}
          empty={<EmptyState>No items yet. Add the first one above.</EmptyState>}
          columns={[
            { header: "Item", cell: (item) => <span className="font-medium">{item.name}</span> },
            { header: "Category", cell: (item) => CATEGORY_LABELS[item.category] },
            { header: "Price", cell: (item) => `${formatCents(item.unitPriceCents)} / ${UNIT_NAMES[item.unit].toLowerCase()}` },
            { header: "Quantity from", cell: (item) => BASIS_LABELS[item.basis] },
            { header: "GAF product", cell: (item) => item.gafName ?? <span className="text-slate-400">—</span> },
            { header: "Status", cell: (item) => <Badge variant={item.isActive ? "success" : "secondary"}>{item.isActive ? "Active" : "Inactive"}</Badge> },
          ]}
          actions={(item) => (
            <>
              <RowButton label="Edit" itemName={item.name} icon={Pencil} onClick={() => edit(item)} />
              {item.isActive ? (
                <IntentButton intent="deactivate-item" fields={{ id: item.id }} label="Deactivate" itemName={item.name} icon={Trash2} className="text-destructive" />
              ) : (
                <IntentButton intent="reactivate-item" fields={{ id: item.id }} label="Reactivate" itemName={item.name} icon={RotateCcw} />
              )}
            </>
          )}
        />
      </section>
    </div>
  );
}

export default function PriceBookPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={PRICE_BOOK_TEXT.title} description="What proposals are priced from. A proposal keeps the prices it was built with.">
      <AdminData resolve={loaderData.book} loadingText={PRICE_BOOK_TEXT.loading}>
        {(book) => (
          <div className="grid gap-10">
            <ItemsPanel book={book} />
            <section aria-labelledby="price-settings" className="rounded-xl border border-border bg-white p-5 shadow-sm">
              <h2 id="price-settings" className="sr-only">
                Builder defaults
              </h2>
              <AdminForm
                key={book.settings.updatedAt.toString()}
                label="Builder defaults"
                schema={saveSettingsSchema}
                intent="save-settings"
                fields={settingsFields}
                values={settingsValues(book.settings)}
                submitLabel="Save defaults"
              />
            </section>
          </div>
        )}
      </AdminData>
    </AdminPage>
  );
}
