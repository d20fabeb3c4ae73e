import { ExternalLink } from "~/components/site/icons";
import { ACCREDITATION_BADGE_IMAGE_URL } from "~/domain/site-settings/defaults";
import type { Accreditation } from "~/domain/site-settings/types";
import { formatComplaints, formatIsoDate } from "./format";
import { SiteDialog } from "./site-dialog";

export const ACCREDITATION_DIALOG_ID = "accreditation";

/**
 * The accreditation-bureau details opened by the hero's badge (spec 1 §2):
 * business name, rating, accredited-since date, complaints, standards and
 * the profile link, all from the site settings. Rendered on the server with
 * the page, so there is nothing to load, no loading state and no failure.
 */
export function AccreditationDialog({ accreditation, returnTo }: { accreditation: Accreditation; returnTo: string }) {
  const titleId = `${ACCREDITATION_DIALOG_ID}-title`;
  return (
    <SiteDialog id={ACCREDITATION_DIALOG_ID} titleId={titleId} returnTo={returnTo}>
      <div className="flex items-center gap-4 pr-10">
        <img
          src={ACCREDITATION_BADGE_IMAGE_URL}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0"
        />
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-red uppercase">{accreditation.bureauName}</p>
          <h2 id={titleId} className="mt-1 text-xl leading-snug font-extrabold text-brand-navy sm:text-2xl">
            Accredited Business
          </h2>
        </div>
      </div>

      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="shrink-0 text-slate-600">Business name</dt>
          <dd className="text-right font-semibold text-slate-900">{accreditation.businessName}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="shrink-0 text-slate-600">Rating</dt>
          <dd className="text-right text-lg leading-none font-extrabold text-brand-navy">{accreditation.rating}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="shrink-0 text-slate-600">Accredited since</dt>
          <dd className="text-right font-semibold text-slate-900">{formatIsoDate(accreditation.accreditedSince)}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="shrink-0 text-slate-600">Complaints</dt>
          <dd className="text-right font-semibold text-slate-900">{formatComplaints(accreditation.complaints)}</dd>
        </div>
      </dl>

      <h3 className="mt-6 text-base font-bold text-brand-navy">Standards for trust</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{accreditation.standardsText}</p>

      {accreditation.profileUrl && (
        <p className="mt-6">
          <a
            href={accreditation.profileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm font-semibold text-brand-navy underline underline-offset-4 outline-none hover:text-brand-red focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            View our {accreditation.bureauName} profile
            <ExternalLink className="ml-1.5 inline-block size-4 align-[-2px]" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
    </SiteDialog>
  );
}
