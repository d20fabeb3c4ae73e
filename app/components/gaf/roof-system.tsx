import { ExternalLink, Package } from "~/components/site/icons";
import { textOrNull } from "~/domain/gaf/format";
import type { PublicGafRoofLayer, PublicGafRoofProduct } from "~/domain/gaf/types";
import { gafLinkClass, NewTabNote } from "./gaf-page";

/** Size of a product image (explicit, so the page never shifts while images load). */
const IMAGE_SIZE = 96;

/**
 * The roof system, bottom layer first (spec 1 §2): numbered layers, each
 * with its products. DOM contract (tests): `ol[data-roof-layers] > li[data-roof-layer]`,
 * products `[data-roof-product]`.
 */
export function RoofSystem({ layers }: { layers: PublicGafRoofLayer[] }) {
  return (
    <ol data-roof-layers className="space-y-8">
      {layers.map((layer, index) => (
        <RoofLayer key={layer.id} layer={layer} number={index + 1} />
      ))}
    </ol>
  );
}

function RoofLayer({ layer, number }: { layer: PublicGafRoofLayer; number: number }) {
  const headingId = `layer-${layer.id}`;
  const description = textOrNull(layer.description);
  return (
    <li data-roof-layer className="rounded-xl border border-brand-cream-dark bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-red text-lg font-extrabold text-white"
        >
          {number}
        </span>
        <h2 id={headingId} className="text-xl font-bold text-brand-navy sm:text-2xl">
          <span className="sr-only">Layer {number}: </span>
          {layer.title}
        </h2>
      </div>
      {description ? <p className="mt-3 max-w-3xl leading-relaxed text-slate-600 sm:pl-15">{description}</p> : null}
      {layer.products.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:gap-5 md:grid-cols-2 xl:grid-cols-3">
          {layer.products.map((product) => (
            <li key={product.id} className="flex">
              <RoofProduct product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">Products for this layer are being updated.</p>
      )}
    </li>
  );
}

function RoofProduct({ product }: { product: PublicGafRoofProduct }) {
  const tagline = textOrNull(product.tagline);
  const longDescription = textOrNull(product.longDescription);
  return (
    <article data-roof-product className="flex w-full gap-3 rounded-lg border border-border bg-brand-cream/40 p-4 sm:gap-4">
      {product.imgUrl ? (
        <img
          src={product.imgUrl}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-md border border-border bg-white object-contain sm:size-24"
        />
      ) : (
        <span
          aria-hidden="true"
          data-product-placeholder
          className="flex size-14 shrink-0 items-center justify-center rounded-md bg-brand-navy/5 text-brand-navy ring-1 ring-brand-navy/10 ring-inset sm:size-24"
        >
          <Package className="size-7 sm:size-9" strokeWidth={1.5} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-bold text-brand-navy">{product.name}</h3>
        {tagline ? <p className="mt-0.5 text-sm font-medium text-brand-red-dark">{tagline}</p> : null}
        {longDescription ? <p className="mt-2 text-sm leading-relaxed text-slate-600">{longDescription}</p> : null}
        {product.productUrl ? (
          <p className="mt-3 text-sm">
            <a href={product.productUrl} className={gafLinkClass} target="_blank" rel="noopener noreferrer">
              Product details<span className="sr-only"> for {product.name}</span>
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <NewTabNote />
            </a>
          </p>
        ) : null}
      </div>
    </article>
  );
}
