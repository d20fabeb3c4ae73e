import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { RateLimitConfig } from "~/db/schema";
import { CrawlFetchError } from "./errors";

/**
 * Politeness per host, kept in PostgreSQL so it holds across every worker and
 * instance (ADR 022). Before each request, acquireHostSlot():
 *
 * - waits while another request to the host is in flight (a lease, expiring
 *   after `leaseMs` so a dead worker cannot hold it);
 * - waits until `delayBetweenRequestsMs` (+ a small margin for the time
 *   between taking the slot and the request reaching the server) has passed
 *   since the last request to the host started;
 * - waits while `requestsPerMinute` / `requestsPerHour` requests to the host
 *   started in the last minute / hour;
 * then records the start and holds the lease until release().
 *
 * The decision is taken under a transaction-scoped advisory lock on the host,
 * with the database's clock, so two instances never both get the slot.
 */

/**
 * Added to the delay: the slot is taken a moment before the request reaches the server, and the
 * server may note a request late when it is busy; the limit is about what the server sees.
 */
const SPACING_MARGIN_MS = 100;
/** A waiting worker looks again at least this often (a lease may be released early). */
const POLL_MS = 250;

export interface HostSlot {
  release(): Promise<void>;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** How long the lease lasts if never released (longer than any one request). */
  leaseMs: number;
  /** Give up (CrawlFetchError "rate-limit-wait") rather than wait longer than this in all. */
  maxWaitMs: number;
}

function hostKey(url: URL): string {
  return url.host.toLowerCase();
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

interface Decision {
  token: string | null;
  waitMs: number;
}

async function tryAcquire(host: string, limits: RateLimitConfig, leaseMs: number): Promise<Decision> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crawl_host_slots'), hashtext(${host}))`);
    await tx.execute(sql`insert into crawl_host_slots (host) values (${host}) on conflict (host) do nothing`);
    const perMinute = Math.max(1, limits.requestsPerMinute);
    const perHour = Math.max(1, limits.requestsPerHour);
    const delay = Math.max(0, limits.delayBetweenRequestsMs) + SPACING_MARGIN_MS;
    const result = await tx.execute<{ wait_ms: string | number }>(sql`
      with slot as (
        select lease_token, lease_expires_at, last_started_at, clock_timestamp() as now
        from crawl_host_slots where host = ${host}
      ),
      recent as (
        select started_at from crawl_host_requests
        where host = ${host} and started_at > (select now from slot) - interval '1 hour'
      )
      select greatest(
        0,
        case when s.lease_token is not null and s.lease_expires_at > s.now
          then least(${POLL_MS}, extract(epoch from (s.lease_expires_at - s.now)) * 1000) else 0 end,
        coalesce(extract(epoch from (s.last_started_at + make_interval(secs => ${delay} / 1000.0) - s.now)) * 1000, 0),
        coalesce((select extract(epoch from (started_at + interval '1 minute' - s.now)) * 1000
                  from recent where started_at > s.now - interval '1 minute'
                  order by started_at desc offset ${perMinute - 1} limit 1), 0),
        coalesce((select extract(epoch from (started_at + interval '1 hour' - s.now)) * 1000
                  from recent order by started_at desc offset ${perHour - 1} limit 1), 0)
      ) as wait_ms
      from slot s
    `);
    const waitMs = Math.ceil(Number(result.rows[0]?.wait_ms ?? 0));
    if (waitMs > 0) return { token: null, waitMs };
    const token = randomUUID();
    await tx.execute(sql`
      update crawl_host_slots
      set lease_token = ${token}, lease_expires_at = clock_timestamp() + make_interval(secs => ${leaseMs} / 1000.0),
          last_started_at = clock_timestamp()
      where host = ${host}
    `);
    await tx.execute(sql`insert into crawl_host_requests (host, started_at) values (${host}, clock_timestamp())`);
    await tx.execute(sql`delete from crawl_host_requests where host = ${host} and started_at < clock_timestamp() - interval '1 hour 5 minutes'`);
    return { token, waitMs: 0 };
  });
}

/** Waits for the host's slot (see above) and takes it. */
export async function acquireHostSlot(url: URL, limits: RateLimitConfig, options: AcquireOptions): Promise<HostSlot> {
  const host = hostKey(url);
  const deadline = Date.now() + options.maxWaitMs;
  // Bounded: every pass either returns, sleeps at least 1 ms towards the deadline, or throws.
  for (;;) {
    options.signal?.throwIfAborted();
    const decision = await tryAcquire(host, limits, options.leaseMs);
    if (decision.token) {
      const token = decision.token;
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await db().execute(sql`
            update crawl_host_slots set lease_token = null, lease_expires_at = null
            where host = ${host} and lease_token = ${token}
          `);
        },
      };
    }
    if (Date.now() + decision.waitMs > deadline) {
      throw new CrawlFetchError(
        "rate-limit-wait",
        `the rate limit of ${host} would need a wait of ${Math.round(decision.waitMs / 1000)} s, more than this crawl may wait`,
        url.href,
      );
    }
    await sleep(Math.max(1, Math.min(decision.waitMs, POLL_MS * 4)), options.signal);
  }
}
