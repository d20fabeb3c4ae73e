import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCategories, contractOpportunities, contractSources } from "~/db/schema";

export interface ContractFilterOptions {
  sources: Array<{ name: string; slug: string }>;
  categories: Array<{ name: string; slug: string }>;
  /** The states of the active contracts, A to Z. */
  states: string[];
}

/** What the list's filter controls offer: every source and category, and the states that occur. */
export async function listContractFilterOptions(): Promise<ContractFilterOptions> {
  const [sources, categories, states] = await Promise.all([
    db().select({ name: contractSources.name, slug: contractSources.slug }).from(contractSources).orderBy(asc(contractSources.sortOrder), asc(contractSources.name)),
    db().select({ name: contractCategories.name, slug: contractCategories.slug }).from(contractCategories).orderBy(asc(contractCategories.sortOrder), asc(contractCategories.name)),
    db()
      .selectDistinct({ state: contractOpportunities.locationState })
      .from(contractOpportunities)
      .where(and(eq(contractOpportunities.isActive, true), isNotNull(contractOpportunities.locationState)))
      .orderBy(asc(contractOpportunities.locationState)),
  ]);
  return { sources, categories, states: states.map((s) => s.state).filter((s): s is string => s !== null) };
}
