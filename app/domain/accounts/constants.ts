import type { AssignableRole, Role, UserStatus } from "~/db/schema/accounts";

/** The account types routes and components use (they import nothing from ~/db/ themselves). */
export type { AssignableRole, Role, UserStatus };

/**
 * Account constants that browser code may import (no server modules here:
 * the table definitions stay out of the client bundle). validation.ts and the
 * tests check them against app/db/schema/accounts.ts.
 */

/** Both in characters (code points) as a person counts them: an emoji is one (password-policy.server.ts). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The most UTF-16 units a password of PASSWORD_MAX_LENGTH characters can take: the `maxLength` of
 * the password inputs (a browser counts units there) and better-auth's own limit, so that neither
 * refuses the 128 emoji that the policy accepts.
 */
export const PASSWORD_MAX_UTF16_LENGTH = PASSWORD_MAX_LENGTH * 2;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const STATUS_OPTIONS = ["pending", "approved", "rejected"] as const satisfies readonly UserStatus[];
export const ASSIGNABLE_ROLE_OPTIONS = ["admin", "customer"] as const satisfies readonly AssignableRole[];

export const STATUS_LABELS: Record<UserStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

/** Admin rights: role admin or super_admin (spec 1 §6). */
export function hasAdminRights(roles: readonly Role[]): boolean {
  return roles.includes("admin") || roles.includes("super_admin");
}

/** Super-admin rights: only role super_admin (spec 1 §6). */
export function hasSuperAdminRights(roles: readonly Role[]): boolean {
  return roles.includes("super_admin");
}
