import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { userRoles, type Role } from "~/db/schema";
import { hasAdminRights } from "./constants";
import { landingPathOf } from "./guards.server";

/** Where the account `userId` lands after signing in without a `redirectTo`: /admin, /portal or home. */
export async function landingPathForUser(userId: string): Promise<string> {
  const rows = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const roles: Role[] = rows.map((r) => r.role);
  return landingPathOf({ roles, isAdmin: hasAdminRights(roles) });
}
