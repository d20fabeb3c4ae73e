import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { COMPANY_TIME_ZONE } from "~/lib/zoned-time";

/** New leads per calendar week (Monday to Sunday, central Ohio time), the last `weeks` weeks, oldest first. */

export interface WeekCount {
  /** Monday of the week, "YYYY-MM-DD". */
  weekStart: string;
  count: number;
}

export async function leadsPerWeek({ weeks = 12 }: { weeks?: number } = {}): Promise<WeekCount[]> {
  const span = Math.min(Math.max(Math.trunc(weeks), 1), 104);
  const result = await db().execute<{ week_start: string; count: number }>(sql`
    with weeks as (
      select generate_series(
        date_trunc('week', now() at time zone ${COMPANY_TIME_ZONE}) - make_interval(weeks => ${span - 1}),
        date_trunc('week', now() at time zone ${COMPANY_TIME_ZONE}),
        interval '1 week'
      ) as week_start
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start, count(l.id)::int as count
    from weeks w
    left join ${leads} l
      on l.created_at >= (w.week_start at time zone ${COMPANY_TIME_ZONE})
     and l.created_at < ((w.week_start + interval '1 week') at time zone ${COMPANY_TIME_ZONE})
    group by w.week_start
    order by w.week_start
  `);
  return result.rows.map((r) => ({ weekStart: r.week_start, count: Number(r.count) }));
}
