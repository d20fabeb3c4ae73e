import type { FieldSpec } from "~/components/admin/admin-form";
import { formatHex, windProtectionLabel, yesNo } from "~/domain/gaf/format";
import { GAF_PRICE_TIERS, GAF_SHINGLE_TYPES } from "~/domain/gaf/constants";
import type { GafConfig } from "~/domain/gaf/list-gaf-config.server";
import { TRI_STATE_OPTIONS, triStateValue } from "~/lib/text-fields";
import { GafKindPanel } from "./gaf-kind-panel";

/**
 * The five kinds of /admin/gaf-config, each a GafKindPanel with the fields of
 * spec 2 §3 and its list columns. Field names are the schema's
 * (app/domain/gaf/admin-schemas.ts).
 */

type Row<K extends keyof GafConfig> = GafConfig[K][number];

const text = (value: string | null | undefined) => value ?? "";
const flag = (value: boolean) => (value ? "on" : "");
const dash = (value: string | null | undefined) => value || <span className="text-slate-400">—</span>;
const URL_HINT = "A full address starting with https://";

const colorFields: FieldSpec[] = [
  { name: "name", label: "Color Name", kind: "text", required: true, maxLength: 200 },
  { name: "hexColor", label: "Hex Color", kind: "color", required: true },
  { name: "availabilityUrl", label: "Availability URL", kind: "url", wide: true, hint: URL_HINT },
];

export function ColorsPanel({ rows }: { rows: ReadonlyArray<Row<"colors">> }) {
  return (
    <GafKindPanel
      kind="color"
      heading="Colors"
      rows={rows}
      fields={colorFields}
      emptyValues={{ name: "", hexColor: "#000000", availabilityUrl: "" }}
      toValues={(row) => ({ name: row.name, hexColor: formatHex(row.hexColor), availabilityUrl: text(row.availabilityUrl) })}
      itemName={(row) => row.name}
      columns={[
        {
          header: "Swatch",
          cell: (row) => <span aria-hidden="true" className="block size-8 rounded-md ring-1 ring-black/15" style={{ backgroundColor: row.hexColor }} />,
        },
        { header: "Name", cell: (row) => <span className="font-medium">{row.name}</span> },
        { header: "Hex", cell: (row) => <span className="font-mono">{formatHex(row.hexColor)}</span> },
      ]}
    />
  );
}

const warrantyFields: FieldSpec[] = [
  { name: "name", label: "Warranty Name", kind: "text", required: true, wide: true, maxLength: 300 },
  { name: "coverageType", label: "Coverage Type", kind: "text", maxLength: 200 },
  { name: "upfrontCoveragePeriod", label: "Upfront Coverage Period", kind: "text", maxLength: 200 },
  { name: "manufacturingDefectCoverage", label: "Manufacturing Defect Coverage", kind: "text", maxLength: 500 },
  { name: "workmanshipCoverage", label: "Workmanship Coverage", kind: "text", maxLength: 500 },
  { name: "windTermYears", label: "Wind Term (years)", kind: "number", hint: "A whole number; 0 or blank for no wind coverage." },
  { name: "algaeProtection", label: "Algae Protection", kind: "text", maxLength: 200 },
  { name: "pdfUrl", label: "PDF URL", kind: "url", wide: true, hint: URL_HINT },
  { name: "systemCoverage", label: "System coverage", kind: "checkbox" },
  { name: "transferable", label: "Transferable", kind: "checkbox" },
];

export function WarrantiesPanel({ rows }: { rows: ReadonlyArray<Row<"warranties">> }) {
  return (
    <GafKindPanel
      kind="warranty"
      heading="Warranties"
      rows={rows}
      fields={warrantyFields}
      emptyValues={{ windTermYears: "0" }}
      toValues={(row) => ({
        name: row.name,
        coverageType: text(row.coverageType),
        upfrontCoveragePeriod: text(row.upfrontCoveragePeriod),
        manufacturingDefectCoverage: text(row.manufacturingDefectCoverage),
        workmanshipCoverage: text(row.workmanshipCoverage),
        windTermYears: String(row.windTermYears),
        algaeProtection: text(row.algaeProtection),
        pdfUrl: text(row.pdfUrl),
        systemCoverage: flag(row.systemCoverage),
        transferable: flag(row.transferable),
      })}
      itemName={(row) => row.name}
      columns={[
        { header: "Name", cell: (row) => <span className="font-medium">{row.name}</span> },
        { header: "Coverage Type", cell: (row) => dash(row.coverageType) },
        { header: "Wind Term", cell: (row) => windProtectionLabel(row.windTermYears) },
        { header: "Transferable", cell: (row) => yesNo(row.transferable) },
      ]}
    />
  );
}

const choice = (values: readonly string[], none: string) => [{ value: "", label: none }, ...values.map((v) => ({ value: v, label: v }))];

const shingleFields: FieldSpec[] = [
  { name: "model", label: "Model", kind: "text", required: true, maxLength: 200 },
  { name: "priceTier", label: "Price Tier", kind: "select", options: choice(GAF_PRICE_TIERS, "Not set") },
  { name: "shingleType", label: "Shingle Type", kind: "select", options: choice(GAF_SHINGLE_TYPES, "Not set") },
  { name: "algaeProtectionClass", label: "Algae Protection Class", kind: "text", maxLength: 200 },
  { name: "layerLock", label: "LayerLock technology", kind: "select", options: TRI_STATE_OPTIONS },
  { name: "windProven", label: "WindProven eligible", kind: "select", options: TRI_STATE_OPTIONS },
  { name: "lifetimeWarranty", label: "Lifetime limited warranty", kind: "select", options: TRI_STATE_OPTIONS },
  { name: "title24Compliant", label: "Title 24 compliant", kind: "select", options: TRI_STATE_OPTIONS },
  {
    name: "officialUrl",
    label: "Official URL",
    kind: "url",
    wide: true,
    hint: "Where the card's Learn More leads. Without it, Learn More opens the manufacturer's shingles page.",
  },
];

export function ShinglesPanel({ rows }: { rows: ReadonlyArray<Row<"shingles">> }) {
  return (
    <GafKindPanel
      kind="shingle"
      heading="Shingles"
      rows={rows}
      fields={shingleFields}
      emptyValues={{}}
      toValues={(row) => ({
        model: row.model,
        priceTier: text(row.priceTier),
        shingleType: text(row.shingleType),
        algaeProtectionClass: text(row.algaeProtectionClass),
        layerLock: triStateValue(row.layerLock),
        windProven: triStateValue(row.windProven),
        lifetimeWarranty: triStateValue(row.lifetimeWarranty),
        title24Compliant: triStateValue(row.title24Compliant),
        officialUrl: text(row.officialUrl),
      })}
      itemName={(row) => row.model}
      columns={[
        { header: "Model", cell: (row) => <span className="font-medium">{row.model}</span> },
        { header: "Price Tier", cell: (row) => dash(row.priceTier) },
        { header: "Type", cell: (row) => dash(row.shingleType) },
        { header: "Official URL", cell: (row) => (row.officialUrl ? "Set" : <span className="text-slate-500">Not set</span>) },
      ]}
    />
  );
}

const layerFields: FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, wide: true, maxLength: 200 },
  { name: "description", label: "Description", kind: "textarea", maxLength: 2000 },
];

export function RoofLayersPanel({ rows, products }: { rows: ReadonlyArray<Row<"roofLayers">>; products: ReadonlyArray<Row<"roofProducts">> }) {
  return (
    <GafKindPanel
      kind="roof-layer"
      heading="Roof Layers"
      rows={rows}
      fields={layerFields}
      emptyValues={{}}
      toValues={(row) => ({ title: row.title, description: text(row.description) })}
      itemName={(row) => row.title}
      columns={[
        { header: "Title", cell: (row) => <span className="font-medium">{row.title}</span> },
        { header: "Description", cell: (row) => <p className="line-clamp-2 max-w-md text-slate-600">{dash(row.description)}</p> },
        { header: "Products", cell: (row) => products.filter((p) => p.layerId === row.id).length },
      ]}
    />
  );
}

export function RoofProductsPanel({ rows, layers }: { rows: ReadonlyArray<Row<"roofProducts">>; layers: ReadonlyArray<Row<"roofLayers">> }) {
  const layerTitle = (id: string) => layers.find((layer) => layer.id === id)?.title ?? "Unknown layer";
  const fields: FieldSpec[] = [
    {
      name: "layerId",
      label: "Roof Layer",
      kind: "select",
      required: true,
      options: [
        { value: "", label: "Choose a layer" },
        ...layers.map((layer) => ({ value: layer.id, label: layer.isActive ? layer.title : `${layer.title} (inactive)` })),
      ],
    },
    { name: "name", label: "Product Name", kind: "text", required: true, maxLength: 200 },
    { name: "tagline", label: "Tagline", kind: "text", wide: true, maxLength: 300 },
    { name: "longDescription", label: "Long Description", kind: "textarea", maxLength: 5000 },
    { name: "imgUrl", label: "Image URL", kind: "url", hint: URL_HINT },
    { name: "productUrl", label: "Product URL", kind: "url", hint: URL_HINT },
  ];
  return (
    <GafKindPanel
      kind="roof-product"
      heading="Roof Products"
      rows={rows}
      fields={fields}
      emptyValues={{}}
      toValues={(row) => ({
        layerId: row.layerId,
        name: row.name,
        tagline: text(row.tagline),
        longDescription: text(row.longDescription),
        imgUrl: text(row.imgUrl),
        productUrl: text(row.productUrl),
      })}
      itemName={(row) => row.name}
      columns={[
        { header: "Name", cell: (row) => <span className="font-medium">{row.name}</span> },
        { header: "Layer", cell: (row) => layerTitle(row.layerId) },
        { header: "Tagline", cell: (row) => <p className="line-clamp-2 max-w-sm text-slate-600">{dash(row.tagline)}</p> },
      ]}
    />
  );
}
