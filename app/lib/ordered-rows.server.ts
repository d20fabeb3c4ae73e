import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbTransaction } from "~/db/client.server";
import { firstFreeSlug } from "./slug";

/**
 * Helpers for a content list that staff order by hand and whose rows have a
 * unique slug (cms_services, cms_team_members...): every such table has
 * `id` (uuid), `slug`, `sort_order` and `updated_at`. All of them run inside
 * the admin action's transaction; `lockList` first serialises the changes
 * of one list's order (adds, deletes, reorders), so two staff members adding
 * at once get two places and two slugs.
 */

const name = (table: PgTable) => sql.identifier(getTableName(table));

/** Serialises changes to the order (and slugs) of `table` until the transaction ends. */
export async function lockList(tx: DbTransaction, table: PgTable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ordered-list:${getTableName(table)}`}))`);
}

/**
 * The place of a new row: the number of rows plus one (spec 2 §7), or after
 * the last place when rows were given places beyond that elsewhere (a gap
 * left by a database console), so a new row never shares a place.
 */
export async function nextSortOrder(tx: DbTransaction, table: PgTable): Promise<number> {
  const { rows } = await tx.execute<{ next: number }>(
    sql`select (greatest(count(*), coalesce(max(sort_order), 0)) + 1)::int as next from ${name(table)}`,
  );
  return rows[0]!.next;
}

/** `base`, or `base-2`, `base-3`... whichever is free in `table`. */
export async function freeSlug(tx: DbTransaction, table: PgTable, base: string): Promise<string> {
  // Slugs hold only a-z, 0-9 and "-": no LIKE wildcard to escape.
  const { rows } = await tx.execute<{ slug: string }>(
    sql`select slug from ${name(table)} where slug = ${base} or slug like ${`${base}-%`}`,
  );
  return firstFreeSlug(base, new Set(rows.map((row) => row.slug)));
}

/** Every id of `table` in list order (sort_order, then the SQL column `tieBreak`, e.g. "title"), locked for this transaction. */
export async function orderedIds(tx: DbTransaction, table: PgTable, tieBreak: string): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id::text as id from ${name(table)} order by sort_order, ${sql.identifier(tieBreak)}, id for update`,
  );
  return rows.map((row) => row.id);
}

/** Gives the rows places 1..n in the order of `ids` (rows whose place changes get a new updated_at). */
export async function applyOrder(tx: DbTransaction, table: PgTable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${name(table)} as t
       set sort_order = o.place, updated_at = now()
      from unnest(array[${list}]::uuid[]) with ordinality as o(id, place)
     where t.id = o.id and t.sort_order is distinct from o.place`);
}

/** Closes the gaps in the order (places 1..n, same order), e.g. after a delete; updated_at stays. */
export async function compactOrder(tx: DbTransaction, table: PgTable, tieBreak: string): Promise<void> {
  await tx.execute(sql`
    update ${name(table)} as t
       set sort_order = o.place
      from (select id, row_number() over (order by sort_order, ${sql.identifier(tieBreak)}, id)::int as place from ${name(table)}) as o
     where t.id = o.id and t.sort_order <> o.place`);
}

/**
 * Which row a new order moved, for the audit entry: the one row whose
 * removal makes the old and new orders equal (a Move up / Move down or a
 * drag), else the first row whose place changed. Null when nothing moved.
 */
export function movedId(before: readonly string[], after: readonly string[]): string | null {
  let first = 0;
  while (first < after.length && before[first] === after[first]) first += 1;
  if (first === after.length) return null;
  let last = after.length - 1;
  while (last > first && before[last] === after[last]) last -= 1;
  const without = (list: readonly string[], id: string) => list.filter((x) => x !== id).join(",");
  for (const candidate of [after[first]!, after[last]!]) {
    if (without(before, candidate) === without(after, candidate)) return candidate;
  }
  return after[first]!;
}
