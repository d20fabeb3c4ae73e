import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/**
 * The dashboard's proposal figures (issue 30 item 7), over proposals first sent in the last `days` days:
 * how many were sent (a proposal number counts once, whatever its revisions), how many of those were
 * accepted (the rate: accepted / sent), the average accepted value (the server's totals as accepted), and
 * the median time from the inspection request to the first proposal sent.
 */
export interface ProposalStats {
  days: number;
  sent: number;
  accepted: number;
  /** null when none was sent. */
  acceptanceRate: number | null;
  averageAcceptedCents: number | null;
  /** Median hours from request to first proposal sent; null when none. */
  medianHoursToProposal: number | null;
}

export async function proposalStats(days = 90): Promise<ProposalStats> {
  const result = await db().execute<{ sent: string; accepted: string; average_cents: string | null; median_hours: string | null }>(sql`
    with firsts as (
      select p.proposal_number, min(p.sent_at) as first_sent, min(l.created_at) as requested
      from proposals p join leads l on l.id = p.lead_id
      where p.sent_at is not null
      group by p.proposal_number
      having min(p.sent_at) >= now() - make_interval(days => ${days})
    ),
    accepted as (
      select distinct on (p.proposal_number) p.proposal_number, a.total_cents
      from proposals p join proposal_acceptances a on a.proposal_id = p.id
      where p.proposal_number in (select proposal_number from firsts)
    )
    select
      (select count(*) from firsts)::text as sent,
      (select count(*) from accepted)::text as accepted,
      (select round(avg(total_cents))::text from accepted) as average_cents,
      (select (percentile_cont(0.5) within group (order by extract(epoch from first_sent - requested)) / 3600)::text from firsts) as median_hours
  `);
  const row = result.rows[0]!;
  const sent = Number(row.sent);
  const accepted = Number(row.accepted);
  return {
    days,
    sent,
    accepted,
    acceptanceRate: sent > 0 ? accepted / sent : null,
    averageAcceptedCents: row.average_cents === null ? null : Number(row.average_cents),
    medianHoursToProposal: row.median_hours === null ? null : Number(row.median_hours),
  };
}
