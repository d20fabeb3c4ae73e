import { cn } from "~/lib/cn";
import { formatDay } from "./format";

/**
 * New leads per week as a small bar chart (no chart library), with the same
 * numbers in a visually hidden table for screen readers.
 *
 * Bars and labels are HTML boxes, not a scaled SVG: the labels keep their
 * size at any width (a viewBox scaled them to ~6 px on a phone, issue 23).
 * A phone labels every third week, wider screens every other one when there
 * are more than eight. Columns are w-0 flex-1: equal shares that never widen
 * the page (a label wider than its share overflows into its unlabelled
 * neighbours). The hidden table sits in a visually hidden box: a
 * table ignores a 1 px height, and an absolutely placed one ran ~280 px past
 * the end of the dashboard.
 */

export interface LeadsPerWeekChartProps {
  /** Oldest first; `weekStart` is the Monday, "YYYY-MM-DD". */
  weeks: ReadonlyArray<{ weekStart: string; count: number }>;
  className?: string;
}

/** Whether week `i` of `n` gets a label when every `every`-th one does, counted back from the latest (always labelled). */
function labelled(i: number, n: number, every: number): boolean {
  return (n - 1 - i) % every === 0;
}

export function LeadsPerWeekChart({ weeks, className }: LeadsPerWeekChartProps) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const wideEvery = weeks.length > 8 ? 2 : 1;
  const phoneEvery = weeks.length > 6 ? 3 : wideEvery;
  return (
    <figure className={className} aria-labelledby="leads-per-week-title">
      <figcaption id="leads-per-week-title" className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg font-bold text-brand-navy">New leads per week</span>
        <span className="text-sm text-slate-600">
          {total} in the last {weeks.length} weeks
        </span>
      </figcaption>
      <div aria-hidden="true" data-chart="leads-per-week">
        <div className="flex h-40 items-end gap-1 border-b border-slate-300 pt-5 sm:gap-2">
          {weeks.map((week, i) => {
            const last = i === weeks.length - 1;
            return (
              <div key={week.weekStart} className="flex h-full w-0 flex-1 flex-col items-center justify-end">
                {week.count > 0 && <span className="mb-1 text-xs font-semibold text-slate-700">{week.count}</span>}
                <div
                  data-bar
                  className={cn("w-3/5 rounded-t-[3px]", last ? "bg-brand-red" : "bg-brand-navy")}
                  style={{ height: week.count > 0 ? `max(2px, ${(week.count / max) * 100}%)` : 0 }}
                />
              </div>
            );
          })}
        </div>
        <div className="flex gap-1 pt-1.5 sm:gap-2">
          {weeks.map((week, i) => (
            <span
              key={week.weekStart}
              className={cn(
                "flex w-0 flex-1 justify-center overflow-visible text-xs whitespace-nowrap text-slate-600",
                !labelled(i, weeks.length, phoneEvery) && "max-sm:invisible",
                !labelled(i, weeks.length, wideEvery) && "sm:invisible",
              )}
            >
              {formatDay(week.weekStart)}
            </span>
          ))}
        </div>
      </div>
      <div className="sr-only">
        <table>
          <caption>New leads per week, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">New leads</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{formatDay(week.weekStart)}</td>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
