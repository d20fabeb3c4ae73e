import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Small key/value facts about the database itself, e.g. `seed_version`
 * (written by the seed runner so it applies its content only once).
 */
export const appMeta = pgTable("app_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type AppMeta = typeof appMeta.$inferSelect;
