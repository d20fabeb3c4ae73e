import { FileDown } from "~/components/site/icons";
import type * as React from "react";
import { textOrNull, windProtectionLabel } from "~/domain/gaf/format";
import type { PublicGafWarranty } from "~/domain/gaf/types";
import { gafLinkClass } from "./gaf-page";
import { TextOrDash, TriStateMark } from "./mark";

/**
 * The warranty cards and their "Show all details" switch (spec 1 §2).
 *
 * The switch is a real checkbox (role="switch", checked by default) and the
 * extra rows are hidden by CSS (`:has(:not(:checked))`), so it works without
 * JavaScript; where `:has()` is unsupported the details simply stay visible.
 *
 * DOM contract (tests): `[data-warranty-list]`, one `article[data-warranty]`
 * per warranty, extra rows `[data-warranty-extra]`, the switch
 * `input[data-details-toggle]`.
 */
export function WarrantyList({ warranties }: { warranties: PublicGafWarranty[] }) {
  return (
    <div data-warranty-list className="group/warranties">
      <div className="flex justify-end">
        <label className="inline-flex cursor-pointer items-center gap-3 rounded-md py-1 font-semibold text-brand-navy select-none">
          <input
            type="checkbox"
            role="switch"
            defaultChecked
            data-details-toggle
            aria-controls="warranty-cards"
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-switch-off transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-checked:[&>span]:translate-x-5"
          >
            <span className="ml-0.5 block size-5 rounded-full bg-white shadow-md transition-transform" />
          </span>
          Show all details
        </label>
      </div>

      <ul id="warranty-cards" className="mt-6 grid gap-6 lg:grid-cols-2">
        {warranties.map((warranty) => (
          <li key={warranty.id} className="flex">
            <WarrantyCard warranty={warranty} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Row({ term, extra = false, children }: { term: string; extra?: boolean; children: React.ReactNode }) {
  return (
    <div
      data-warranty-extra={extra ? "" : undefined}
      className={
        extra
          ? "grid gap-1 border-t border-border py-3 sm:grid-cols-[11rem_1fr] sm:gap-4 group-has-[[data-details-toggle]:not(:checked)]/warranties:hidden"
          : "grid gap-1 border-t border-border py-3 sm:grid-cols-[11rem_1fr] sm:gap-4"
      }
    >
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

function WarrantyCard({ warranty }: { warranty: PublicGafWarranty }) {
  const headingId = `warranty-${warranty.id}`;
  return (
    <article
      data-warranty
      aria-labelledby={headingId}
      className="flex w-full flex-col rounded-xl border border-brand-cream-dark bg-white p-6 shadow-sm sm:p-7"
    >
      <h2 id={headingId} className="text-xl font-bold text-brand-navy">
        {warranty.name}
      </h2>
      <dl className="mt-4 flex-1">
        <Row term="Coverage type">
          <TextOrDash value={textOrNull(warranty.coverageType)} />
        </Row>
        <Row term="Coverage period">
          <TextOrDash value={textOrNull(warranty.upfrontCoveragePeriod)} />
        </Row>
        <Row term="Manufacturing defects">
          <TextOrDash value={textOrNull(warranty.manufacturingDefectCoverage)} />
        </Row>
        <Row term="Workmanship">
          <TextOrDash value={textOrNull(warranty.workmanshipCoverage)} />
        </Row>
        <Row term="System coverage" extra>
          <TriStateMark value={warranty.systemCoverage} />
        </Row>
        <Row term="Wind protection" extra>
          {windProtectionLabel(warranty.windTermYears)}
        </Row>
        <Row term="Transferable" extra>
          <TriStateMark value={warranty.transferable} />
        </Row>
        <Row term="Algae protection" extra>
          <TextOrDash value={textOrNull(warranty.algaeProtection)} />
        </Row>
      </dl>
      {warranty.pdfUrl ? (
        <p className="mt-4 border-t border-border pt-4">
          <a href={warranty.pdfUrl} className={gafLinkClass} target="_blank" rel="noopener noreferrer">
            <FileDown className="size-4" aria-hidden="true" />
            Download Sample PDF
            <span className="sr-only"> for {warranty.name} (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}
