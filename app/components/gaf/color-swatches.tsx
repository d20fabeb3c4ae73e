import { ExternalLink, X } from "~/components/site/icons";
import { formatHex, uniqueSlugs } from "~/domain/gaf/format";
import type { PublicGafColor } from "~/domain/gaf/types";
import { NewTabNote } from "./gaf-page";

/**
 * The Timberline HDZ colour grid (spec 1 §2). Every swatch links to its own
 * server-rendered `<dialog id="color-<slug>">` (large swatch, name, hex,
 * "Check Availability" when a link exists).
 *
 * - With JavaScript (app/enhance/gaf.js): the link opens that dialog as a
 *   native modal (focus trap, Escape, backdrop), "Close" closes it and focus
 *   returns to the swatch.
 * - Without JavaScript: the link jumps to `#color-<slug>` and CSS (`:target`)
 *   shows the dialog as a panel; "Close" links back to the swatch.
 *
 * DOM contract (tests, gaf.js): root `[data-gaf-colors]` (gaf.js sets
 * `data-gaf-enhanced`), swatch links `a[data-color-swatch]` with
 * `href="#color-<slug>"` and `aria-haspopup="dialog"`, named by their visible
 * text and what they open ("Charcoal #3A3B3D, view color details"), dialogs
 * `dialog[data-color-dialog]`, close links `[data-color-dialog-close]`.
 */
export function ColorSwatches({ colors }: { colors: PublicGafColor[] }) {
  const slugs = uniqueSlugs(colors.map((color) => color.name));
  return (
    <div data-gaf-colors>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {colors.map((color, index) => (
          <li key={color.id}>
            <a
              id={`swatch-${slugs[index]}`}
              href={`#color-${slugs[index]}`}
              data-color-swatch
              aria-haspopup="dialog"
              aria-label={`${color.name} ${formatHex(color.hexColor)}, view color details`}
              className="group block rounded-xl border border-brand-cream-dark bg-white p-2 shadow-sm outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <span
                aria-hidden="true"
                className="block aspect-square rounded-lg ring-1 ring-black/10 ring-inset transition-transform group-hover:scale-[1.02]"
                style={{ backgroundColor: color.hexColor }}
              />
              <span className="mt-2 block px-1 font-semibold text-brand-navy">{color.name}</span>
              <span className="block px-1 pb-1 font-mono text-xs text-slate-600">{formatHex(color.hexColor)}</span>
            </a>
          </li>
        ))}
      </ul>

      {colors.map((color, index) => (
        <ColorDialog key={color.id} color={color} slug={slugs[index]!} />
      ))}
    </div>
  );
}

function ColorDialog({ color, slug }: { color: PublicGafColor; slug: string }) {
  const headingId = `color-${slug}-name`;
  return (
    <dialog
      id={`color-${slug}`}
      data-color-dialog
      aria-labelledby={headingId}
      className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-foreground shadow-2xl outline-none backdrop:bg-black/60 [[data-gaf-colors]:not([data-gaf-enhanced])_&:target]:block [[data-gaf-colors]:not([data-gaf-enhanced])_&:target]:shadow-[0_0_0_100vmax_rgb(0_0_0/0.6)]"
    >
      <div className="relative p-6">
        <a
          href={`#swatch-${slug}`}
          data-color-dialog-close
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-md text-slate-600 outline-none hover:bg-secondary hover:text-brand-navy focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </a>
        <h2 id={headingId} className="pr-12 text-2xl font-bold text-brand-navy">
          {color.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Timberline HDZ shingle color</p>
        <div
          aria-hidden="true"
          data-color-large-swatch
          className="mt-5 h-48 rounded-xl ring-1 ring-black/10 ring-inset sm:h-56"
          style={{ backgroundColor: color.hexColor }}
        />
        <dl className="mt-5 flex items-center justify-between gap-4">
          <dt className="text-sm font-semibold text-slate-600">Hex code</dt>
          <dd data-color-hex className="font-mono text-lg font-semibold text-slate-900">
            {formatHex(color.hexColor)}
          </dd>
        </dl>
        <p className="mt-3 text-xs leading-relaxed text-slate-600">
          Screen colors are approximate. Ask us for a physical sample before you choose.
        </p>
        {color.availabilityUrl ? (
          <a
            href={color.availabilityUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-red px-4 font-semibold text-white outline-none hover:bg-brand-red-dark focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            Check Availability
            <ExternalLink className="size-4" aria-hidden="true" />
            <NewTabNote />
          </a>
        ) : null}
      </div>
    </dialog>
  );
}
