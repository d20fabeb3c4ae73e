import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractOpportunities } from "~/db/schema";

/** Whether any active contract exists ("No contracts have been crawled yet", Export CSV disabled). */
export async function hasAnyContracts(): Promise<boolean> {
  const rows = await db().select({ id: contractOpportunities.id }).from(contractOpportunities).where(eq(contractOpportunities.isActive, true)).limit(1);
  return rows.length > 0;
}
