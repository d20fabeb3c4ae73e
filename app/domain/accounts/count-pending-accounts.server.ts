import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";

/** How many accounts wait for a super admin's approval (the dashboard's User Management card). */
export async function countPendingAccounts(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users).where(eq(users.status, "pending"));
  return row?.n ?? 0;
}
