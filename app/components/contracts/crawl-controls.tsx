import { useId, useState } from "react";
import { useSubmit } from "react-router";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import type { CrawlTarget } from "~/domain/contracts/crawls/types";

export const FILTER_FORM_ID = "contract-filters";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50";

function defaultConfigurationId(target: CrawlTarget | undefined): string {
  return (target?.configurations.find((c) => c.isDefault) ?? target?.configurations[0])?.id ?? "";
}

/**
 * Crawl Controls (spec 2 §2): the Source select (All Sources or one; it also
 * filters the list), the Configuration select (disabled until a source is
 * chosen; preselects the source's default, else its first) and Get Contracts
 * (disabled for All Sources and while that source is being crawled;
 * "Crawling..." while busy). Source belongs to the list's filter form too (a
 * GET form, so the view is in the URL); Get Contracts posts the chosen source
 * and configuration. The Search box is the filter form's (it searches the
 * list, it does not choose what to crawl).
 *
 * The Source select lists every source, so that the contracts of a source
 * switched off (ADR 027: deactivated, not deleted) can still be filtered; such
 * a source reads "(inactive)" and cannot be crawled.
 */
export function CrawlControls({
  targets,
  sources,
  sourceSlug,
  crawlingSourceIds,
}: {
  /** The active sources with their search configurations: what can be crawled. */
  targets: CrawlTarget[];
  /** Every source, active or not, in the list's order: what the list can be filtered by. */
  sources: ReadonlyArray<{ name: string; slug: string }>;
  /** The source chosen in the URL (its slug), or "" for All Sources. */
  sourceSlug: string;
  /** Sources with a crawl running now. */
  crawlingSourceIds: ReadonlySet<string>;
}) {
  const id = useId();
  const submit = useSubmit();
  const target = targets.find((t) => t.slug === sourceSlug);
  const inactive = sourceSlug !== "" && !target;
  const crawlable = new Set(targets.map((t) => t.slug));
  // The configuration chosen by hand stays chosen while the page's data reloads (a bookmark, a crawl's
  // end); the source's default is taken when nothing was chosen for this source or the choice is gone.
  const [chosen, setChosen] = useState<{ sourceId: string; configurationId: string } | null>(null);
  const configurationId =
    target && chosen?.sourceId === target.id && target.configurations.some((c) => c.id === chosen.configurationId)
      ? chosen.configurationId
      : defaultConfigurationId(target);
  const { fetcher, pending } = useAdminAction();
  const crawling = pending || (target ? crawlingSourceIds.has(target.id) : false);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-navy">
        Crawl Controls
      </h2>
      <div className="grid items-end gap-4 md:grid-cols-[1fr_1fr_auto]">
        <div className="grid gap-1">
          <label htmlFor={`${id}-source`} className="text-sm font-medium">
            Source
          </label>
          <select
            id={`${id}-source`}
            name="source"
            form={FILTER_FORM_ID}
            defaultValue={sourceSlug}
            key={sourceSlug}
            className={selectClass}
            onChange={(event) => {
              const form = event.currentTarget.form;
              if (form) void submit(form);
            }}
          >
            <option value="">All Sources</option>
            {sources.map((source) => (
              <option key={source.slug} value={source.slug}>
                {crawlable.has(source.slug) ? source.name : `${source.name} (inactive)`}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-configuration`} className="text-sm font-medium">
            Configuration
          </label>
          <select
            id={`${id}-configuration`}
            name="searchConfigId"
            form={`${id}-crawl`}
            value={configurationId}
            disabled={!target}
            onChange={(event) => target && setChosen({ sourceId: target.id, configurationId: event.currentTarget.value })}
            className={selectClass}
          >
            {inactive ? <option value="">Source is inactive</option> : null}
            {!target && !inactive ? <option value="">Choose a source first</option> : null}
            {target && target.configurations.length === 0 ? <option value="">No configurations</option> : null}
            {target?.configurations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.isDefault ? " (default)" : ""}
              </option>
            ))}
          </select>
        </div>
        <fetcher.Form method="post" id={`${id}-crawl`}>
          <input type="hidden" name="intent" value="start-crawl" />
          <input type="hidden" name="sourceId" value={target?.id ?? ""} />
          <Button type="submit" disabled={!target || crawling}>
            {crawling ? "Crawling..." : "Get Contracts"}
          </Button>
        </fetcher.Form>
      </div>
      {inactive ? (
        <p className="text-sm text-slate-600">This source is inactive: activate it under Sources to crawl it.</p>
      ) : !target ? (
        <p className="text-sm text-slate-600">Choose a source to crawl it.</p>
      ) : null}
    </section>
  );
}
