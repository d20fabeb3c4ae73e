import { isIPv4, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { leadRateLimits } from "~/db/schema";
import { logger } from "~/lib/logger.server";

/**
 * The public form's per-client rate limit (QUALITY S21): at most
 * LEAD_RATE_LIMIT_PER_MINUTE requests per clock minute and
 * LEAD_RATE_LIMIT_PER_HOUR per clock hour from one client address. Counters
 * live in `lead_rate_limits` (one upsert per request, on the database's
 * clock), so the limit holds across instances and restarts. Every attempt
 * counts, including refused ones. The address comes from the
 * `x-app-client-ip` header the server sets (a client cannot choose it).
 */

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface WindowRow extends Record<string, unknown> {
  bucket: string;
  count: number;
  seconds_left: number | string;
}

/** Old rows are deleted now and then (about one request in 200). */
const CLEANUP_PROBABILITY = 1 / 200;

/**
 * Who a limit counts: an IPv4 address as it is; an IPv6 address by its /64 network, which one home or
 * server gets whole (rotating through it would otherwise make every post a new client); an IPv4 address
 * written as IPv6 (`::ffff:203.0.113.9`) as the IPv4 address.
 */
export function rateLimitClient(address: string | null): string {
  if (!address) return "unknown";
  if (!isIPv6(address)) return address.slice(0, 64);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export async function consumeLeadRateLimit(clientAddress: string | null): Promise<RateLimitDecision> {
  const { LEAD_RATE_LIMIT_PER_MINUTE: perMinute, LEAD_RATE_LIMIT_PER_HOUR: perHour } = config();
  if (perMinute === 0 && perHour === 0) return { allowed: true };
  const client = rateLimitClient(clientAddress);
  // One statement. Counters need no fsync before we answer: synchronous_commit is off for this
  // statement's own transaction (a crash may forget the last few counts, never corrupt them).
  const result = await db().execute<WindowRow>(sql`
    insert into ${leadRateLimits} as r (bucket, window_start, count)
    select v.bucket, v.window_start, 1
    from (values (${`m:${client}`}, date_trunc('minute', now())), (${`h:${client}`}, date_trunc('hour', now()))) as v(bucket, window_start),
      (select set_config('synchronous_commit', 'off', true)) as relaxed
    on conflict (bucket) do update set
      count = case when r.window_start = excluded.window_start then r.count + 1 else 1 end,
      window_start = excluded.window_start
    returning
      r.bucket,
      r.count,
      ceil(extract(epoch from (r.window_start + case when left(r.bucket, 1) = 'm' then interval '1 minute' else interval '1 hour' end - now())))::int as seconds_left
  `);
  if (Math.random() < CLEANUP_PROBABILITY) {
    db()
      .execute(sql`delete from ${leadRateLimits} where window_start < now() - interval '2 hours'`)
      .catch((error: unknown) => logger.warn({ err: error }, "could not clean up lead rate limits"));
  }
  let retryAfter = 0;
  for (const row of result.rows) {
    const limit = row.bucket.startsWith("m:") ? perMinute : perHour;
    if (limit > 0 && Number(row.count) > limit) retryAfter = Math.max(retryAfter, Math.max(1, Number(row.seconds_left)));
  }
  if (retryAfter > 0) {
    logger.warn({ client, retryAfterSeconds: retryAfter }, "inspection request refused: rate limit");
    return { allowed: false, retryAfterSeconds: retryAfter };
  }
  return { allowed: true };
}
