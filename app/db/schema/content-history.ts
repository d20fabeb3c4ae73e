import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Version history of the content staff edit (issue 12 item 4, ADR 029): one row per save of a service,
 * team member, page, content block, site setting, gallery project or the site configuration, holding the
 * values of the item's edit form after that save. Rows are only ever added (and the oldest beyond the
 * last 50 of an item removed); a restore adds a new row.
 */

export const HISTORY_KINDS = ["service", "team_member", "page", "block", "setting", "gallery_project", "site_configuration"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));

export const contentVersions = pgTable(
  "content_versions",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<HistoryKind>().notNull(),
    /** The item's id (uuid as text), or `site-configuration` for the one site configuration. */
    itemId: text().notNull(),
    /** 1, 2, 3... per item; never reused (the oldest rows are deleted, numbers go on). */
    number: integer().notNull(),
    /** The edit form's values after the save (field name -> text). */
    values: jsonb().$type<Record<string, string>>().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Who saved, as shown in the history ("Pat Lee (pat@example.com)", "Scheduled publishing"); kept when the user is deleted. */
    actorLabel: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("content_versions_kind_check", sql`${t.kind} in (${inList(HISTORY_KINDS)})`),
    check("content_versions_number_check", sql`${t.number} > 0`),
    unique("content_versions_item_number_key").on(t.kind, t.itemId, t.number),
  ],
);
