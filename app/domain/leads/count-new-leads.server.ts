import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";

/** How many leads are still in the pipeline's "new" status (the dashboard's Lead Management card; an indexed count). */
export async function countNewLeads(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(leads).where(eq(leads.pipelineStatus, "new"));
  return row?.n ?? 0;
}
