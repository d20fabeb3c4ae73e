import { Award, CheckCircle2, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { SectionHeading } from "./section-heading";

export interface PartnershipSectionProps {
  settings: Pick<PublicSiteSettings, "businessName" | "certification" | "partnership">;
}

const POINTS = [
  "Factory-trained crews installing to manufacturer specifications",
  "Complete roofing systems: underlayment, ventilation, shingles and ridge caps that work together",
  "Access to enhanced manufacturer warranty options",
];

/** Manufacturer partnership block (anchor #partnerships, spec 1 §2). */
export function PartnershipSection({ settings }: PartnershipSectionProps) {
  return (
    <section id="partnerships" aria-labelledby="partnerships-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="partnerships-heading" eyebrow="Manufacturer partnership" title={`A proud ${settings.certification.name}`} align="left">
            <p>
              {settings.businessName} installs complete GAF roofing systems. Certification means our work is held to
              the manufacturer&rsquo;s own standards — and your roof is backed by more than our word alone.
            </p>
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3 text-slate-700">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-red" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <a
              href={settings.partnership.manufacturerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ size: "lg" })}
            >
              Explore GAF shingles
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <Link to="/gaf" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Visit our GAF portal
            </Link>
          </div>
        </div>

        <div className="relative overflow-hidden rounded-2xl bg-brand-navy p-8 text-white shadow-xl sm:p-10">
          <div
            aria-hidden="true"
            className="absolute -top-16 -right-16 size-56 rounded-full bg-white/5"
          />
          <Award className="size-12 text-red-300" aria-hidden="true" />
          <p className="mt-6 text-2xl font-bold">{settings.certification.name}</p>
          <p className="mt-3 leading-relaxed text-slate-200">
            Warranties, shingle comparisons, the full roof system and every Timberline HDZ color — all in one place.
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-6 border-t border-white/15 pt-8">
            <div>
              <dt className="text-sm text-slate-300">Installation</dt>
              <dd className="mt-1 text-lg font-semibold">Factory-certified</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-300">Roof system</dt>
              <dd className="mt-1 text-lg font-semibold">Complete GAF</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
