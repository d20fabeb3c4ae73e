import { ExternalLink } from "~/components/site/icons";
import type * as React from "react";
import { priceTierLabel, textOrNull } from "~/domain/gaf/format";
import type { PublicGafShingle } from "~/domain/gaf/types";
import { gafLinkClass, NewTabNote } from "./gaf-page";
import { TextOrDash, TriStateMark } from "./mark";

export interface ShingleListProps {
  shingles: PublicGafShingle[];
  /**
   * Where "Learn More" leads for a shingle without an official URL: the
   * manufacturer's shingles page (site setting manufacturer_partnership_url).
   */
  fallbackLearnMoreUrl: string;
}

/**
 * One card per shingle model (spec 1 §2): price tier and type badges, then
 * yes / no / unknown marks, and a "Learn More" link on every card (the
 * shingle's official page, or the manufacturer's shingles page). DOM contract
 * (tests): `article[data-shingle]`, marks `[data-mark="yes|no|unknown"]`,
 * `a[data-learn-more]`.
 */
export function ShingleList({ shingles, fallbackLearnMoreUrl }: ShingleListProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {shingles.map((shingle) => (
        <li key={shingle.id} className="flex">
          <ShingleCard shingle={shingle} learnMoreUrl={shingle.officialUrl || fallbackLearnMoreUrl} />
        </li>
      ))}
    </ul>
  );
}

function Feature({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-t border-border py-2.5">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-right text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function ShingleCard({ shingle, learnMoreUrl }: { shingle: PublicGafShingle; learnMoreUrl: string }) {
  const headingId = `shingle-${shingle.id}`;
  const tierLabel = priceTierLabel(shingle.priceTier);
  return (
    <article
      data-shingle
      aria-labelledby={headingId}
      className="flex w-full flex-col rounded-xl border border-brand-cream-dark bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-bold text-brand-navy">
        {shingle.model}
      </h2>
      {tierLabel || shingle.shingleType ? (
        <p className="mt-3 flex flex-wrap gap-2">
          {tierLabel ? (
            <span className="inline-flex items-center rounded-md bg-brand-navy px-2 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">{shingle.priceTier}</span>
              <span className="sr-only">{tierLabel}</span>
            </span>
          ) : null}
          {shingle.shingleType ? (
            <span className="inline-flex items-center rounded-md bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
              {shingle.shingleType}
            </span>
          ) : null}
        </p>
      ) : null}
      <dl className="mt-4 flex-1">
        <Feature term="LayerLock technology">
          <TriStateMark value={shingle.layerLock} />
        </Feature>
        <Feature term="WindProven eligible">
          <TriStateMark value={shingle.windProven} />
        </Feature>
        <Feature term="Lifetime limited warranty">
          <TriStateMark value={shingle.lifetimeWarranty} />
        </Feature>
        <Feature term="Algae protection">
          <TextOrDash value={textOrNull(shingle.algaeProtectionClass)} />
        </Feature>
        <Feature term="Title 24 compliant">
          <TriStateMark value={shingle.title24Compliant} />
        </Feature>
      </dl>
      <p className="mt-4 border-t border-border pt-4">
        <a href={learnMoreUrl} data-learn-more className={gafLinkClass} target="_blank" rel="noopener noreferrer">
          Learn More<span className="sr-only"> about {shingle.model}</span>
          <ExternalLink className="size-4" aria-hidden="true" />
          <NewTabNote />
        </a>
      </p>
    </article>
  );
}
