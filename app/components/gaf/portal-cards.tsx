import { ArrowRight, Layers, Palette, Scale, ShieldCheck, type SiteIcon } from "~/components/site/icons";

interface PortalCard {
  href: string;
  title: string;
  description: string;
  icon: SiteIcon;
}

/** The four cards of /gaf (spec 1 §2), in this order. */
const GAF_PORTAL_CARDS: readonly PortalCard[] = [
  {
    href: "/gaf/warranties",
    title: "Warranties",
    description: "Compare GAF's limited warranties: what each one covers, for how long, and whether it transfers.",
    icon: ShieldCheck,
  },
  {
    href: "/gaf/shingles",
    title: "Compare Shingles",
    description: "Timberline, designer and 3-tab shingles side by side: price tier, wind, algae protection and warranty.",
    icon: Scale,
  },
  {
    href: "/gaf/roof-system",
    title: "Roof System Explorer",
    description: "Every layer of a complete GAF roofing system, from leak barrier to ridge cap, and the products in each.",
    icon: Layers,
  },
  {
    href: "/gaf/timberline-hdz-colors",
    title: "Timberline HDZ Colors",
    description: "Browse the Timberline HDZ color range and find the shade that suits your home.",
    icon: Palette,
  },
];

/** The portal's card grid: each card is one link with a heading. */
export function PortalCards() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {GAF_PORTAL_CARDS.map(({ href, title, description, icon: Icon }) => (
        <li key={href} className="flex">
          <a
            href={href}
            data-portal-card
            className="group flex w-full flex-col rounded-xl border border-brand-cream-dark bg-white p-7 shadow-sm outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <span className="flex size-12 items-center justify-center rounded-lg bg-brand-navy text-white transition-colors group-hover:bg-brand-red">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-xl font-bold text-brand-navy">{title}</h2>
            <p className="mt-2 flex-1 leading-relaxed text-slate-600">{description}</p>
            <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-red-dark">
              Explore
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
