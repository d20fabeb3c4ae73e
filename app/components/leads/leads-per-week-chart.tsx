import { formatDay } from "./format";

/**
 * New leads per week as a small SVG bar chart (no chart library), with the
 * same numbers in a visually hidden table for screen readers.
 */

export interface LeadsPerWeekChartProps {
  /** Oldest first; `weekStart` is the Monday, "YYYY-MM-DD". */
  weeks: ReadonlyArray<{ weekStart: string; count: number }>;
  className?: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const TOP = 20;
const BOTTOM = 28;

export function LeadsPerWeekChart({ weeks, className }: LeadsPerWeekChartProps) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const slot = WIDTH / Math.max(1, weeks.length);
  const barWidth = Math.max(4, slot * 0.6);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const labelEvery = weeks.length > 8 ? 2 : 1;
  return (
    <figure className={className} aria-labelledby="leads-per-week-title">
      <figcaption id="leads-per-week-title" className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg font-bold text-brand-navy">New leads per week</span>
        <span className="text-sm text-slate-600">
          {total} in the last {weeks.length} weeks
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-300" strokeWidth={1} />
        {weeks.map((week, i) => {
          const height = (week.count / max) * plotHeight;
          const x = i * slot + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - height;
          const last = i === weeks.length - 1;
          return (
            <g key={week.weekStart}>
              <rect x={x} y={y} width={barWidth} height={Math.max(height, week.count > 0 ? 2 : 0)} rx={3} className={last ? "fill-brand-red" : "fill-brand-navy"} />
              {week.count > 0 && (
                <text x={x + barWidth / 2} y={y - 5} textAnchor="middle" className="fill-slate-700 text-[11px] font-semibold">
                  {week.count}
                </text>
              )}
              {(i % labelEvery === (weeks.length - 1) % labelEvery || last) && (
                <text x={x + barWidth / 2} y={HEIGHT - 9} textAnchor="middle" className="fill-slate-500 text-[11px]">
                  {formatDay(week.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
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
    </figure>
  );
}
