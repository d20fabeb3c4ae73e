import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Accounts, sessions and roles.
 *
 * `users`, `sessions`, `accounts`, `verifications` and `rateLimits` follow the
 * field names of better-auth 1.7's core schema, so its drizzle adapter
 * (`usePlural: true`, uuid ids) finds them by these export names. The profile
 * fields (firstName, lastName, status) live on `users` as better-auth
 * `additionalFields`; there is no separate profiles table.
 */

export const USER_STATUSES = ["pending", "approved", "rejected"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLES = ["admin", "customer", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
/** Roles a super admin may assign from the user screen (spec 1 §5). */
export const ASSIGNABLE_ROLES = ["admin", "customer"] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Always stored lowercased (enforced by a check). */
    email: text().notNull().unique("users_email_key"),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    status: text().$type<UserStatus>().notNull().default("pending"),
    /**
     * Set for accounts created with a one-time password (the first super
     * admin, `npm run create-admin`): the admin area sends them to
     * /auth/change-password until they chose their own.
     */
    mustChangePassword: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("users_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
    index("users_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique("sessions_token_key"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** Password hash of the credential provider; never the password itself. */
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("accounts_user_id_idx").on(t.userId),
    unique("accounts_provider_account_key").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's database rate-limit storage (`rateLimit.storage: "database"`). */
export const rateLimits = pgTable("rate_limits", {
  id: uuid().primaryKey().defaultRandom(),
  key: text().notNull().unique("rate_limits_key_key"),
  count: integer().notNull().default(0),
  /** Milliseconds since the epoch, as better-auth writes it. */
  lastRequest: bigint({ mode: "number" }).notNull().default(0),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<Role>().notNull(),
    assignedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_roles_role_check", sql`${t.role} in ('admin', 'customer', 'super_admin')`),
    unique("user_roles_user_role_key").on(t.userId, t.role),
  ],
);

/**
 * Security and admin audit trail (QUALITY S23): who, what, when (UTC), the
 * outcome. Never store secrets in `details`.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Kept even when the user row is later deleted. */
    actorEmail: text(),
    /** Dotted verb, e.g. `auth.sign_in`, `lead.update`, `user.role.assign`. */
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    outcome: text().$type<AuditOutcome>().notNull().default("success"),
    ipAddress: text(),
    userAgent: text(),
    requestId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check("audit_log_outcome_check", sql`${t.outcome} in ('success', 'failure', 'denied')`),
    index("audit_log_occurred_idx").on(t.occurredAt.desc().nullsFirst()),
    index("audit_log_actor_idx").on(t.actorUserId),
    index("audit_log_action_idx").on(t.action, t.occurredAt.desc().nullsFirst()),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
